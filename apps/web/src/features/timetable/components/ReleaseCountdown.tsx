import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { announce } from '../../../lib/a11y/announcer.tsx';
import { useSecondNow } from '../release-clock.ts';
import { announceBucket, countdownParts } from '../release-rules.ts';

type Props = {
  /** The release instant (ms). */
  releaseAt: number;
  /** The venue's clock time of the release, 'HH:mm' (read out in the announcements). */
  time: string;
};

/**
 * "Opens in 9 min 12 s" (issue 25): ticks each second on the shared release clock, in a box of
 * fixed width with tabular figures (no layout shift). It is a `timer` (not a live region), so a
 * screen reader does not hear every second; instead the page's polite announcer says the
 * minutes left at 60, 30, 10, 5 and 1, and the release itself, once each, as they pass.
 */
export const ReleaseCountdown = ({ releaseAt, time }: Props) => {
  const { t } = useTranslation('timetable');
  const now = useSecondNow();
  const left = releaseAt - now;
  const { hours, minutes, seconds, total } = countdownParts(left);
  const text =
    total === 0
      ? t('release.countdown.done')
      : hours > 0
        ? t('release.countdown.hours', { hours, minutes })
        : minutes > 0
          ? t('release.countdown.minutes', { minutes, seconds })
          : t('release.countdown.seconds', { seconds });

  // The bucket shown first is not read out (the page says it already); only crossings are.
  const bucket = announceBucket(left);
  const lastBucket = useRef(bucket);
  useEffect(() => {
    if (lastBucket.current === bucket) return;
    lastBucket.current = bucket;
    if (bucket === null) return;
    announce(bucket === 0 ? t('release.announce.released') : t('release.announce.minutes', { count: bucket, time }));
  }, [bucket, t, time]);

  return (
    <p
      role="timer"
      data-testid="release-countdown"
      className="inline-block min-w-[14ch] font-heading text-3xl leading-tight text-dark-500 tabular-nums sm:text-4xl"
    >
      {text}
    </p>
  );
};
