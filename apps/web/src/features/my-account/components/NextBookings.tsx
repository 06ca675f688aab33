import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { buttonClasses } from '../../../lib/ui/Button.tsx';
import { LoadingSpinner } from '../../../lib/ui/LoadingSpinner.tsx';
import { nextBookingsQuery } from '../api/bookings.ts';
import { bookingDate } from './booking-format.ts';

export const NEXT_BOOKINGS = 3;

/** The dashboard's next three bookings of anyone on the account, with a link to all of them. */
export const NextBookings = () => {
  const { t } = useTranslation('my-account');
  const next = useQuery(nextBookingsQuery(NEXT_BOOKINGS));
  return (
    <section aria-labelledby="next-bookings" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200 md:col-span-3" data-testid="next-bookings">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="next-bookings" className="text-lg font-semibold text-neutral-900">
          {t('dashboard.nextBookings')}
        </h2>
        <Link to="/bookings" className="font-medium text-primary-600 underline underline-offset-4">
          {t('dashboard.allBookings')}
        </Link>
      </div>
      {next.isPending ? (
        <LoadingSpinner />
      ) : next.isError ? (
        <p role="alert" className="mt-3 text-red-800">
          {next.error.message}
        </p>
      ) : next.data.length === 0 ? (
        <div className="mt-3">
          <p className="text-neutral-800">{t('dashboard.noNextBookings')}</p>
          <Link to="/redirect-to-selected-venue" className={buttonClasses({ className: 'mt-3' })}>
            {t('dashboard.bookActivity')}
          </Link>
        </div>
      ) : (
        <ul className="mt-3 divide-y divide-neutral-200">
          {next.data.map((booking) => (
            <li key={booking.id} className="py-3">
              <p className="font-medium text-neutral-900">{booking.activityName}</p>
              <p className="text-sm text-neutral-800">
                {bookingDate(booking.date)}, {booking.time} · {booking.venue.name} · {booking.person.firstName} {booking.person.lastName}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};
