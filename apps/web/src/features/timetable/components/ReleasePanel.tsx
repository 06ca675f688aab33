import { useId } from 'react';
import { Link } from 'react-router';
import { Scale } from 'lucide-react';
import { RELEASE_REQUESTS_PER_CUSTOMER } from '@app/contract/releases/limits';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Button } from '../../../lib/ui/Button.tsx';
import type { PublicRelease, ReleaseRequest } from '../api/releases.ts';
import { useHasPassed } from '../release-clock.ts';
import { shortHex, venueTime } from '../release-rules.ts';
import { ReleaseCountdown } from './ReleaseCountdown.tsx';

type TFunction = ReturnType<typeof useTranslation>['t'];

/** A request's state in the customer's words (the server's reason when refused). */
export const requestStatusText = (t: TFunction, request: Pick<ReleaseRequest, 'status' | 'position' | 'reason'>) =>
  request.status === 'waitlisted'
    ? t('release.status.waitlisted', { position: request.position ?? '' })
    : request.status === 'refused'
      ? t('release.status.refused', { reason: request.reason ?? '' })
      : t(`release.status.${request.status}`);

/** One request's state: 'In the draw', 'Held in your basket' (with the basket's link), … */
export const RequestStatus = ({ request, personName, basketHref }: { request: ReleaseRequest; personName: string | null; basketHref: string }) => {
  const { t } = useTranslation('timetable');
  const tone =
    request.status === 'granted'
      ? 'bg-green-50 text-green-900 ring-green-200'
      : request.status === 'refused'
        ? 'bg-amber-50 text-amber-900 ring-amber-200'
        : 'bg-primary-50 text-dark-500 ring-primary-200';
  return (
    <div data-testid="release-request-status" data-status={request.status} className={`rounded-md px-3 py-2 text-sm ring-1 ${tone}`}>
      {personName && <span className="block text-xs">{t('release.forName', { name: personName })}</span>}
      <span className="font-semibold">{requestStatusText(t, request)}</span>
      {request.status === 'granted' && (
        <>
          {' '}
          <Link to={basketHref} className="font-medium text-primary-700 underline">
            {t('release.toBasket')}
          </Link>
        </>
      )}
    </div>
  );
};

/** A long hex value: its short form, the whole of it one click away (and always in the name). */
const HexValue = ({ label, value, testId }: { label: string; value: string; testId: string }) => {
  const { t } = useTranslation('timetable');
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-dark-400 uppercase">{label}</dt>
      <dd>
        <details className="group">
          <summary className="cursor-pointer font-mono text-sm text-dark-500 underline decoration-dotted underline-offset-2">
            <span data-testid={`${testId}-short`}>{t('release.showFull', { short: shortHex(value) })}</span>
          </summary>
          <code data-testid={testId} className="mt-1 block rounded bg-dark-50 px-2 py-1 font-mono text-xs break-all text-dark-500">
            {value}
          </code>
        </details>
      </dd>
    </div>
  );
};

type Props = {
  release: PublicRelease;
  timeZone: string;
  isSignedIn: boolean;
  /** The customer's requests at this release (the whole release, not only this activity: the limit is per release). */
  requests: readonly ReleaseRequest[];
  /** What each request is for ('Hatha Yoga 09:00'), when it is one of this page's sessions. */
  describe: (request: ReleaseRequest) => { what: string | null; personName: string | null };
  basketHref: string;
  onLogIn: () => void;
};

/**
 * The release of the day shown (issue 25; docs/release.md "Screens"): when it opens and the
 * countdown, when requests open, the requests used of 2, the committed seed hash (and after the
 * draw the seed beside it, so anyone can check), a plain-language "How the draw works", and the
 * customer's requests with their states. Visitors are asked to log in.
 */
export const ReleasePanel = ({ release, timeZone, isSignedIn, requests, describe, basketHref, onLogIn }: Props) => {
  const { t } = useTranslation('timetable');
  const headingId = useId();
  const releaseAt = Date.parse(release.releaseAt);
  const time = venueTime(release.releaseAt, timeZone);
  const isPast = useHasPassed(releaseAt);
  const isRequestWindow = useHasPassed(Date.parse(release.requestsOpenAt));
  const line = release.drawn
    ? t('release.drawn')
    : isPast
      ? t('release.drawing')
      : isRequestWindow
        ? t('release.requestsOpen', { limit: RELEASE_REQUESTS_PER_CUSTOMER, time })
        : t('release.requestsFrom', { time: venueTime(release.requestsOpenAt, timeZone) });
  return (
    <section aria-labelledby={headingId} data-testid="release-panel" data-drawn={release.drawn} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-primary-200">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-primary-700">
            <Scale aria-hidden="true" className="size-4" />
            {isPast ? t('release.headingPast', { time }) : t('release.heading', { time })}
          </h2>
          <ReleaseCountdown releaseAt={releaseAt} time={time} />
          <p data-testid="release-line" className="mt-1 max-w-prose text-sm text-dark-500">
            {line}
          </p>
        </div>
        <div className="shrink-0 sm:text-right">
          {isSignedIn ? (
            <p data-testid="release-used" className="text-sm font-semibold text-dark-500">
              {t('release.used', { used: requests.length, limit: RELEASE_REQUESTS_PER_CUSTOMER })}
            </p>
          ) : (
            <Button size="lg" onClick={onLogIn} data-testid="release-log-in">
              {t('release.logIn')}
            </Button>
          )}
        </div>
      </div>
      {requests.length > 0 && (
        <div className="mt-4 border-t border-dark-100 pt-4">
          <h3 className="text-sm font-semibold text-dark-500">{t('release.yours')}</h3>
          <ul className="mt-2 grid gap-2 sm:grid-cols-2">
            {requests.map((request) => {
              const { what, personName } = describe(request);
              return (
                <li key={request.id} className="space-y-1">
                  {what && <p className="text-sm text-dark-500">{what}</p>}
                  <RequestStatus request={request} personName={personName} basketHref={basketHref} />
                </li>
              );
            })}
          </ul>
        </div>
      )}
      <dl className="mt-4 grid gap-3 border-t border-dark-100 pt-4 sm:grid-cols-2">
        <HexValue label={t('release.hash')} value={release.seedHash} testId="release-hash" />
        {release.seed && <HexValue label={t('release.seed')} value={release.seed} testId="release-seed" />}
      </dl>
      <details className="mt-3 text-sm text-dark-500">
        <summary className="cursor-pointer font-medium text-primary-700 underline">{t('release.how')}</summary>
        <div className="mt-2 max-w-prose space-y-2">
          {(t('release.howText', { returnObjects: true }) as unknown as string[]).map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </details>
    </section>
  );
};
