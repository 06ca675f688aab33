import type { ReactNode } from 'react';
import { Link, Navigate, NavLink, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { isLoggedIn, useAuthUser } from '../../auth/public.ts';
import { LoadingSpinner } from '../../../lib/ui/LoadingSpinner.tsx';
import { isApiError } from '../../../lib/api/errors.ts';
import { useCurrentSession, type TillSession } from '../api/foh.ts';
import { timeOf } from '../time.ts';

type Props = {
  title: string;
  /** The screen needs an open till: without one it sends the staff member to open it. */
  needsOpenTill?: boolean;
  children: (session: TillSession | null) => ReactNode;
};

/**
 * Every till screen's frame (docs/front-of-house-screens.md): staff only — a visitor goes to
 * /login and comes back, a customer's session is refused (the API answers 403 and so does the
 * screen) — with the till's header: who is working, which till, and whether it is open.
 */
export const TillFrame = ({ title, needsOpenTill = false, children }: Props) => {
  const { t } = useTranslation('foh');
  const { pathname, search } = useLocation();
  const current = useCurrentSession();
  usePageMeta({ title });
  if (!isLoggedIn()) return <Navigate replace to={`/login?redirect=${encodeURIComponent(pathname + search)}`} />;
  if (current.isPending) return <LoadingSpinner label={t('loading')} />;
  if (current.error) {
    const refused = isApiError(current.error) && current.error.statusCode === 403;
    return (
      <section className="mx-auto w-full max-w-3xl px-4 py-10">
        <h1 className="text-3xl font-bold text-dark-500">{refused ? t('refused.title') : title}</h1>
        <p role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800" data-testid="till-refused">
          {refused ? t('refused.text') : current.error.message}
        </p>
      </section>
    );
  }
  const session = current.data ?? null;
  if (needsOpenTill && !session) return <Navigate replace to="/till" />;
  return (
    <div className="till mx-auto w-full max-w-7xl px-4 py-4 sm:px-6">
      <TillHeader session={session} />
      <h1 className="mt-6 text-2xl font-bold text-dark-500 sm:text-3xl">{title}</h1>
      <div className="mt-4">{children(session)}</div>
    </div>
  );
};

const TillHeader = ({ session }: { session: TillSession | null }) => {
  const { t } = useTranslation('foh');
  // With no till open the staff member is still named: the logged-in user.
  const user = useAuthUser();
  const staffName = session?.staff.name ?? (user.data ? `${user.data.firstName} ${user.data.lastName}` : '—');
  const link = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-3 py-2 text-sm font-semibold ${isActive ? 'bg-primary-500 text-on-primary' : 'text-primary-700 underline-offset-4 hover:underline'}`;
  return (
    <header className="till-header flex flex-wrap items-center justify-between gap-3 rounded-lg border border-neutral-300 bg-white px-4 py-3" data-testid="till-header">
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex gap-1">
          <dt className="text-neutral-700">{t('header.staff')}</dt>
          <dd className="font-semibold" data-testid="till-staff">{staffName}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-neutral-700">{t('header.till')}</dt>
          <dd className="font-semibold" data-testid="till-name">{session ? session.till.name : '—'}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-neutral-700">{t('header.state')}</dt>
          <dd className="font-semibold" data-testid="till-state">
            {session ? t('header.openSince', { time: timeOf(session.openedAt) }) : t('header.closed')}
          </dd>
        </div>
      </dl>
      {session ? (
        <nav aria-label={t('header.nav')} className="flex flex-wrap gap-1">
          <NavLink end to="/till" className={link}>
            {t('nav.customers')}
          </NavLink>
          <NavLink to="/till/roster" className={link}>
            {t('roster.nav')}
          </NavLink>
          <NavLink to="/till/cash" className={link}>
            {t('nav.cash')}
          </NavLink>
          <NavLink to="/till/kiosk-takings" className={link}>
            {t('nav.takings')}
          </NavLink>
          <NavLink to="/till/close" className={link}>
            {t('nav.close')}
          </NavLink>
        </nav>
      ) : (
        <Link to="/till" className="text-sm font-semibold text-primary-700 underline">
          {t('nav.open')}
        </Link>
      )}
    </header>
  );
};
