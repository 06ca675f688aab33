import { useTranslation } from '../../lib/i18n-react.tsx';
import { Link, Navigate, useParams } from 'react-router';
import { usePageMeta } from '../../lib/page-meta.ts';
import { buttonClasses } from '../../lib/ui/Button.tsx';
import { LoadingSpinner } from '../../lib/ui/LoadingSpinner.tsx';
import { useCategory, type Category } from './api/categories.ts';
import { CategoryCard } from './components/CategoryCard.tsx';
import { StateMessage } from './components/StateMessage.tsx';
import { VenueHeader } from './components/VenueHeader.tsx';
import { VenueNotFound } from './components/VenueNotFound.tsx';
import { capitaliseSlug } from '@app/contract/rules/activity-slug';
import { isNotFound, useVenuePage } from './use-venue-page.ts';

/** Spec §2 /location/{venueSlug}/{activitySlug}: 'Choose a sub-activity'. */
const ChooseSubActivityScreen = () => {
  const { venueSlug = '', activitySlug = '' } = useParams();
  const { t } = useTranslation('catalogue');
  const { venue, isMissing } = useVenuePage(venueSlug);
  const result = useCategory(venueSlug, activitySlug);
  const category = result.data;
  usePageMeta({
    title: category?.name ?? capitaliseSlug(activitySlug),
    description: category && venue ? (category.shortDescription ?? category.description ?? t('subActivities.intro', { venue: venue.name })) : undefined,
    breadcrumbs: [
      { label: t('common:breadcrumbs.bookActivity'), to: `/location/${venueSlug}` },
      { label: capitaliseSlug(activitySlug) },
    ],
  });

  if (isMissing) return <VenueNotFound />;
  const venueName = venue?.name ?? '';

  if (category?.kind === 'course') return <Navigate replace to={`/courses/location/${venueSlug}/${activitySlug}`} />;
  // A sub-activity itself (no further choice): app/ActivityRoute.tsx shows its times on the first
  // day with something left once its dates are known (issue 21); until then, the screen's full
  // height, so the footer stays below the fold on the way there (a layout shift: issue 28).
  if (category && category.children.length === 0 && !category.isRoot) {
    return (
      <div className="min-h-dvh">
        <LoadingSpinner />
      </div>
    );
  }

  // A sub-activity's card opens its timetable without a date: the address above picks the day.
  const linkFor = (child: Category) => `/location/${venueSlug}/${child.slug}`;

  return (
    <div className="pb-16">
      <VenueHeader
        venue={venue}
        eyebrow={category?.parent?.name ?? t('activities.title')}
        heading={category?.name ?? (result.isError ? t('activities.title') : capitaliseSlug(activitySlug))}
        intro={category ? (category.description ?? t('subActivities.intro', { venue: venueName })) : undefined}
      />
      <div className="mx-auto max-w-6xl px-4 pt-8">
        {result.isPending ? (
          <LoadingSpinner />
        ) : result.isError ? (
          isNotFound(result.error) ? (
            <StateMessage
              tone="problem"
              title={t('subActivities.notFoundTitle')}
              text={t('subActivities.notFoundText', { venue: venueName })}
            >
              <Link to={`/location/${venueSlug}`} className={buttonClasses({ size: 'lg' })}>
                {t('subActivities.seeActivities', { venue: venueName })}
              </Link>
            </StateMessage>
          ) : (
            <StateMessage tone="problem" title={t('activities.loadError')}>
              <button type="button" className={buttonClasses()} onClick={() => void result.refetch()}>
                {t('home.retry')}
              </button>
            </StateMessage>
          )
        ) : result.data.children.length === 0 ? (
          <StateMessage
            title={t('subActivities.emptyTitle')}
            text={t('subActivities.emptyText', { venue: venueName, activity: result.data.name })}
          >
            <Link to={`/location/${venueSlug}`} className={buttonClasses({ size: 'lg' })}>
              {t('subActivities.allActivities')}
            </Link>
          </StateMessage>
        ) : (
          <>
            <p className="mb-6 text-lg text-dark-400">{t('subActivities.intro', { venue: venueName })}</p>
            <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {result.data.children.map((child) => (
                <CategoryCard
                  key={child.slug}
                  slug={child.slug}
                  name={child.name}
                  description={child.shortDescription}
                  imageUrl={child.imageUrl}
                  to={linkFor(child)}
                  action={child.allocationStrategy === 'customer' ? t('subActivities.pickCourt') : t('subActivities.book')}
                />
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
};

export default ChooseSubActivityScreen;
