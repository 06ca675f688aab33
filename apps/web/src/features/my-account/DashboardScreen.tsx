import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { buttonClasses } from '../../lib/ui/Button.tsx';
import { AccountPage } from './AccountPage.tsx';
import { CreditCard } from './components/CreditCard.tsx';
import { DashboardWarnings } from './components/DashboardWarnings.tsx';
import { MembershipSummary } from './components/MembershipSummary.tsx';
import { NextBookings } from './components/NextBookings.tsx';

const card = 'rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200';

/**
 * Account dashboard (spec test id `home-dashboard`): warnings first (an unpaid fee, documents),
 * then who is on the account, the next bookings, the credit, the membership and the people.
 */
const DashboardScreen = () => {
  const { t } = useTranslation('my-account');
  return (
    <AccountPage title={t('dashboard.title')} testId="home-dashboard">
      {(user) => (
        <div className="grid gap-5 md:grid-cols-3">
          <DashboardWarnings user={user} />
          <div className={`${card} md:col-span-2`}>
            <h2 className="text-xl font-semibold text-neutral-900">{t('dashboard.welcome', { name: user.firstName })}</h2>
            <p className="mt-1 text-sm text-neutral-700">{t('dashboard.reference', { reference: user.reference })}</p>
            <div className="mt-5 flex flex-wrap gap-3">
              <Link to="/redirect-to-selected-venue" className={buttonClasses({ size: 'lg' })}>
                {t('dashboard.bookActivity')}
              </Link>
              <Link to="/course-redirect-to-selected-venue" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
                {t('dashboard.bookCourse')}
              </Link>
            </div>
          </div>
          <CreditCard balance={user.credit.balance} />
          <NextBookings />
          <MembershipSummary />
          <div className={`${card} md:col-span-3`}>
            <h2 className="text-lg font-semibold text-neutral-900">{t('dashboard.people')}</h2>
            <p className="mt-1 text-sm text-neutral-700">{t('dashboard.peopleHelp')}</p>
            <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              {user.membershipUsers.map((member) => (
                <li key={member.id} className="rounded-lg border border-neutral-200 px-4 py-3">
                  <p className="font-medium text-neutral-900">
                    {member.firstName} {member.lastName}
                  </p>
                  <p className="text-sm text-neutral-700">{t(`relationship.${member.relationship}`)}</p>
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </AccountPage>
  );
};

export default DashboardScreen;
