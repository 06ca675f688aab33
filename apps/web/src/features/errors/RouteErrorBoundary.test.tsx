// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { I18nProvider } from '../../lib/i18n-react.tsx';
import { MemoryRouter } from 'react-router';
import { RouteNotFoundError } from '../../lib/route-info.ts';
import common from '../../../public/locales/en-GB/common.json';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';
import { ChunkLoadError, loadChunk } from './chunk-load.ts';
import '../../lib/testing/async-timeout.ts';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ lng: 'en-GB', resources: { 'en-GB': { common } }, defaultNS: 'common' });
});
afterEach(cleanup);

const Broken = () => {
  throw new Error('a bug in a screen');
};

describe('RouteErrorBoundary', () => {
  it('shows the full-page error for an unexpected rendering error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <I18nProvider i18n={i18n}>
        <MemoryRouter>
          <RouteErrorBoundary>
            <Broken />
          </RouteErrorBoundary>
        </MemoryRouter>
      </I18nProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'We may have dropped the ball on this one.' })).not.toBeNull();
    expect(screen.getByText('The page failed to load correctly. Try refreshing the page or return to the home page.')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Go home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('button', { name: 'Reload page' })).not.toBeNull();
  });
});

describe('RouteErrorBoundary with a route that reports not found', () => {
  it('shows the not-found page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Missing = () => {
      throw new RouteNotFoundError();
    };
    render(
      <I18nProvider i18n={i18n}>
        <MemoryRouter>
          <RouteErrorBoundary>
            <Missing />
          </RouteErrorBoundary>
        </MemoryRouter>
      </I18nProvider>,
    );
    expect(await screen.findByRole('heading', { name: "Whoops! Looks like you've gone offside." })).not.toBeNull();
  });
});

describe('loadChunk (spec §8, §9: ChunkLoadError after a 120 s time-out)', () => {
  it('fails with ChunkLoadError when the chunk has not arrived after 120000 ms', async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise<never>(() => {}));
    const settled = pending.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(119_999);
    await vi.advanceTimersByTimeAsync(1);
    const error = await settled;
    expect(error).toBeInstanceOf(ChunkLoadError);
    vi.useRealTimers();
  });

  it('turns a failed dynamic import into a ChunkLoadError and passes other errors through', async () => {
    await expect(loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')))).rejects.toBeInstanceOf(ChunkLoadError);
    const other = new Error('boom');
    await expect(loadChunk(() => Promise.reject(other))).rejects.toBe(other);
  });
});
