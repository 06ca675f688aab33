// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nProvider } from '../../lib/i18n-react.tsx';
import { KioskCardReader } from './KioskCardReader.tsx';
import KioskIdle, { READER_PAUSE_MAX_MS, type WatchIdle } from './KioskIdle.tsx';
import { useKioskReader, useKioskSession } from './kiosk-session.ts';
import type { KioskTerminalPayment } from './api.ts';

/**
 * The idle return waits while a payment waits at the card reader (docs/kiosk.md "Idle"): the
 * customer is at the reader, not touching the screen. The reader's screen with its real polling
 * (only fetch is replaced) beside the 'Still there?' dialog; the idle timer is the shell's shape
 * (warn 15 s before the 90 s, then the idle return), counted here instead of logging out.
 */
const locales = path.resolve(import.meta.dirname, '../../../public/locales/en-GB');
const ns = (name: string) => JSON.parse(fs.readFileSync(path.join(locales, `${name}.json`), 'utf8')) as Record<string, unknown>;

beforeAll(async () => {
  await i18next.init({ lng: 'en-GB', resources: { 'en-GB': { common: ns('common'), kiosk: ns('kiosk') } }, defaultNS: 'common', interpolation: { escapeValue: false } });
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});

const IDLE_MS = 90_000;
const WARN_MS = 15_000;
let idleReturns: number;
/** The shell's timer, as KioskIdle is given it: 'Still there?' at 75 s, the idle return at 90 s. */
const watch: WatchIdle = (_onIdle, onWarn) => {
  const idleAt = Date.now() + IDLE_MS;
  const warn = window.setTimeout(() => onWarn(idleAt), IDLE_MS - WARN_MS);
  const idle = window.setTimeout(() => (idleReturns += 1), IDLE_MS);
  return () => {
    window.clearTimeout(warn);
    window.clearTimeout(idle);
  };
};

/** What the reader answers when asked: 'waiting' until told otherwise; `hang` never answers (the server lost). */
let readerStatus: 'waiting' | 'completed' | 'hang';
const PAYMENT: KioskTerminalPayment = { id: 'a1b2c3d4-0000-4000-8000-000000000001', status: 'waiting', amount: { raw: 450, formatted: '£4.50' }, terminalId: 'SIM-0001', terminalReference: null, message: null, order: null };

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  idleReturns = 0;
  readerStatus = 'waiting';
  useKioskSession.setState({ customer: null });
  useKioskReader.setState({ waiting: false });
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    if (!String(input).startsWith('/api/kiosk/terminal-payments/')) return Promise.resolve(new Response('{}', { status: 404 }));
    if (readerStatus === 'hang') return new Promise<Response>(() => undefined);
    const status = String(input).endsWith('/cancel') ? 'cancelled' : readerStatus;
    const data = { ...PAYMENT, terminal_id: PAYMENT.terminalId, status, terminal_reference: status === 'completed' ? 'SIM-0001 AUTH 123456' : null, order: status === 'completed' ? { complete_order_id: 'o1', reference: 'BK-1' } : null };
    return Promise.resolve(new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } }));
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const stillThere = () => screen.queryByRole('heading', { name: 'Still there?', hidden: true });
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** The kiosk with the idle dialog and, when `reader`, the card reader's waiting screen. */
const Kiosk = ({ reader, onResult = () => undefined }: { reader: boolean; onResult?: (p: unknown) => void }) => (
  <I18nProvider i18n={i18next}>
    <KioskIdle exitUrl="/kiosk?kiosk=true" watch={watch} />
    {reader && <KioskCardReader payment={PAYMENT} onResult={onResult} />}
  </I18nProvider>
);

describe('the idle return and the card reader', () => {
  it("neither warns nor returns while the payment waits at the reader; counts the whole 90 s again once it ends", async () => {
    const results: unknown[] = [];
    render(<Kiosk reader onResult={(p) => results.push(p)} />);
    await advance(IDLE_MS + 30_000);
    expect(stillThere()).toBeNull();
    expect(idleReturns).toBe(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Insert, tap or swipe your card on the card reader' })).toBeTruthy();

    // The card goes through: the payment is over, and the 90 s start from here.
    readerStatus = 'completed';
    await advance(1500);
    expect(results).toEqual([expect.objectContaining({ status: 'completed' })]);
    expect(useKioskReader.getState().waiting).toBe(false);
    await advance(IDLE_MS - WARN_MS - 2000);
    expect(stillThere()).toBeNull();
    await advance(3000);
    expect(stillThere()).not.toBeNull();
    expect(idleReturns).toBe(0);
    await advance(WARN_MS);
    expect(idleReturns).toBe(1);
  });

  it("a 'Still there?' showing when a reader payment starts is over, and nothing counts until the reader screen goes", async () => {
    const { rerender } = render(<Kiosk reader={false} />);
    await advance(IDLE_MS - WARN_MS + 1000);
    expect(stillThere()).not.toBeNull();

    rerender(<Kiosk reader />);
    await advance(0);
    expect(stillThere()).toBeNull();
    await advance(IDLE_MS);
    expect([stillThere(), idleReturns]).toEqual([null, 0]);

    // Left (Finish, or the screen moved on): counting again from the start.
    rerender(<Kiosk reader={false} />);
    await advance(IDLE_MS - WARN_MS + 1000);
    expect(stillThere()).not.toBeNull();
    await advance(WARN_MS);
    expect(idleReturns).toBe(1);
  });

  it('still goes home if the reader screen never hears back (the server lost): counting starts again after the longest wait', async () => {
    readerStatus = 'hang';
    render(<Kiosk reader />);
    await advance(READER_PAUSE_MAX_MS - 1000);
    expect([stillThere(), idleReturns]).toEqual([null, 0]);
    await advance(1000);
    await advance(IDLE_MS - WARN_MS + 1000);
    expect(stillThere()).not.toBeNull();
    await advance(WARN_MS);
    expect(idleReturns).toBe(1);
  });
});
