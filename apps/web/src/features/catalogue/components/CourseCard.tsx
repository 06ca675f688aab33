import { useId } from 'react';
import { ArrowRight, CalendarDays, Clock, Users } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Link } from 'react-router';
import { toMoney } from '@app/contract/rules/money';
import type { Course } from '../api/courses.ts';
import { ageRange, dayName, formatCourseDate, timeRange } from '../course-format.ts';
import { CategoryArtwork } from './CategoryArtwork.tsx';

type Props = { course: Course; venueSlug: string; currencySymbol: string };

export const useCourseFacts = (course: Course) => {
  const { t } = useTranslation('catalogue');
  const ages = ageRange(course.minAge, course.maxAge);
  return {
    weekly: t('courses.weekly', { day: dayName(course.dayOfWeek), time: timeRange(course.startTime, course.durationMinutes) }),
    runs: t('courses.runs', { count: course.weeks, date: formatCourseDate(course.startsOn) }),
    ages: ages ? t(`courses.${ages.key}`, { min: ages.min, max: ages.max }) : null,
  };
};

/** A course on the list: when, who for, the price, and the way in. */
export const CourseCard = ({ course, venueSlug, currencySymbol }: Props) => {
  const { t } = useTranslation('catalogue');
  const facts = useCourseFacts(course);
  const to = `/courses/location/${venueSlug}/${course.category.slug}/${course.slug}`;
  const id = useId();
  // The link is the course's title, stretched over the card (its visible text is its whole name,
  // WCAG 2.5.3); when, who for and the price are its description.
  return (
    <li className="group relative flex">
      <div className="flex w-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-dark-100 transition group-hover:-translate-y-0.5 group-hover:shadow-lg">
        <div className="relative">
          <CategoryArtwork slug={course.category.slug} imageUrl={course.imageUrl} className="h-28" iconClassName="size-12" />
          <span className="absolute top-3 left-3 rounded-full bg-white/90 px-2.5 py-0.5 text-xs font-semibold text-dark-500 shadow-sm">
            {course.category.name}
          </span>
        </div>
        <div className="flex flex-1 flex-col gap-3 p-5">
          <div>
            <h2 className="font-heading text-2xl leading-tight text-dark-500">
              <Link to={to} aria-describedby={`${id}-facts ${id}-price`} className="after:absolute after:inset-0 after:rounded-2xl">
                {course.name}
              </Link>
            </h2>
            {course.shortDescription && <p className="mt-1 text-dark-400">{course.shortDescription}</p>}
          </div>
          <ul id={`${id}-facts`} className="flex flex-col gap-1.5 text-sm text-dark-500">
            <li className="flex items-center gap-2">
              <Clock aria-hidden="true" className="size-4 text-primary-500" />
              {facts.weekly}
            </li>
            <li className="flex items-center gap-2">
              <CalendarDays aria-hidden="true" className="size-4 text-primary-500" />
              {facts.runs}
            </li>
            {facts.ages && (
              <li className="flex items-center gap-2">
                <Users aria-hidden="true" className="size-4 text-primary-500" />
                {facts.ages}
              </li>
            )}
          </ul>
          {(course.level || course.tags.length > 0) && (
            <ul className="flex flex-wrap gap-1.5" aria-label={t('course.level')}>
              {course.level && (
                <li className="rounded-full bg-secondary-50 px-2.5 py-0.5 text-xs font-medium text-secondary-600">{course.level}</li>
              )}
              {course.tags.map((tag) => (
                <li key={tag.id} className="rounded-full bg-dark-50 px-2.5 py-0.5 text-xs font-medium text-dark-400">
                  {tag.name}
                </li>
              ))}
            </ul>
          )}
          <div className="mt-auto flex items-end justify-between gap-3 border-t border-dark-100 pt-4">
            <p id={`${id}-price`}>
              <span className="font-heading text-2xl text-dark-500">{toMoney(course.price, currencySymbol).formatted}</span>{' '}
              <span className="text-sm text-dark-400">{t('courses.forCourse')}</span>
            </p>
            <span className="inline-flex items-center gap-1.5 font-semibold text-primary-600">
              {t('courses.details')}
              <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-1" />
            </span>
          </div>
        </div>
      </div>
    </li>
  );
};
