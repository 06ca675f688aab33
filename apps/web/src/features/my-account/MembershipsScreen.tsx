import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { useClientSettings } from '../../lib/client-settings.ts';
import { getSelectedVenue } from '../../lib/selected-venue.ts';
import { productUrl, useShellMode } from '../../lib/shell-mode.ts';
import { followWithLogin } from '../auth/public.ts';
import { AccountPage } from './AccountPage.tsx';
import { membershipsQuery, type Membership } from './api/holdings.ts';
import { QueryState, StatusChip, card, formatDay } from './components/QueryState.tsx';
import { ARREARS_PENDING_KEY, ArrearsPayment, ArrearsReturn, CancelMembership } from './components/MembershipManage.tsx';

/**
 * Memberships (issue 11): the plans the account's people hold, status, start and renewal dates,
 * price. Issue 23: a membership in arrears is paid by card here (as late fees), and one can be
 * cancelled after seeing what cancelling does (cooling-off refund, notice end date, or why not).
 */
const MembershipsScreen = () => {
  const { t } = useTranslation('holdings');
  return <AccountPage title={t('memberships.title')}>{() => <Memberships />}</AccountPage>;
};

const Memberships = () => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const returning = params.get('transaction_uuid');
  const pendingId = Number(sessionStorage.getItem(ARREARS_PENDING_KEY));
  if (returning && pendingId) {
    const done = () => {
      sessionStorage.removeItem(ARREARS_PENDING_KEY);
      void navigate('/memberships', { replace: true });
    };
    return <ArrearsReturn membershipId={pendingId} transactionUuid={returning} approved={params.get('status') === 'approved'} onDone={done} />;
  }
  return <MembershipList />;
};

const MembershipList = () => {
  const { t } = useTranslation('holdings');
  const query = useQuery(membershipsQuery());
  const { onlineJoiningEnabled } = useClientSettings();
  const { isEmbedded } = useShellMode();
  const venue = getSelectedVenue().slug;
  // Issue 21: no membership yet → 'Buy a membership' (online joining), as the header offers; 'Book an activity' only when joining is not online.
  const buy = onlineJoiningEnabled
    ? { href: productUrl('online-joining', venue ? `/centre/${venue}` : '/', { isEmbedded }), label: t('common:nav.buyMembership'), onClick: followWithLogin }
    : undefined;
  return (
    <QueryState query={query} isEmpty={(list) => list.length === 0} empty={t('memberships.empty')} emptyAction={buy}>
      {(list) => (
        <ul className="grid gap-5" aria-label={t('memberships.title')}>
          {list.map((membership) => (
            <MembershipCard key={membership.id} membership={membership} />
          ))}
        </ul>
      )}
    </QueryState>
  );
};

const MembershipCard = ({ membership }: { membership: Membership }) => {
  const { t } = useTranslation('holdings');
  const covers = membership.covers.join(', ');
  return (
    <li className={card} data-testid="membership">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-neutral-900">{membership.plan.name}</h2>
        <StatusChip status={membership.status} label={t(`status.${membership.status}`)} />
      </div>
      {membership.plan.description && <p className="mt-1 text-neutral-700">{membership.plan.description}</p>}
      <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
        <Detail term={t('memberships.member')}>
          {membership.person.firstName} {membership.person.lastName}
        </Detail>
        <Detail term={t('memberships.venue')}>{membership.venue.name}</Detail>
        <Detail term={t('memberships.price')}>{t('memberships.perMonth', { price: membership.price.formatted })}</Detail>
        <Detail term={t('memberships.started')}>{formatDay(membership.startDate)}</Detail>
        <Detail term={t('memberships.renews')}>{membership.renewalDate ? formatDay(membership.renewalDate) : t('memberships.notRenewing')}</Detail>
        <Detail term={t('memberships.reference')}>
          <span data-testid="membership-reference">{membership.reference}</span>
        </Detail>
        {covers && (
          <Detail term={t('memberships.covers')} wide>
            {membership.homeVenueOnly ? t('memberships.coversHomeVenue', { list: covers, venue: membership.venue.name }) : covers}
          </Detail>
        )}
      </dl>
      {membership.status === 'arrears' && <ArrearsPayment membershipId={membership.id} />}
      {(membership.status === 'active' || membership.status === 'arrears') && <CancelMembership membershipId={membership.id} planName={membership.plan.name} />}
    </li>
  );
};

const Detail = ({ term, children, wide = false }: { term: string; children: React.ReactNode; wide?: boolean }) => (
  <div className={wide ? 'sm:col-span-2 lg:col-span-3' : undefined}>
    <dt className="text-sm font-medium text-neutral-700">{term}</dt>
    <dd className="font-medium text-neutral-900">{children}</dd>
  </div>
);

export default MembershipsScreen;
