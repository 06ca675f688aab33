import type { ReactNode } from 'react';
import { Navigate, NavLink, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { isLoggedIn, useAuthUser } from '../../auth/public.ts';
import { LoadingSpinner } from '../../../lib/ui/LoadingSpinner.tsx';
import { isApiError } from '../../../lib/api/errors.ts';
import { useManageVenues, type ManageVenue } from '../api/manage.ts';

type Props = {
  title: string;
  /** The venue the screen is about: the header's navigation names its timetable and changes. */
  venueSlug?: string;
  children: (venues: ManageVenue[]) => ReactNode;
};

/**
 * Every console screen's frame (docs/operator-tools.md): a visitor goes to /login and comes back;
 * anyone but a manager is refused (the API answers 403 and so does the screen; there is no role
 * in the browser to trust). The header names the manager and holds the console's navigation.
 */
export const ManageFrame = ({ title, venueSlug, children }: Props) => {
  const { t } = useTranslation('manage');
  const { pathname, search } = useLocation();
  const venues = useManageVenues();
  usePageMeta({ title });
  if (!isLoggedIn()) return <Navigate replace to={`/login?redirect=${encodeURIComponent(pathname + search)}`} />;
  if (venues.isPending) return <LoadingSpinner label={t('loading')} />;
  if (venues.error) {
    const refused = isApiError(venues.error) && venues.error.statusCode === 403;
    return (
      <section className="mx-auto w-full max-w-3xl px-4 py-10">
        <h1 className="text-3xl font-bold text-dark-500">{refused ? t('refused.title') : title}</h1>
        <p role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800" data-testid="manage-refused">
          {refused ? t('refused.text') : venues.error.message}
        </p>
      </section>
    );
  }
  const venue = venueSlug ? venues.data.find((v) => v.slug === venueSlug) : undefined;
  return (
    <div className="manage mx-auto w-full max-w-7xl px-4 py-4 sm:px-6">
      <ManageHeader venue={venue} />
      <h1 className="mt-6 text-2xl font-bold break-words text-dark-500 sm:text-3xl">{title}</h1>
      <div className="mt-4">{children(venues.data)}</div>
    </div>
  );
};

const ManageHeader = ({ venue }: { venue: ManageVenue | undefined }) => {
  const { t } = useTranslation('manage');
  const user = useAuthUser();
  const link = ({ isActive }: { isActive: boolean }) =>
    `inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold ${isActive ? 'bg-primary-500 text-on-primary' : 'text-primary-700 underline-offset-4 hover:underline'}`;
  return (
    <header className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-neutral-300 bg-white px-4 py-3" data-testid="manage-header">
      <p className="text-sm">
        <span className="text-neutral-700">{t('header.who')}</span>{' '}
        <span className="font-semibold" data-testid="manage-user">
          {user.data ? `${user.data.firstName} ${user.data.lastName}` : '—'}
        </span>
        {venue && <span className="ml-3 font-semibold">{venue.name}</span>}
      </p>
      <nav aria-label={t('header.nav')} className="flex flex-wrap gap-1">
        <NavLink end to="/manage" className={link}>
          {t('header.venues')}
        </NavLink>
        {venue && (
          <>
            <NavLink end to={`/manage/venues/${venue.slug}`} className={link}>
              {t('header.timetable')}
            </NavLink>
            <NavLink to={`/manage/venues/${venue.slug}/changes`} className={link}>
              {t('header.changes')}
            </NavLink>
            <NavLink to={`/manage/venues/${venue.slug}/new-series`} className={link}>
              {t('header.newSeries')}
            </NavLink>
            <NavLink to={`/manage/venues/${venue.slug}/details`} className={link}>
              {t('header.details')}
            </NavLink>
            <NavLink to={`/manage/venues/${venue.slug}/categories`} className={link}>
              {t('header.categories')}
            </NavLink>
          </>
        )}
        <NavLink to="/manage/import" className={link}>
          {t('header.import')}
        </NavLink>
        <NavLink to="/manage/settings" className={link}>
          {t('header.settings')}
        </NavLink>
        <NavLink to="/manage/theme" className={link}>
          {t('header.theme')}
        </NavLink>
      </nav>
    </header>
  );
};
