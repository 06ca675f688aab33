// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nProvider } from '../../../lib/i18n-react.tsx';
import { ANNOUNCER_ID, Announcer } from '../../../lib/a11y/announcer.tsx';
import type { PublicRelease, ReleaseRequest } from '../api/releases.ts';
import { initI18n } from '../test-fake-api.tsx';
import { ReleasePanel } from './ReleasePanel.tsx';
import { ReleaseRequestControl } from './ReleaseRequestControl.tsx';

/**
 * The release minute (issue 25): the countdown (live, read out only at milestones, one timer),
 * the hash before and the seed after, the requests used, a visitor's log in, and each state of
 * a request and of the Request a place control. Instants come from the test's clock.
 */
beforeAll(initI18n);
const S = 1000;
const M = 60 * S;
let now: number;
beforeEach(() => {
  // A whole second of the clock, so the countdown reads whole seconds from it.
  now = Math.floor(Date.now() / S) * S;
  vi.useFakeTimers({ now, toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const HASH = 'ab12cd34'.repeat(8);
const SEED = '9f8e7d6c'.repeat(8);
const releaseIn = (ms: number, over: Partial<PublicRelease> = {}): PublicRelease => ({
  venueId: 1,
  date: new Date(now + 86_400_000).toISOString().slice(0, 10),
  releaseAt: new Date(now + ms).toISOString(),
  requestsOpenAt: new Date(now + ms - 10 * M).toISOString(),
  seedHash: HASH,
  seed: null,
  drawn: false,
  ...over,
});
const request = (over: Partial<ReleaseRequest>): ReleaseRequest => ({
  id: 7,
  status: 'waiting',
  occurrenceId: 11,
  purchasedForUserId: 51,
  position: null,
  reason: null,
  releaseAt: new Date(now).toISOString(),
  seedHash: HASH,
  seed: null,
  ...over,
});
const wrap = (node: ReactNode) =>
  render(
    <I18nProvider i18n={i18next}>
      <MemoryRouter>
        <Announcer />
        {node}
      </MemoryRouter>
    </I18nProvider>,
  );
const panel = (release: PublicRelease, { isSignedIn = true, requests = [] as ReleaseRequest[], onLogIn = () => {} } = {}) =>
  wrap(
    <ReleasePanel
      release={release}
      timeZone="UTC"
      isSignedIn={isSignedIn}
      requests={requests}
      describe={() => ({ what: 'Hatha Yoga, 09:00', personName: null })}
      basketHref="/basket"
      onLogIn={onLogIn}
    />,
  );
/** What the polite announcer says (it fills its region 100 ms after being asked). */
const announced = () => {
  act(() => vi.advanceTimersByTime(100));
  return document.getElementById(ANNOUNCER_ID)!.textContent;
};
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('the countdown', () => {
  it("ticks each second ('Opens in 9 min 12 s'), says the minutes once as they pass, and 'Released' at the instant", () => {
    panel(releaseIn(5 * M + 3 * S));
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toContain('Opens in 5 min 3 s');
    // A timer is not a live region: a screen reader is not told every second.
    expect(timer.getAttribute('aria-live')).toBeNull();
    tick(S);
    expect(timer.textContent).toContain('Opens in 5 min 2 s');
    expect(announced()).toBe('');
    tick(3 * S + 150);
    expect(timer.textContent).toContain('Opens in 4 min 59 s');
    expect(announced()).toBe('5 minutes until this day is released at ' + new Date(now + 5 * M + 3 * S).toISOString().slice(11, 16) + '.');
    tick(4 * M);
    expect(timer.textContent).toContain('Opens in 59 s');
    expect(announced()).toMatch(/^1 minute until this day is released/);
    tick(59 * S);
    expect(timer.textContent).toContain('Released');
    expect(announced()).toBe('This day has been released. The draw is deciding the requests.');
    expect(screen.getByTestId('release-line').textContent).toContain('The draw is deciding the requests.');
  });

  it('runs one timer for the page, and stops it when the panel goes', () => {
    const timers = () => vi.getTimerCount();
    const before = timers();
    const { unmount } = panel(releaseIn(3 * 3600 * S));
    expect(screen.getByRole('timer').textContent).toContain('Opens in 3 h 0 min');
    expect(timers() - before).toBe(1);
    unmount();
    expect(timers()).toBe(before);
  });
});

describe('the panel', () => {
  it('before the window: when requests open, 0 of 2 used, the committed hash short with the full value and How the draw works', () => {
    panel(releaseIn(25 * M));
    expect(screen.getByTestId('release-line').textContent).toContain(`Requests open at ${new Date(now + 15 * M).toISOString().slice(11, 16)}, 10 minutes before the release.`);
    expect(screen.getByTestId('release-used').textContent).toContain('0 of 2 requests used');
    expect(screen.getByTestId('release-hash-short').textContent).toContain('ab12cd34…cd34 (show in full)');
    expect(screen.getByTestId('release-hash').textContent).toContain(HASH);
    expect(screen.queryByTestId('release-seed')).toBeNull();
    expect(screen.getByText('How the draw works')).toBeTruthy();
    // Inside the window the line changes by itself (the shared clock).
    tick(15 * M);
    expect(screen.getByTestId('release-line').textContent).toContain('Ask for up to 2 places now.');
  });

  it('a visitor sees the countdown and Log in to request a place', () => {
    const onLogIn = vi.fn();
    panel(releaseIn(5 * M), { isSignedIn: false, onLogIn });
    expect(screen.getByRole('timer')).toBeTruthy();
    expect(screen.queryByTestId('release-used')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Log in to request a place' }));
    expect(onLogIn).toHaveBeenCalledOnce();
  });

  it('after the draw: the seed beside its hash, and each request in its state (granted links to the basket)', () => {
    const requests = [
      request({ id: 1, status: 'granted' }),
      request({ id: 2, status: 'waitlisted', position: 3 }),
    ];
    panel(releaseIn(-M, { drawn: true, seed: SEED }), { requests });
    expect(screen.getByRole('timer').textContent).toContain('Released');
    expect(screen.getByTestId('release-seed').textContent).toContain(SEED);
    expect(screen.getByTestId('release-hash').textContent).toContain(HASH);
    expect(screen.getByTestId('release-used').textContent).toContain('2 of 2 requests used');
    const states = screen.getAllByTestId('release-request-status');
    expect(states.map((s) => s.dataset.status)).toEqual(['granted', 'waitlisted']);
    expect(states[0]!.textContent).toContain('Held in your basket');
    expect(within(states[0]!).getByRole('link', { name: 'Go to basket' }).getAttribute('href')).toBe('/basket');
    expect(states[1]!.textContent).toContain('On the waitlist, position 3');
    expect(screen.getByTestId('release-line').textContent).toContain('The draw has been made.');
  });
});

describe('Request a place', () => {
  const control = (over: Partial<Parameters<typeof ReleaseRequestControl>[0]> = {}) => {
    const onRequest = vi.fn();
    wrap(
      <ReleaseRequestControl
        request={undefined}
        isWindowOpen
        opensTime="21:50"
        isBusy={false}
        error={null}
        personName={null}
        basketHref="/basket"
        describedBy="what"
        onRequest={onRequest}
        {...over}
      />,
    );
    return onRequest;
  };

  it('before the window says when requests open and does nothing when pressed', () => {
    const onRequest = control({ isWindowOpen: false });
    const button = screen.getByTestId('release-request');
    expect(button.textContent).toBe('Requests open at 21:50');
    expect(button.getAttribute('aria-label')).toBeNull();
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    expect(onRequest).not.toHaveBeenCalled();
  });

  it("inside it asks; the server's refusal is shown as written and described on the button", () => {
    const onRequest = control({ error: 'You can make 2 requests for each day that is released.' });
    const button = screen.getByRole('button', { name: 'Request a place' });
    fireEvent.click(button);
    expect(onRequest).toHaveBeenCalledOnce();
    expect(screen.getByRole('alert').textContent).toContain('You can make 2 requests for each day that is released.');
    expect(button.getAttribute('aria-describedby')).toContain('what-release-error');
  });

  it('while sending stays in place, aria-disabled', () => {
    const onRequest = control({ isBusy: true });
    const button = screen.getByTestId('release-request');
    expect(button.textContent).toContain('Sending request…');
    fireEvent.click(button);
    expect(onRequest).not.toHaveBeenCalled();
  });

  it.each([
    [{ status: 'waiting' }, 'In the draw'],
    [{ status: 'granted' }, 'Held in your basket Go to basket'],
    [{ status: 'waitlisted', position: 1 }, 'On the waitlist, position 1'],
    [{ status: 'refused', reason: 'This session is full.' }, 'Not granted: This session is full.'],
  ] as const)('once asked shows its state: %o', (made, text) => {
    control({ request: request(made), personName: 'Sam Morgan' });
    expect(screen.queryByTestId('release-request')).toBeNull();
    expect(screen.getByTestId('release-request-status').textContent).toContain(`For Sam Morgan${text}`);
  });
});
