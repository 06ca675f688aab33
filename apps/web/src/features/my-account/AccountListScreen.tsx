import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { buttonClasses } from '../../lib/ui/Button.tsx';
import { AccountPage } from './AccountPage.tsx';

/** The account sections whose records (spec §1) no account holds yet; the router lists the same paths (bookings: BookingsScreen). */
type Section = 'memberships' | 'packages' | 'guest-passes' | 'payments';

/**
 * Memberships, packages, guest passes and payments: the account's records of each
 * kind. No such records exist for any account until buying them lands, so each says so and
 * offers the way to get one.
 */
const AccountListScreen = () => {
  const { t } = useTranslation('my-account');
  const section = useLocation().pathname.slice(1) as Section;
  return (
    <AccountPage title={t(`${section}.title`)}>
      {() => (
        <div className="rounded-xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-neutral-200">
          <p className="text-lg font-medium text-neutral-900">{t(`${section}.empty`)}</p>
          <Link to="/redirect-to-selected-venue" className={buttonClasses({ size: 'lg', className: 'mt-6' })}>
            {t('dashboard.bookActivity')}
          </Link>
        </div>
      )}
    </AccountPage>
  );
};

export default AccountListScreen;
