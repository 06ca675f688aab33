import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Button } from '../../../lib/ui/Button.tsx';
import type { Booking } from '../api/bookings.ts';
import { bookingDate, longDate } from './booking-format.ts';

/** One booking: activity, venue, date and time, person, reference and price; Cancel while it can be. */
export const BookingCard = ({
  booking,
  onCancel,
  onShowQr,
  headingLevel = 3,
}: {
  booking: Booking;
  onCancel?: (booking: Booking) => void;
  /** 'Show QR code' (the check-in code, BookingQrDialog): for bookings still to come. */
  onShowQr?: (booking: Booking) => void;
  headingLevel?: 2 | 3;
}) => {
  const { t } = useTranslation('my-account');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const when = `${bookingDate(booking.date)}, ${booking.time}–${booking.endTime}`;
  const cancelled = booking.cancelledWith;
  return (
    <article className="flex flex-col gap-3 rounded-lg border border-neutral-200 bg-white p-4 sm:flex-row sm:items-start sm:justify-between" data-testid="booking-card">
      <div className="min-w-0">
        <Heading className="text-lg font-semibold text-neutral-900">{booking.activityName}</Heading>
        <p className="text-neutral-800">{booking.venue.name}</p>
        <p className="font-medium text-neutral-900">{when}</p>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-neutral-700">
          <dt>{t('bookings.person')}</dt>
          <dd className="text-neutral-900">
            {booking.person.firstName} {booking.person.lastName}
          </dd>
          <dt>{t('bookings.reference')}</dt>
          <dd className="text-neutral-900">{booking.reference ?? t('bookings.noReference')}</dd>
          <dt>{t('bookings.price')}</dt>
          <dd className="text-neutral-900">{booking.price.formatted}</dd>
        </dl>
      </div>
      <div className="flex shrink-0 flex-col items-start gap-2 sm:items-end">
        {booking.status === 'cancelled' ? (
          <>
            <span className="rounded-full bg-neutral-200 px-3 py-1 text-sm font-medium text-neutral-900">{t('bookings.cancelled')}</span>
            {cancelled?.outcome === 'credit' && (
              <p className="text-sm text-neutral-700">{t('bookings.creditedUntil', { amount: cancelled.formattedAmount, until: longDate(cancelled.creditExpiresAt!) })}</p>
            )}
            {cancelled?.outcome === 'fee' && (
              <p className="text-sm text-neutral-700">{t(cancelled.feePaid ? 'bookings.feePaid' : 'bookings.feeUnpaid', { amount: cancelled.formattedAmount })}</p>
            )}
            {cancelled?.outcome === 'fee' && !cancelled.feePaid && (
              <Link to="/late-fees" className="text-sm font-semibold text-primary-600 underline underline-offset-4">
                {t('bookings.payFee', { amount: cancelled.formattedAmount })}
              </Link>
            )}
          </>
        ) : (
          <>
            {onShowQr && (
              <Button variant="secondary" onClick={() => onShowQr(booking)} aria-label={t('bookings.qr.showLabel', { activity: booking.activityName, when })}>
                {t('bookings.qr.show')}
              </Button>
            )}
            {booking.cancellable && onCancel && (
              <Button variant="danger-outline" onClick={() => onCancel(booking)} aria-label={t('bookings.cancelLabel', { activity: booking.activityName, when })}>
                {t('bookings.cancel')}
              </Button>
            )}
          </>
        )}
      </div>
    </article>
  );
};
