import { useTranslation } from '../../lib/i18n-react.tsx';
import { Link, useParams } from 'react-router';
import { usePageMeta } from '../../lib/page-meta.ts';
import { buttonClasses } from '../../lib/ui/Button.tsx';
import { LoadingSpinner } from '../../lib/ui/LoadingSpinner.tsx';
import { useCategories } from './api/categories.ts';
import { CategoryCard } from './components/CategoryCard.tsx';
import { StateMessage } from './components/StateMessage.tsx';
import { VenueHeader } from './components/VenueHeader.tsx';
import { VenueNotFound } from './components/VenueNotFound.tsx';
import { useVenuePage } from './use-venue-page.ts';

/** Spec §2 /location/{venueSlug}: 'Choose an activity'. */
const ChooseActivityScreen = () => {
  const { venueSlug = '' } = useParams();
  const { t } = useTranslation('catalogue');
  const { venue, isMissing } = useVenuePage(venueSlug);
  usePageMeta({
    title: t('activities.title'),
    description: venue ? t('activities.intro', { venue: venue.name }) : undefined,
    breadcrumbs: [{ label: t('common:breadcrumbs.bookActivity') }],
  });
  const categories = useCategories(venueSlug);

  if (isMissing) return <VenueNotFound />;
  const roots = (categories.data ?? []).filter((c) => c.isRoot);
  const venueName = venue?.name ?? '';

  return (
    <div className="pb-16">
      <VenueHeader
        venue={venue}
        eyebrow={t('activities.title')}
        heading={t('activities.heading')}
        intro={venue ? t('activities.intro', { venue: venueName }) : undefined}
      />
      <div className="mx-auto max-w-6xl px-4 pt-8">
        {categories.isPending ? (
          <LoadingSpinner />
        ) : categories.isError ? (
          <StateMessage tone="problem" title={t('activities.loadError')}>
            <button type="button" className={buttonClasses()} onClick={() => void categories.refetch()}>
              {t('home.retry')}
            </button>
          </StateMessage>
        ) : roots.length === 0 ? (
          <StateMessage title={t('activities.emptyTitle')} text={t('activities.emptyText', { venue: venueName })}>
            <Link to="/" className={buttonClasses({ size: 'lg' })}>
              {t('venue.chooseVenue')}
            </Link>
          </StateMessage>
        ) : (
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {roots.map((category) => {
              const isCourse = category.kind === 'course';
              return (
                <CategoryCard
                  key={category.slug}
                  slug={category.slug}
                  name={category.name}
                  description={category.shortDescription}
                  imageUrl={category.imageUrl}
                  to={isCourse ? `/courses/location/${venueSlug}` : `/location/${venueSlug}/${category.slug}`}
                  action={isCourse ? t('activities.courses') : t('activities.explore')}
                  badge={category.childrenCount > 0 ? t('activities.options', { count: category.childrenCount }) : undefined}
                />
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
};

export default ChooseActivityScreen;
