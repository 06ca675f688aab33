import { useId, useState } from 'react';
import { CalendarDays, Users } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Button } from '../../../lib/ui/Button.tsx';
import { isLoggedIn, openLoginModal, useAuthUser } from '../../auth/public.ts';
import { useBasketMutations } from '../../basket/public.ts';
import { useCourseAvailability, useCoursePeople, type CourseAvailability, type CoursePerson } from '../api/course-booking.ts';
import { formatCourseDate } from '../course-format.ts';

/**
 * The course page's booking panel (issue 20, docs/courses.md): every session, places left, the
 * price now (pro rata once started, when the operator allows late joining), who of the account it
 * is for (people outside the age range disabled with the reason next to them) and **Book course**,
 * which adds the whole course to the basket. A visitor is asked to log in first, as on the timetable.
 */
export const CourseBooking = ({ courseId }: { courseId: number }) => {
  const { t } = useTranslation('catalogue');
  const availability = useCourseAvailability(courseId);
  if (availability.isPending) return null;
  if (availability.isError) return <p className="text-sm text-red-700">{t('booking.loadError')}</p>;
  const data = availability.data;
  return (
    <section aria-labelledby="book-course-heading" data-testid="course-booking" className="rounded-2xl bg-white p-6 shadow-md ring-1 ring-primary-200">
      <h2 id="book-course-heading" className="text-xs font-semibold tracking-wider text-dark-400 uppercase">
        {t('booking.heading')}
      </h2>
      {/* The whole course's price is on the page already; once started, joining costs the sessions left. */}
      {data.proRata && (
        <>
          <p className="mt-1 text-sm font-medium text-dark-500">{t('booking.priceNow')}</p>
          <p className="font-heading text-3xl text-dark-500" data-testid="course-price">
            {data.formattedPrice}
          </p>
          <p className="text-sm text-dark-500">{t('booking.proRata', { remaining: data.remainingSessions, total: data.totalSessions })}</p>
        </>
      )}
      <p className="mt-2 flex items-center gap-2 text-sm font-medium text-dark-500" data-testid="places-left">
        <Users aria-hidden="true" className="size-4 text-primary-500" />
        {data.full ? t('booking.full') : t('booking.placesLeft', { count: data.placesLeft })}
      </p>
      <Sessions availability={data} />
      <BookingAction courseId={courseId} availability={data} />
    </section>
  );
};

const Sessions = ({ availability }: { availability: CourseAvailability }) => {
  const { t } = useTranslation('catalogue');
  // Sessions run in order: the first (total − remaining) have already run.
  const pastCount = availability.totalSessions - availability.remainingSessions;
  return (
    <div className="mt-4">
      <h3 className="text-sm font-semibold text-dark-500">{t('booking.sessions', { count: availability.totalSessions })}</h3>
      <ol className="mt-1 flex flex-col gap-0.5 text-sm text-dark-500" aria-label={t('booking.sessionsLabel')}>
        {availability.sessions.map((s, index) => {
          const past = index < pastCount;
          return (
            <li key={s.startsAt} className={`flex items-center gap-2 ${past ? 'text-dark-400 line-through' : ''}`}>
              <CalendarDays aria-hidden="true" className="size-3.5 shrink-0 text-primary-500" />
              {formatCourseDate(s.date)}, {s.startTime}–{s.endTime}
              {past && <span className="sr-only">, {t('booking.sessionPast')}</span>}
            </li>
          );
        })}
      </ol>
    </div>
  );
};

const BookingAction = ({ courseId, availability }: { courseId: number; availability: CourseAvailability }) => {
  const { t } = useTranslation('catalogue');
  const authUser = useAuthUser();
  const loggedIn = Boolean(authUser.data) && isLoggedIn();
  if (!availability.bookable) return <p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-950">{availability.reason}</p>;
  if (availability.full) return <p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-950">{t('booking.fullText')}</p>;
  if (!loggedIn) {
    return (
      <div className="mt-4">
        <Button size="lg" className="w-full" onClick={() => openLoginModal()}>
          {t('booking.book')}
        </Button>
        <p className="mt-2 text-sm text-dark-400">{t('booking.logInFirst')}</p>
      </div>
    );
  }
  return <PersonChooser courseId={courseId} />;
};

const PersonChooser = ({ courseId }: { courseId: number }) => {
  const { t } = useTranslation('catalogue');
  const id = useId();
  const people = useCoursePeople(courseId, true);
  const { addCourse } = useBasketMutations();
  const [chosen, setChosen] = useState<number | null>(null);
  if (people.isPending) return null;
  if (people.isError) return <p className="mt-4 text-sm text-red-700">{t('booking.loadError')}</p>;
  const choosable = (p: CoursePerson) => p.eligible && p.enrolled === null;
  const selected = chosen ?? people.data.find(choosable)?.id ?? null;
  const selectedPerson = people.data.find((p) => p.id === selected);
  const canBook = selectedPerson !== undefined && choosable(selectedPerson) && !addCourse.isPending;
  const book = () => {
    if (!canBook) return;
    addCourse.mutate({ courseId, purchasedForUserId: selectedPerson.relationship === 'self' ? null : selectedPerson.id });
  };
  return (
    <div className="mt-4">
      <fieldset>
        <legend className="text-sm font-semibold text-dark-500">{t('booking.whoFor')}</legend>
        <ul className="mt-2 flex flex-col gap-2">
          {people.data.map((p) => {
            const note = p.enrolled === 'booked' ? t('booking.alreadyBooked') : p.enrolled === 'held' ? t('booking.alreadyHeld') : p.reason;
            return (
              <li key={p.id}>
                <label className={`flex items-start gap-2 text-sm ${choosable(p) ? 'text-dark-500' : 'text-dark-400'}`}>
                  <input
                    type="radio"
                    name={`${id}-person`}
                    value={p.id}
                    className="mt-0.5 size-4"
                    checked={selected === p.id}
                    disabled={!choosable(p)}
                    aria-describedby={note ? `${id}-note-${p.id}` : undefined}
                    onChange={() => setChosen(p.id)}
                  />
                  <span>
                    <span className="font-medium">
                      {p.firstName} {p.lastName}
                    </span>
                    {note && (
                      <span id={`${id}-note-${p.id}`} className="block text-xs text-dark-400" data-testid="person-reason">
                        {note}
                      </span>
                    )}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <Button size="lg" className="mt-4 w-full" aria-disabled={!canBook || undefined} onClick={book}>
        {t('booking.book')}
      </Button>
      {selectedPerson === undefined && <p className="mt-2 text-sm text-dark-400">{t('booking.nobody')}</p>}
    </div>
  );
};
