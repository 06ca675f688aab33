import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Button } from '../../../lib/ui/Button.tsx';
import { useModalDialog } from '../../../lib/ui/use-modal-dialog.ts';
import type { Booking } from '../api/bookings.ts';
import { bookingDate, longDate } from './booking-format.ts';

type Props = { booking: Booking | null; isPending: boolean; error: string | null; onConfirm: () => void; onClose: () => void };

/**
 * Confirms a cancellation and says what it will do under the operator's policy (credit and until
 * when, or the late fee). Native modal <dialog>: focus starts on "Keep booking", Escape closes it.
 */
export const CancelBookingDialog = ({ booking, isPending, error, onConfirm, onClose }: Props) => {
  const { t } = useTranslation('my-account');
  const dialog = useModalDialog(booking !== null);
  const headingId = useId();
  const textId = useId();
  const policy = booking?.cancellation;
  return (
    <dialog
      ref={dialog}
      aria-labelledby={headingId}
      aria-describedby={textId}
      onClose={onClose}
      data-testid="cancel-booking-dialog"
      className="m-auto w-[min(30rem,calc(100vw-2rem))] rounded-xl bg-white p-0 shadow-2xl backdrop:bg-black/50"
    >
      {booking && (
        <div className="p-6">
          <h2 id={headingId} className="text-2xl font-bold text-dark-500 uppercase">
            {t('bookings.cancelTitle')}
          </h2>
          <p className="mt-2 font-medium text-neutral-900">
            {t('bookings.cancelWhat', { activity: booking.activityName, venue: booking.venue.name, date: bookingDate(booking.date), time: booking.time, person: `${booking.person.firstName} ${booking.person.lastName}` })}
          </p>
          <p id={textId} className="mt-3 rounded-md bg-neutral-100 px-4 py-3 text-neutral-900">
            {policy?.outcome === 'credit'
              ? t('bookings.outcomeCredit', { amount: policy.formattedAmount, until: longDate(policy.creditExpiresAt!) })
              : t('bookings.outcomeFee', { amount: policy?.formattedAmount ?? '' })}
          </p>
          {error && (
            <p role="alert" className="mt-3 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
              {error}
            </p>
          )}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="neutral" size="lg" onClick={onClose} autoFocus>
              {t('bookings.keep')}
            </Button>
            <Button variant="danger" size="lg" onClick={onConfirm} disabled={isPending} aria-busy={isPending}>
              {isPending ? t('bookings.cancelling') : t('bookings.confirmCancel')}
            </Button>
          </div>
        </div>
      )}
    </dialog>
  );
};
