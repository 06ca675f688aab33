import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Button } from '../../../lib/ui/Button.tsx';
import { showToast } from '../../../lib/toast/store.ts';
import { courseBookingsQuery, useCancelCourseBooking, type CourseBooking } from '../api/course-bookings.ts';
import { formatDateTime } from '../../../lib/i18n-format.ts';

const sessionDate = (iso: string) =>
  formatDateTime(new Date(`${iso}T12:00:00Z`), { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * My account → Bookings: the account's booked courses, each with its sessions (docs/courses.md).
 * Before the first session **Cancel course** asks first and gives the price back as credit; after
 * it, the operator's rule says it cannot be cancelled online, and the card says so.
 */
export const CourseBookings = () => {
  const { t } = useTranslation('my-account');
  const query = useQuery(courseBookingsQuery());
  const booked = (query.data ?? []).filter((b) => b.status === 'booked');
  if (booked.length === 0) return null;
  return (
    <section aria-labelledby="course-bookings-heading" className="mb-6" data-testid="course-bookings">
      <h2 id="course-bookings-heading" className="mb-3 text-xl font-bold text-dark-500">
        {t('courseBookings.heading')}
      </h2>
      <ul className="grid gap-3">
        {booked.map((booking) => (
          <li key={booking.id}>
            <CourseBookingCard booking={booking} />
          </li>
        ))}
      </ul>
    </section>
  );
};

const CourseBookingCard = ({ booking }: { booking: CourseBooking }) => {
  const { t } = useTranslation('my-account');
  const id = useId();
  const cancel = useCancelCourseBooking();
  const [asking, setAsking] = useState(false);
  const confirm = () =>
    cancel.mutate(booking.id, {
      onSuccess: () => showToast({ type: 'success', content: t('courseBookings.cancelled', { amount: booking.price.formatted }) }),
    });
  return (
    <article aria-labelledby={`${id}-name`} data-testid="course-booking-card" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-neutral-200">
      <h3 id={`${id}-name`} className="text-lg font-bold text-dark-500">
        {booking.name}
      </h3>
      <p className="text-sm text-neutral-700">
        {booking.venue.name} · {booking.person.firstName} {booking.person.lastName} · {booking.price.formatted} · {booking.reference}
      </p>
      <h4 className="mt-3 text-sm font-semibold text-dark-500">{t('courseBookings.sessions', { count: booking.sessions.length })}</h4>
      <ol className="mt-1 grid gap-x-4 text-sm text-neutral-800 sm:grid-cols-2" aria-label={t('courseBookings.sessionsLabel', { name: booking.name })}>
        {booking.sessions.map((s) => (
          <li key={s.startsAt}>
            {sessionDate(s.date)}, {s.startTime}–{s.endTime}
          </li>
        ))}
      </ol>
      <p className="mt-3 text-sm text-neutral-700">{booking.cancellationNote}</p>
      {booking.cancellable && !asking && (
        <Button variant="danger-outline" className="mt-2" aria-describedby={`${id}-name`} onClick={() => setAsking(true)}>
          {t('courseBookings.cancel')}
        </Button>
      )}
      {booking.cancellable && asking && (
        <div role="group" aria-label={t('courseBookings.confirmLabel')} className="mt-2 rounded-lg bg-neutral-100 p-3">
          <p className="text-sm text-neutral-900">{t('courseBookings.confirmText', { amount: booking.price.formatted })}</p>
          {cancel.error && (
            <p role="alert" className="mt-1 text-sm text-red-800">
              {cancel.error.message}
            </p>
          )}
          <div className="mt-2 flex flex-wrap gap-2">
            <Button variant="neutral" onClick={() => setAsking(false)}>
              {t('courseBookings.keep')}
            </Button>
            <Button variant="danger" aria-disabled={cancel.isPending || undefined} onClick={() => !cancel.isPending && confirm()}>
              {t('courseBookings.confirm')}
            </Button>
          </div>
        </div>
      )}
    </article>
  );
};
