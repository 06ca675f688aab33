import { useTranslation } from '../../../lib/i18n-react.tsx';
import { buttonClasses } from '../../../lib/ui/Button.tsx';
import type { ReleaseRequest } from '../api/releases.ts';
import { RequestStatus } from './ReleasePanel.tsx';

type Props = {
  /** The customer's request for this session and the person booked for, if made. */
  request: ReleaseRequest | undefined;
  /** From 10 minutes before the release (the shared clock flips it once). */
  isWindowOpen: boolean;
  /** When requests open, the venue's 'HH:mm'. */
  opensTime: string;
  isBusy: boolean;
  /** The server's refusal (422 messages as written), shown under the control. */
  error: string | null;
  personName: string | null;
  basketHref: string;
  describedBy: string;
  onRequest: () => void;
};

/**
 * A session's control on a day about to be released (issue 25, `data-testid="release-request"`):
 * "Request a place" for the person booked for (the ticket type asked as Book asks), or before
 * the window when requests open (aria-disabled, still focusable and read); once asked, the
 * request's state. The button is never removed while its request is in flight.
 */
export const ReleaseRequestControl = ({ request, isWindowOpen, opensTime, isBusy, error, personName, basketHref, describedBy, onRequest }: Props) => {
  const { t } = useTranslation('timetable');
  if (request) return <RequestStatus request={request} personName={personName} basketHref={basketHref} />;
  const isDisabled = !isWindowOpen || isBusy;
  const errorId = `${describedBy}-release-error`;
  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        data-testid="release-request"
        aria-describedby={error ? `${describedBy} ${errorId}` : describedBy}
        aria-disabled={isDisabled || undefined}
        onClick={() => {
          if (!isDisabled) onRequest();
        }}
        className={buttonClasses({ variant: isWindowOpen ? 'primary' : 'secondary', className: `w-full ${isDisabled ? 'cursor-not-allowed opacity-70' : ''}` })}
      >
        {!isWindowOpen ? t('release.requestsOpenAt', { time: opensTime }) : isBusy ? t('release.sending') : t('release.request')}
      </button>
      {error && (
        <p id={errorId} role="alert" data-testid="release-request-error" className="text-xs font-semibold text-red-700">
          {error}
        </p>
      )}
    </div>
  );
};
