import { useId } from 'react';
import { ageFit, ageRangeText } from '@app/contract/rules/courses';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Button } from '../../../lib/ui/Button.tsx';
import { LoadingSpinner } from '../../../lib/ui/LoadingSpinner.tsx';
import type { CustomerPanel } from '../api/foh.ts';
import { useAddCourseAtTill, useCourseAvailabilityList, useVenueCourses, type TillCourse, type TillCourseAvailability } from './api.ts';
import { formatDateTime } from '../../../lib/i18n-format.ts';

type Person = CustomerPanel['people'][number];
type Props = { venueSlug: string; person: Person };

/** 'YYYY-MM-DD' (a venue-local date) as 'Saturday 5 December'. */
const longDate = (raw: string) => formatDateTime(new Date(`${raw}T12:00:00Z`), { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });

/**
 * Courses at the till (issue 24; docs/front-of-house-screens.md "Courses at the till"): the till's
 * venue's courses, each with its sessions, age range, places left and price now, and for the
 * chosen person either 'Add to basket' (the whole course, through the staff route) or why they
 * cannot join (the contract's age rule, the same sentence the server answers with). The server
 * decides: a refusal (full, age, started) is its message, shown by the course.
 */
export const TillCourses = ({ venueSlug, person }: Props) => {
  const { t } = useTranslation('foh');
  const courses = useVenueCourses(venueSlug);
  const list = courses.data ?? [];
  const availability = useCourseAvailabilityList(list.map((course) => course.id));
  const add = useAddCourseAtTill();
  if (courses.isPending) return <LoadingSpinner label={t('loading')} />;
  if (courses.isError) return <p role="alert">{t('course.loadError')}</p>;
  if (list.length === 0) return <p>{t('course.none')}</p>;
  return (
    <ul aria-label={t('course.listLabel')} className="space-y-3" data-testid="till-courses">
      {list.map((course, index) => (
        <CourseRow
          key={course.id}
          course={course}
          availability={availability[index]?.data}
          person={person}
          isBusy={add.isPending && add.variables.courseId === course.id}
          error={add.isError && add.variables.courseId === course.id ? add.error.message : null}
          onAdd={() => add.mutate({ courseId: course.id, personId: person.membershipUserId })}
        />
      ))}
    </ul>
  );
};

type RowProps = { course: TillCourse; availability: TillCourseAvailability | undefined; person: Person; isBusy: boolean; error: string | null; onAdd: () => void };

const CourseRow = ({ course, availability, person, isBusy, error, onAdd }: RowProps) => {
  const { t } = useTranslation('foh');
  const id = useId();
  const firstName = person.name.split(' ')[0] ?? person.name;
  const fit = ageFit({ first_name: firstName, date_of_birth: person.dateOfBirth }, { min_age: course.minAge, max_age: course.maxAge, starts_on: course.startsOn });
  const range = ageRangeText(course.minAge, course.maxAge);
  const why = !fit.ok ? fit.reason : availability && !availability.bookable ? (availability.reason ?? t('course.notBookable')) : availability?.full ? t('course.full') : null;
  return (
    <li className="rounded-md border border-neutral-300 p-3" data-testid="till-course" aria-labelledby={`${id}-name`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={`${id}-name`} className="text-lg font-semibold">
            {course.name}
          </h3>
          <p className="text-sm text-neutral-800">
            {t('course.sessions', { count: course.weeks, from: longDate(course.startsOn), time: course.startTime })}
          </p>
          {range && <p className="text-sm text-neutral-800">{t('course.ages', { range })}</p>}
          {availability && (
            <p className="text-sm text-neutral-800" data-testid="till-course-places">
              {availability.full ? t('course.full') : t('course.placesLeft', { count: availability.placesLeft })}
            </p>
          )}
        </div>
        {availability ? (
          <p className="text-right">
            <span className="tabular-nums font-semibold" data-testid="till-course-price">
              {availability.formattedPrice}
            </span>
            {availability.proRata && <span className="block text-sm text-neutral-800">{t('course.proRata', { remaining: availability.remainingSessions, total: availability.totalSessions })}</span>}
          </p>
        ) : (
          <LoadingSpinner label={t('loading')} />
        )}
      </div>
      <div className="mt-2">
        {why ? (
          <p className="text-sm font-semibold text-neutral-900" data-testid="till-course-refusal">
            {why}
          </p>
        ) : (
          availability && (
            <Button size="sm" disabled={isBusy} onClick={onAdd} aria-label={t('course.addFor', { name: course.name, person: person.name })}>
              {t('course.add')}
            </Button>
          )
        )}
        {error && (
          <p role="alert" className="mt-2 font-semibold text-danger-700">
            {error}
          </p>
        )}
      </div>
    </li>
  );
};
