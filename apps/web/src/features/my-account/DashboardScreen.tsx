import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { buttonClasses } from '../../lib/ui/Button.tsx';
import { isLoggedIn, type AuthUser } from '../auth/public.ts';
import { AccountPage } from './AccountPage.tsx';
import { creditQuery, lateFeesQuery, nextBookingsQuery } from './api/bookings.ts';
import { membershipsQuery } from './api/holdings.ts';
import { CreditCard } from './components/CreditCard.tsx';
import { DashboardWarnings } from './components/DashboardWarnings.tsx';
import { MembershipSummary } from './components/MembershipSummary.tsx';
import { NEXT_BOOKINGS, NextBookings } from './components/NextBookings.tsx';
import { DashboardSkeleton } from './components/Skeletons.tsx';

const card = 'rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200';

/**
 * Account dashboard (spec test id `home-dashboard`): warnings first (an unpaid fee, documents),
 * then who is on the account, the next bookings, the credit, the membership and the people.
 *
 * Server-rendered as its frame and skeleton (docs/performance.md "Personal screens"); the
 * dashboard replaces the skeleton whole once the user and each of its parts have answered, so
 * nothing moves as they arrive one by one. The parts' requests start with the user's.
 */
const DashboardScreen = () => {
  const { t } = useTranslation('my-account');
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isLoggedIn()) return;
    void queryClient.prefetchQuery(nextBookingsQuery(NEXT_BOOKINGS));
    void queryClient.prefetchQuery(membershipsQuery());
    void queryClient.prefetchQuery(creditQuery());
  }, [queryClient]);
  const skeleton = <DashboardSkeleton label={t('loading')} />;
  return (
    <AccountPage title={t('dashboard.title')} testId="home-dashboard" skeleton={skeleton}>
      {(user) => <Dashboard user={user} skeleton={skeleton} />}
    </AccountPage>
  );
};

const Dashboard = ({ user, skeleton }: { user: AuthUser; skeleton: ReactNode }) => {
  const { t } = useTranslation('my-account');
  const parts = [
    useQuery(nextBookingsQuery(NEXT_BOOKINGS)),
    useQuery(membershipsQuery()),
    useQuery(creditQuery()),
    useQuery({ ...lateFeesQuery(), enabled: user.hasOutstandingPenalties }),
  ];
  // A disabled query (no fee owed) is pending for good: it is not waited for.
  if (parts.some((part) => part.isPending && part.fetchStatus !== 'idle')) return skeleton;
  return (
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
  );
};

export default DashboardScreen;
