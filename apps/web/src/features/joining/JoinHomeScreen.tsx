import { Link, Navigate } from 'react-router';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useShellMode } from '../../lib/shell-mode.ts';
import { getSelectedVenue } from '../../lib/selected-venue.ts';
import { useVenues } from '../../lib/venues.ts';
import { ScreenHeading } from '../../lib/ui/ScreenHeading.tsx';
import { LoadingSpinner } from '../../lib/ui/LoadingSpinner.tsx';

/**
 * The membership app's home (issue 23, spec §2 'Buy a membership' → `/` when no venue is
 * chosen): the centres that sell memberships online, each a link to its plans. A kiosk
 * (`?kiosk=true&centre={slug}`) is that centre's join page at once, and its 90 s idle comes
 * back here (spec §4).
 */
const JoinHomeScreen = () => {
  const { t } = useTranslation('joining');
  const { isKiosk, centre } = useShellMode();
  const venues = useVenues();
  usePageMeta({ title: t('home.title'), description: t('home.description') });
  if (isKiosk && centre) return <Navigate replace to={`/centre/${centre}`} />;
  const selected = getSelectedVenue().slug;
  const list = (venues.data ?? []).filter((venue) => venue.onlineJoiningEnabled);
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <ScreenHeading title={t('home.title')} lead={t('home.lead')} />
      {venues.isPending ? (
        <LoadingSpinner label={t('loading')} />
      ) : venues.isError ? (
        <p role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          {venues.error.message || t('loadFailed')}
        </p>
      ) : list.length === 0 ? (
        <p className="mt-6 text-lg text-neutral-800">{t('home.none')}</p>
      ) : (
        <>
          <h2 className="mt-8 text-xl font-semibold text-neutral-900">{t('home.venues')}</h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="joining-venues">
            {[...list]
              .sort((a, b) => Number(b.slug === selected) - Number(a.slug === selected) || a.name.localeCompare(b.name))
              .map((venue) => (
                <li key={venue.slug}>
                  {/* Named by what it shows (the venue, then 'See memberships at …'): a label of its own left out the name shown first (axe label-content-name-mismatch). */}
                  <Link
                    to={`/centre/${venue.slug}`}
                    className="block h-full rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200 hover:ring-primary-500 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary-500"
                  >
                    <span className="block text-lg font-semibold text-neutral-900">{venue.name}</span>
                    <span className="mt-2 block font-medium text-primary-600 underline underline-offset-4">{t('home.choose', { venue: venue.name })}</span>
                  </Link>
                </li>
              ))}
          </ul>
        </>
      )}
    </section>
  );
};

export default JoinHomeScreen;
