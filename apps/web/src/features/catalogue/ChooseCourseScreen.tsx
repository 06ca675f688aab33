import { useTranslation } from '../../lib/i18n-react.tsx';
import { Link, useParams } from 'react-router';
import { useClientSettings } from '../../lib/client-settings.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { buttonClasses } from '../../lib/ui/Button.tsx';
import { LoadingSpinner } from '../../lib/ui/LoadingSpinner.tsx';
import { useCategories } from './api/categories.ts';
import { useCourses } from './api/courses.ts';
import { CourseCard } from './components/CourseCard.tsx';
import { StateMessage } from './components/StateMessage.tsx';
import { VenueHeader } from './components/VenueHeader.tsx';
import { VenueNotFound } from './components/VenueNotFound.tsx';
import { capitaliseSlug } from '@app/contract/rules/activity-slug';
import { isNotFound, useVenuePage } from './use-venue-page.ts';

const chip = (isActive: boolean) =>
  `inline-flex h-9 items-center rounded-full px-4 text-sm font-medium whitespace-nowrap transition-colors ${
    isActive ? 'bg-primary-500 text-on-primary' : 'bg-white text-dark-500 ring-1 ring-dark-200 hover:bg-primary-50'
  }`;

/** Spec §2 /courses/location/{venueSlug}[/{activitySlug}]: 'Choose a course'. */
const ChooseCourseScreen = () => {
  const { venueSlug = '', activitySlug } = useParams();
  const { t } = useTranslation('catalogue');
  const { currency } = useClientSettings();
  const { venue, isMissing } = useVenuePage(venueSlug);
  const categories = useCategories(venueSlug);
  const courses = useCourses(venueSlug, activitySlug);
  const courseCategories = (categories.data ?? []).filter((c) => c.kind === 'course' && !c.isRoot);
  const current = courseCategories.find((c) => c.slug === activitySlug);
  usePageMeta({
    title: t('courses.title'),
    description: current?.shortDescription ?? current?.description ?? t('courses.intro'),
    breadcrumbs: activitySlug
      ? [{ label: t('common:breadcrumbs.bookCourse'), to: `/courses/location/${venueSlug}` }, { label: capitaliseSlug(activitySlug) }]
      : [{ label: t('common:breadcrumbs.bookCourse') }],
  });

  if (isMissing) return <VenueNotFound />;
  const venueName = venue?.name ?? '';

  return (
    <div className="pb-16">
      <VenueHeader
        venue={venue}
        eyebrow={t('courses.title')}
        heading={current?.name ?? t('courses.heading', { venue: venueName })}
        intro={current?.description ?? t('courses.intro')}
      />
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 pt-8">
        {courseCategories.length > 1 && (
          <nav aria-label={t('courses.filterLabel')} className="-mx-4 overflow-x-auto px-4">
            <ul className="flex gap-2 pb-1">
              <li>
                <Link to={`/courses/location/${venueSlug}`} aria-current={!activitySlug ? 'page' : undefined} className={chip(!activitySlug)}>
                  {t('courses.all')}
                </Link>
              </li>
              {courseCategories.map((category) => (
                <li key={category.slug}>
                  <Link
                    to={`/courses/location/${venueSlug}/${category.slug}`}
                    aria-current={category.slug === activitySlug ? 'page' : undefined}
                    className={chip(category.slug === activitySlug)}
                  >
                    {category.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {courses.isPending ? (
          <LoadingSpinner />
        ) : courses.isError ? (
          isNotFound(courses.error) ? (
            <StateMessage tone="problem" title={t('subActivities.notFoundTitle')} text={t('subActivities.notFoundText', { venue: venueName })}>
              <Link to={`/courses/location/${venueSlug}`} className={buttonClasses({ size: 'lg' })}>
                {t('courses.all')}
              </Link>
            </StateMessage>
          ) : (
            <StateMessage tone="problem" title={t('courses.loadError')}>
              <button type="button" className={buttonClasses()} onClick={() => void courses.refetch()}>
                {t('home.retry')}
              </button>
            </StateMessage>
          )
        ) : courses.data.length === 0 ? (
          <StateMessage
            title={t('courses.emptyTitle')}
            text={
              activitySlug
                ? t('courses.emptyFilteredText', { venue: venueName, category: current?.name ?? capitaliseSlug(activitySlug) })
                : t('courses.emptyText', { venue: venueName })
            }
          >
            <Link to={activitySlug ? `/courses/location/${venueSlug}` : '/'} className={buttonClasses({ size: 'lg' })}>
              {activitySlug ? t('courses.all') : t('venue.chooseVenue')}
            </Link>
            <Link to={`/location/${venueSlug}`} className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
              {t('subActivities.allActivities')}
            </Link>
          </StateMessage>
        ) : (
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {courses.data.map((course) => (
              <CourseCard key={course.id} course={course} venueSlug={venueSlug} currencySymbol={currency.symbol} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
};

export default ChooseCourseScreen;
