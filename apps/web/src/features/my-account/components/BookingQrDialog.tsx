import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Button } from '../../../lib/ui/Button.tsx';
import { LoadingSpinner } from '../../../lib/ui/LoadingSpinner.tsx';
import { useModalDialog } from '../../../lib/ui/use-modal-dialog.ts';
import { bookingQrQuery, type Booking } from '../api/bookings.ts';
import { bookingDate } from './booking-format.ts';
import { QrCode } from './QrCode.tsx';

type Props = { booking: Booking | null; onClose: () => void };

/**
 * My account → Bookings → 'Show QR code' (issue 24, docs/front-of-house-screens.md "Attendance"):
 * the booking's check-in QR code, large, with the session, the person and the time, and what to
 * do with it. The code is the signed token's link from GET /api/my-account/bookings/{id}/qr
 * (another customer's booking: 403). Native modal <dialog>: focus starts on Close, Escape closes.
 */
export const BookingQrDialog = ({ booking, onClose }: Props) => {
  const { t } = useTranslation('my-account');
  const dialog = useModalDialog(booking !== null);
  const headingId = useId();
  const textId = useId();
  return (
    <dialog
      ref={dialog}
      aria-labelledby={headingId}
      aria-describedby={textId}
      onClose={onClose}
      data-testid="booking-qr-dialog"
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl bg-white p-0 shadow-2xl backdrop:bg-black/50"
    >
      {booking && (
        <div className="p-5 sm:p-6">
          <h2 id={headingId} className="text-2xl font-bold text-dark-500 uppercase">
            {t('bookings.qr.title')}
          </h2>
          <p className="mt-2 font-medium text-neutral-900">
            {t('bookings.qr.what', {
              activity: booking.activityName,
              venue: booking.venue.name,
              date: bookingDate(booking.date),
              time: `${booking.time}–${booking.endTime}`,
              person: `${booking.person.firstName} ${booking.person.lastName}`,
            })}
          </p>
          <BookingQr booking={booking} />
          <p id={textId} className="mt-3 rounded-md bg-neutral-100 px-4 py-3 text-neutral-900">
            {t('bookings.qr.how', { person: booking.person.firstName })}
          </p>
          <div className="mt-5 flex justify-end">
            <Button variant="neutral" size="lg" onClick={onClose} autoFocus>
              {t('bookings.qr.close')}
            </Button>
          </div>
        </div>
      )}
    </dialog>
  );
};

const BookingQr = ({ booking }: { booking: Booking }) => {
  const { t } = useTranslation('my-account');
  const qr = useQuery(bookingQrQuery(booking.id));
  if (qr.isPending) return <LoadingSpinner label={t('loading')} />;
  if (qr.isError)
    return (
      <p role="alert" className="mt-3 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
        {qr.error.message || t('loadFailed')}
      </p>
    );
  return (
    <div className="mt-4 flex justify-center">
      <QrCode
        value={qr.data.qrPayload}
        label={t('bookings.qr.imageLabel', { activity: booking.activityName, person: `${booking.person.firstName} ${booking.person.lastName}` })}
        className="aspect-square w-full max-w-72 border border-neutral-300"
      />
    </div>
  );
};
