import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { Link } from 'react-router';
import { useShellMode } from '../../lib/shell-mode.ts';

const VenueFooter = lazy(() => import('./VenueFooter.tsx'));

/** Page footer: the venue's own block when a venue is known, then the site links. */
export const SiteFooter = ({ venue }: { venue: string | undefined }) => {
  const { t } = useTranslation();
  // Kiosk mode (issue 24): the venue's own block links to other sites, email and phone; not on a foyer screen.
  const { isKiosk } = useShellMode();
  // A kiosk is touched, not clicked: 48 px targets there (docs/kiosk.md).
  const linkClass = `inline-flex items-center underline-offset-4 hover:underline ${isKiosk ? 'min-h-12 text-lg' : 'min-h-6'}`;
  // Built once per venue: the server rendered the block (the page carries it), and a new element
  // given to its still-dehydrated boundary (the shell re-renders as the customer and settings
  // arrive) would make React drop the server's block for the fallback until the chunk came, and
  // the footer would shrink and grow again (issue 28; ShellLayout keeps its screen the same way).
  const venueBlock = useMemo(
    () =>
      venue && !isKiosk ? (
        <Suspense fallback={null}>
          <div className="mb-8 border-b border-white/15 pb-8">
            <VenueFooter venue={venue} />
          </div>
        </Suspense>
      ) : null,
    [venue, isKiosk],
  );
  return (
    <footer className="mt-auto bg-dark-500 text-on-dark">
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        {venueBlock}
        <nav aria-label={t('footer.label')}>
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <li>
              <Link to="/" className={linkClass}>
                {t('footer.venues')}
              </Link>
            </li>
            <li>
              <Link to="/redirect-to-selected-venue" className={linkClass}>
                {t('nav.bookActivity')}
              </Link>
            </li>
            <li>
              <Link to="/course-redirect-to-selected-venue" className={linkClass}>
                {t('footer.bookCourse')}
              </Link>
            </li>
            {!isKiosk && (
              <li>
                <Link to="/basket" className={linkClass}>
                  {t('nav.basket')}
                </Link>
              </li>
            )}
            <li>
              <Link to="/accessibility" className={linkClass}>
                {t('footer.accessibility')}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
};
