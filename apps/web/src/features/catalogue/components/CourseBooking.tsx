import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarDays, Users } from 'lucide-react';
import { ageFit, ageRangeText } from '@app/contract/rules/courses';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { focusElement } from '../../../lib/a11y/focus.ts';
import { isApiError } from '../../../lib/api/errors.ts';
import { useSaveDateOfBirth } from '../../../lib/api/date-of-birth.ts';
import { courseKeys } from '../../../lib/query-keys/courses.ts';
import { Button } from '../../../lib/ui/Button.tsx';
import { DateOfBirthFields, useDateOfBirth } from '../../../lib/ui/DateOfBirthFields.tsx';
import { ErrorSummary } from '../../../lib/ui/ErrorSummary.tsx';
import { isLoggedIn, openLoginModal, useAuthUser } from '../../auth/public.ts';
import { useBasketMutations } from '../../basket/public.ts';
import { useCourseAvailability, useCoursePeople, useCourseWaitlistMutations, type CourseAvailability, type CoursePerson } from '../api/course-booking.ts';
import { formatCourseDate } from '../course-format.ts';
import { formatDateTime } from '../../../lib/i18n-format.ts';

/**
 * The course page's booking panel (issue 20, docs/courses.md): every session, places left, the
 * price now (pro rata once started, when the operator allows late joining), who of the account it
 * is for (people outside the age range disabled with the reason next to them) and **Book course**,
 * which adds the whole course to the basket; a full course offers **Join waitlist** instead, and
 * shows the account's people already waiting with their place in line and Leave waitlist. A
 * visitor is asked to log in first, as on the timetable. Someone without a date of birth, when
 * the course has an age range, can be chosen: the panel asks for the date, saves it, checks the
 * range and then books (issue 21, docs/courses.md "Date of birth").
 */
/** The course's age range, measured on its first day (`rules/courses.ts` ageFit, as the server does). */
export type CourseAges = { minAge: number | null; maxAge: number | null; startsOn: string };

export const CourseBooking = ({ courseId, ages }: { courseId: number; ages: CourseAges }) => {
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
      <BookingAction courseId={courseId} ages={ages} availability={data} />
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

const BookingAction = ({ courseId, ages, availability }: { courseId: number; ages: CourseAges; availability: CourseAvailability }) => {
  const { t } = useTranslation('catalogue');
  const authUser = useAuthUser();
  const loggedIn = Boolean(authUser.data) && isLoggedIn();
  if (!availability.bookable) return <p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-950">{availability.reason}</p>;
  // A full course offers its waitlist (docs/courses.md "Waitlist").
  const full = availability.full;
  if (!loggedIn) {
    return (
      <div className="mt-4">
        {full && <FullNotice />}
        <Button size="lg" className="mt-4 w-full" onClick={() => openLoginModal()}>
          {full ? t('booking.joinWaitlist') : t('booking.book')}
        </Button>
        <p className="mt-2 text-sm text-dark-400">{t('booking.logInFirst')}</p>
      </div>
    );
  }
  return <PersonChooser courseId={courseId} ages={ages} full={full} />;
};

const FullNotice = () => {
  const { t } = useTranslation('catalogue');
  return (
    <div className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
      <p className="font-medium">{t('booking.fullText')}</p>
      <p className="mt-1">{t('booking.waitlistIntro')}</p>
    </div>
  );
};

const PersonChooser = ({ courseId, ages, full }: { courseId: number; ages: CourseAges; full: boolean }) => {
  const { t } = useTranslation('catalogue');
  const id = useId();
  const people = useCoursePeople(courseId, true);
  const authUser = useAuthUser();
  const queryClient = useQueryClient();
  const { addCourse } = useBasketMutations();
  const waitlist = useCourseWaitlistMutations(courseId, { joined: t('booking.waitlistJoined'), left: t('booking.waitlistLeft'), failed: t('booking.waitlistFailed') });
  const save = useSaveDateOfBirth();
  const [chosen, setChosen] = useState<number | null>(null);
  const [noFit, setNoFit] = useState<string | null>(null);
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (noFit && notice.current) focusElement(notice.current);
  }, [noFit]);
  const range = ageRangeText(ages.minAge, ages.maxAge);
  // The account's people as the auth user has them: whose date of birth is missing (issue 21).
  const user = authUser.data;
  const account = user ? [user.membershipUser, ...(user.membershipUsers ?? [])] : [];
  const list = people.data ?? [];
  /** Outside the range only for want of a date of birth: chosen, the panel asks for it. */
  const needsDateOfBirth = (p: CoursePerson) =>
    !p.eligible && range !== null && p.enrolled === null && p.waitlist === null && account.some((a) => a.id === p.id && a.dateOfBirth === null);
  // Full: the waitlist is joined by someone who fits, is not on the course and not already waiting.
  const choosable = (p: CoursePerson) => (p.eligible && p.enrolled === null && p.waitlist === null) || needsDateOfBirth(p);
  // Chosen first: someone who fits; else someone whose date of birth would settle it.
  const selected = chosen ?? list.find((p) => choosable(p) && !needsDateOfBirth(p))?.id ?? list.find(choosable)?.id ?? null;
  const selectedPerson = list.find((p) => p.id === selected);
  const dateOfBirth = useDateOfBirth(selectedPerson && selectedPerson.relationship !== 'self' ? selectedPerson.firstName : null);
  if (people.isPending) return null;
  if (people.isError) return <p className="mt-4 text-sm text-red-700">{t('booking.loadError')}</p>;
  const asksDateOfBirth = selectedPerson !== undefined && needsDateOfBirth(selectedPerson);
  const pending = (full ? waitlist.join.isPending : addCourse.isPending) || save.isPending;
  const canAct = selectedPerson !== undefined && choosable(selectedPerson) && !pending;
  const book = (person: CoursePerson) => {
    const purchasedForUserId = person.relationship === 'self' ? null : person.id;
    if (full) waitlist.join.mutate(purchasedForUserId);
    else addCourse.mutate({ courseId, purchasedForUserId });
  };
  /** The date checked and saved (own: POST date-of-birth; a family member's: PATCH), then the range checked before booking. */
  const saveThenBook = (person: CoursePerson) => {
    const checked = dateOfBirth.check(new Date().toISOString().slice(0, 10));
    if (!checked) return;
    save.mutate(
      { familyMemberId: person.relationship === 'self' ? null : person.id, dateOfBirth: checked },
      {
        onSuccess: () => {
          void queryClient.invalidateQueries({ queryKey: courseKeys.people(courseId) });
          const fit = ageFit({ first_name: person.firstName, date_of_birth: checked }, { min_age: ages.minAge, max_age: ages.maxAge, starts_on: ages.startsOn });
          if (fit.ok) return book(person);
          // Saved, but not in the range: say why; the people read again show them outside it.
          setChosen(null);
          dateOfBirth.reset();
          setNoFit(t('booking.dob.savedNoFit', { reason: fit.reason }));
        },
        onError: (error) => dateOfBirth.fail(isApiError(error) ? (error.validationMessages.date_of_birth?.join(' ') ?? error.message) : error.message),
      },
    );
  };
  const act = () => {
    if (!canAct) return;
    setNoFit(null);
    if (asksDateOfBirth) saveThenBook(selectedPerson);
    else book(selectedPerson);
  };
  const waiting = people.data.filter((p) => p.waitlist !== null);
  const noteOf = (p: CoursePerson) => {
    if (p.enrolled === 'booked') return t('booking.alreadyBooked');
    if (p.enrolled === 'held') return t('booking.alreadyHeld');
    if (p.waitlist?.status === 'waiting') return t('booking.onWaitlist', { position: p.waitlist.position });
    if (p.waitlist?.status === 'offered') return t('booking.offered');
    return p.reason;
  };
  return (
    <div className="mt-4">
      {asksDateOfBirth && <ErrorSummary problems={dateOfBirth.problems} attempt={dateOfBirth.attempt} />}
      {full && <FullNotice />}
      {noFit && (
        <p ref={notice} tabIndex={-1} role="alert" data-testid="course-no-fit" className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
          {noFit}
        </p>
      )}
      <fieldset className={full || noFit || (asksDateOfBirth && dateOfBirth.problems.length > 0) ? 'mt-4' : undefined}>
        <legend className="text-sm font-semibold text-dark-500">{t('booking.whoFor')}</legend>
        <ul className="mt-2 flex flex-col gap-2">
          {people.data.map((p) => {
            const note = noteOf(p);
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
                    onChange={() => {
                      setChosen(p.id);
                      setNoFit(null);
                      dateOfBirth.reset();
                    }}
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
      {asksDateOfBirth && range && (
        <DateOfBirthFields
          state={dateOfBirth}
          own={selectedPerson.relationship === 'self'}
          legend={selectedPerson.relationship === 'self' ? t('booking.dob.legendSelf') : t('booking.dob.legendOther', { name: selectedPerson.firstName })}
          hint={t(selectedPerson.relationship === 'self' ? 'booking.dob.hintSelf' : 'booking.dob.hintOther', { range, name: selectedPerson.firstName })}
        />
      )}
      {(!full || selectedPerson !== undefined) && (
        <Button size="lg" className="mt-4 w-full" aria-disabled={!canAct || undefined} onClick={act}>
          {save.isPending ? t('booking.dob.saving') : full ? t('booking.joinWaitlist') : t('booking.book')}
        </Button>
      )}
      {selectedPerson === undefined && <p className="mt-2 text-sm text-dark-400">{full && waiting.length > 0 ? t('booking.nobodyWaitlist') : t('booking.nobody')}</p>}
      {waiting.length > 0 && <WaitlistEntries people={waiting} leave={waitlist.leave} />}
    </div>
  );
};

/** The account's people on this course's waitlist: their place in line (or the offer held), and Leave waitlist. */
const WaitlistEntries = ({ people, leave }: { people: CoursePerson[]; leave: ReturnType<typeof useCourseWaitlistMutations>['leave'] }) => {
  const { t } = useTranslation('catalogue');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-4 border-t border-primary-100 pt-4" data-testid="course-waitlist">
      <h3 id={headingId} className="text-sm font-semibold text-dark-500">
        {t('booking.waitlistHeading')}
      </h3>
      <ul className="mt-2 flex flex-col gap-3">
        {people.map((p) => {
          const entry = p.waitlist!;
          const name = `${p.firstName} ${p.lastName}`;
          const time = entry.offerExpiresAt === null ? '' : formatDateTime(new Date(entry.offerExpiresAt), { hour: '2-digit', minute: '2-digit' });
          return (
            <li key={p.id} className="flex flex-col gap-2 text-sm text-dark-500 sm:flex-row sm:items-center sm:justify-between">
              <span data-testid="waitlist-position">
                {entry.status === 'offered' ? t('booking.waitlistOffered', { name, time }) : t('booking.waitlistPosition', { name, position: entry.position })}
              </span>
              <Button
                variant="danger-outline"
                className="shrink-0"
                aria-label={t('booking.leaveWaitlistFor', { name })}
                aria-disabled={leave.isPending || undefined}
                onClick={() => {
                  if (!leave.isPending) leave.mutate(entry.id);
                }}
              >
                {t('booking.leaveWaitlist')}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
};
