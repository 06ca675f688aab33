import { useTranslation } from '../../lib/i18n-react.tsx';
import { AccountPage } from './AccountPage.tsx';

/** My details: what the account holds about its holder. */
const MyDetailsScreen = () => {
  const { t } = useTranslation('my-account');
  return (
    <AccountPage title={t('details.title')}>
      {(user) => (
        <dl className="grid gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200 sm:grid-cols-2">
          {[
            [t('details.name'), `${user.firstName} ${user.lastName}`],
            [t('details.email'), user.email],
            [t('details.reference'), user.reference],
            [t('details.homeVenue'), user.homeVenueSlug ? user.homeVenueSlug.replaceAll('-', ' ') : t('details.none')],
          ].map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm font-medium text-neutral-700">{label}</dt>
              <dd className="mt-1 text-neutral-900">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </AccountPage>
  );
};

export default MyDetailsScreen;
