import { useTranslation } from '../../lib/i18n-react.tsx';
import { NavLink } from 'react-router';
import { logOut } from '../auth/public.ts';
import { useClientSettings } from '../../lib/client-settings.ts';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-primary-500 text-on-primary' : 'text-neutral-800 hover:bg-primary-50'}`;

/** Spec §2 account sub-navigation: the account site, logged-in users only (its screens come with the account work). */
export const AccountNav = () => {
  const { t } = useTranslation();
  const { onlineGuestPassesEnabled } = useClientSettings();
  const items = [
    ['/dashboard', 'account.dashboard'],
    ['/my-details', 'account.myDetails'],
    ['/memberships', 'account.memberships'],
    ['/packages', 'account.packages'],
    ['/bookings', 'account.bookings'],
    ...(onlineGuestPassesEnabled ? [['/guest-passes', 'account.guestPasses']] : []),
    ['/payments', 'account.payments'],
  ] as const;
  return (
    <nav aria-label={t('account.label')} className="border-b border-neutral-200 bg-white">
      <ul className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-4 py-2 sm:px-6">
        {items.map(([to, key]) => (
          <li key={to}>
            <NavLink to={to} className={linkClass}>
              {t(key)}
            </NavLink>
          </li>
        ))}
        <li>
          <button type="button" onClick={() => void logOut()} className={linkClass({ isActive: false })}>
            {t('account.logOut')}
          </button>
        </li>
      </ul>
    </nav>
  );
};
