import { useCallback } from 'react';
import KioskIdle from '../features/kiosk/KioskIdle.tsx';
import { KIOSK_WARNING_MS, kioskExitUrl, watchKioskIdle } from '../features/shell/kiosk-idle.ts';

/**
 * Kiosk mode's idle return (spec §4, §9), composed here because features do not import each
 * other: the shell's timer (features/shell/kiosk-idle.ts) and the kiosk's 'Still there?' dialog.
 */
const KioskIdleWatch = ({ home, centre }: { home: string | null; centre: string | null }) => {
  const watch = useCallback(
    (onIdle: () => void, onWarn: (idleAt: number) => void, onResume: () => void) => watchKioskIdle(onIdle, undefined, window, { beforeMs: KIOSK_WARNING_MS, onWarn, onResume }),
    [],
  );
  return <KioskIdle exitUrl={kioskExitUrl({ kioskHomeUrl: home, centre })} watch={watch} />;
};

export default KioskIdleWatch;
