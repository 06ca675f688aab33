import { lazy, Suspense } from 'react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { Link } from 'react-router';

const VenueFooter = lazy(() => import('./VenueFooter.tsx'));

/** Page footer: the venue's own block when a venue is known, then the site links. */
export const SiteFooter = ({ venue }: { venue: string | undefined }) => {
  const { t } = useTranslation();
  return (
    <footer className="mt-auto bg-dark-500 text-on-dark">
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        {venue && (
          <Suspense fallback={null}>
            <div className="mb-8 border-b border-white/15 pb-8">
              <VenueFooter venue={venue} />
            </div>
          </Suspense>
        )}
        <nav aria-label={t('footer.label')}>
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <li>
              <Link to="/" className="inline-flex min-h-6 items-center underline-offset-4 hover:underline">
                {t('footer.venues')}
              </Link>
            </li>
            <li>
              <Link to="/redirect-to-selected-venue" className="inline-flex min-h-6 items-center underline-offset-4 hover:underline">
                {t('nav.bookActivity')}
              </Link>
            </li>
            <li>
              <Link to="/course-redirect-to-selected-venue" className="inline-flex min-h-6 items-center underline-offset-4 hover:underline">
                {t('footer.bookCourse')}
              </Link>
            </li>
            <li>
              <Link to="/basket" className="inline-flex min-h-6 items-center underline-offset-4 hover:underline">
                {t('nav.basket')}
              </Link>
            </li>
            <li>
              <Link to="/accessibility" className="inline-flex min-h-6 items-center underline-offset-4 hover:underline">
                {t('footer.accessibility')}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
};
