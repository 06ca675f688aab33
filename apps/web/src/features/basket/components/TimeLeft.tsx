import { useEffect, useRef } from 'react';
import { Timer } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { formatTimeLeft, useTimeLeft } from '../../../lib/basket-summary.ts';
import { announce } from '../../../lib/a11y/announcer.tsx';

/** Minutes left at which screen-reader users hear how long they have (not every second). */
export const ANNOUNCE_AT_MINUTES = [10, 5, 2, 1] as const;

/** The minute mark just crossed, if any: the largest threshold ≥ what is left. */
export const thresholdFor = (msLeft: number): number | null => {
  const minutes = msLeft / 60_000;
  const crossed = ANNOUNCE_AT_MINUTES.filter((mark) => minutes <= mark);
  return crossed.length > 0 ? Math.min(...crossed) : null;
};

/**
 * The basket's time left (mm:ss from the cart's `expires_at`). The clock itself is not a live
 * region; the shared announcer reads it at 10, 5, 2 and 1 minutes and when the holds run out.
 */
export const TimeLeft = ({ expiresAt }: { expiresAt: string | null }) => {
  const { t } = useTranslation('basket');
  const left = useTimeLeft(expiresAt);
  const lastMark = useRef<number | null | undefined>(undefined);
  useEffect(() => {
    if (left === null) return;
    const mark = left === 0 ? 0 : thresholdFor(left);
    // The first reading sets the mark without speaking (the page heading is being read then).
    if (lastMark.current === undefined) {
      lastMark.current = mark;
      return;
    }
    if (mark === lastMark.current || mark === null) return;
    lastMark.current = mark;
    announce(mark === 0 ? t('timeLeft.announceExpired') : t('timeLeft.announce', { count: mark }));
  }, [left, t]);
  if (left === null) return null;
  const isExpired = left === 0;
  return (
    <p
      data-testid="basket-time-left-banner"
      className={`flex items-center gap-3 rounded-xl px-4 py-3 ring-1 ${
        isExpired ? 'bg-amber-50 text-amber-950 ring-amber-300' : 'bg-primary-50 text-dark-500 ring-primary-200'
      }`}
    >
      <Timer aria-hidden="true" className="size-6 shrink-0" />
      <span>
        {isExpired ? (
          t('timeLeft.expired')
        ) : (
          <>
            {t('timeLeft.text')} <strong className="text-lg font-bold tabular-nums">{formatTimeLeft(left)}</strong>
          </>
        )}
      </span>
    </p>
  );
};
