import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { useModalDialog } from '../../lib/ui/use-modal-dialog.ts';
import { logOut } from '../auth/public.ts';
import { endServerSession } from './api.ts';
import { KIOSK_TERMINAL_WAIT_SECONDS } from '@app/contract/foh/kiosk-terminal-limits';
import { endKioskSession, useKioskReader, useKioskSession } from './kiosk-session.ts';
import { secondsLeft } from './kiosk-rules.ts';
import { BIG_BUTTON } from './styles.ts';

/**
 * Spec §4, §9: 90 s without a touch logs the kiosk out and goes to the kiosk home. For the last
 * 15 s a 'Still there?' dialog counts down (docs/kiosk.md "Idle": WCAG 2.2.1 asks for a warning
 * and a way to stay; the spec fixes the 90 s, so the warning takes its last 15). Any touch or
 * key ends the warning and starts the 90 s again, 'I'm still here' included. While a payment
 * waits at the card reader (the customer is at the reader, not the screen) nothing counts and no
 * warning shows; the whole 90 s start again when it ends.
 */
/**
 * The longest the idle return waits for a card-reader payment: the terminal's own wait and half a
 * minute more. The reader screen always ends by then (the server answers 'No card was presented in
 * time'), so this only matters if the kiosk lost the server meanwhile: it still goes home.
 */
export const READER_PAUSE_MAX_MS = (KIOSK_TERMINAL_WAIT_SECONDS + 30) * 1000;

/** `watch` is features/shell/kiosk-idle.ts's watchKioskIdle with the warning (app/KioskIdleWatch.tsx composes them). */
export type WatchIdle = (onIdle: () => void, onWarn: (idleAt: number) => void, onResume: () => void) => () => void;

const KioskIdle = ({ exitUrl, watch }: { exitUrl: string; watch: WatchIdle }) => {
  const { t } = useTranslation('kiosk');
  const [idleAt, setIdleAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const readerWaiting = useKioskReader((state) => state.waiting);
  // Set when a reader payment has outlasted READER_PAUSE_MAX_MS: counting starts again anyway.
  const [overdue, setOverdue] = useState(false);
  const paused = readerWaiting && !overdue;
  const dialog = useModalDialog(idleAt !== null && !paused);

  useEffect(() => {
    if (!readerWaiting) return;
    const timer = window.setTimeout(() => setOverdue(true), READER_PAUSE_MAX_MS);
    return () => {
      window.clearTimeout(timer);
      setOverdue(false);
    };
  }, [readerWaiting]);

  useEffect(() => {
    if (paused) return;
    const stop = watch(
      () => {
        setIdleAt(null);
        const hadCustomer = useKioskSession.getState().customer !== null;
        const end = hadCustomer ? endServerSession() : Promise.resolve();
        endKioskSession();
        void end.then(() => logOut(exitUrl));
      },
      (at) => {
        setNow(Date.now());
        setIdleAt(at);
      },
      () => setIdleAt(null),
    );
    // Stopped (a reader payment began, or the screen went): a warning showing is over with it.
    return () => {
      stop();
      setIdleAt(null);
    };
  }, [exitUrl, watch, paused]);

  // A warning already showing when the payment started is over (the customer pressed Pay).
  const shown = paused ? null : idleAt;

  useEffect(() => {
    if (shown === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [shown]);

  const count = shown === null ? 0 : secondsLeft(shown, now);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="kiosk-idle-title"
      aria-describedby="kiosk-idle-text"
      data-testid="kiosk-idle"
      onCancel={() => setIdleAt(null)}
      className="m-auto w-[min(40rem,calc(100vw-2rem))] rounded-3xl bg-white p-8 text-neutral-900 shadow-xl backdrop:bg-black/60"
    >
      {shown !== null && (
        <div className="flex flex-col items-center gap-6 text-center">
          <h2 id="kiosk-idle-title" className="text-4xl font-bold text-dark-500 sm:text-5xl">
            {t('idle.title')}
          </h2>
          <p aria-hidden="true" data-testid="kiosk-idle-count" className="text-7xl font-bold tabular-nums text-dark-500">
            {count}
          </p>
          <p id="kiosk-idle-text" className="text-2xl">
            {t('idle.text', { count })}
          </p>
          <button type="button" autoFocus className={`${BIG_BUTTON} w-full`} onClick={() => setIdleAt(null)}>
            {t('idle.stay')}
          </button>
        </div>
      )}
    </dialog>
  );
};

export default KioskIdle;
