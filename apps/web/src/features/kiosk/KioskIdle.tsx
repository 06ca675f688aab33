import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { useModalDialog } from '../../lib/ui/use-modal-dialog.ts';
import { logOut } from '../auth/public.ts';
import { endServerSession } from './api.ts';
import { endKioskSession, useKioskSession } from './kiosk-session.ts';
import { secondsLeft } from './kiosk-rules.ts';
import { BIG_BUTTON } from './styles.ts';

/**
 * Spec §4, §9: 90 s without a touch logs the kiosk out and goes to the kiosk home. For the last
 * 15 s a 'Still there?' dialog counts down (docs/kiosk.md "Idle": WCAG 2.2.1 asks for a warning
 * and a way to stay; the spec fixes the 90 s, so the warning takes its last 15). Any touch or
 * key ends the warning and starts the 90 s again, 'I'm still here' included.
 */
/** `watch` is features/shell/kiosk-idle.ts's watchKioskIdle with the warning (app/KioskIdleWatch.tsx composes them). */
export type WatchIdle = (onIdle: () => void, onWarn: (idleAt: number) => void, onResume: () => void) => () => void;

const KioskIdle = ({ exitUrl, watch }: { exitUrl: string; watch: WatchIdle }) => {
  const { t } = useTranslation('kiosk');
  const [idleAt, setIdleAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const dialog = useModalDialog(idleAt !== null);

  useEffect(
    () =>
      watch(
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
      ),
    [exitUrl, watch],
  );

  useEffect(() => {
    if (idleAt === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [idleAt]);

  const count = idleAt === null ? 0 : secondsLeft(idleAt, now);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="kiosk-idle-title"
      aria-describedby="kiosk-idle-text"
      data-testid="kiosk-idle"
      onCancel={() => setIdleAt(null)}
      className="m-auto w-[min(40rem,calc(100vw-2rem))] rounded-3xl bg-white p-8 text-neutral-900 shadow-xl backdrop:bg-black/60"
    >
      {idleAt !== null && (
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
