import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { membershipsQuery } from '../api/holdings.ts';
import { StatusChip, formatDay } from './QueryState.tsx';

/** The dashboard's membership status (issue 11): the account's memberships, or that there is none. */
export const MembershipSummary = () => {
  const { t } = useTranslation('holdings');
  const query = useQuery(membershipsQuery());
  const current = (query.data ?? []).filter((membership) => membership.status !== 'cancelled');
  return (
    <section aria-labelledby="membership-summary" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200 md:col-span-3" data-testid="membership-summary">
      <h2 id="membership-summary" className="text-sm font-semibold tracking-wide text-neutral-700 uppercase">
        {t('summary.title')}
      </h2>
      {query.isSuccess && current.length === 0 && <p className="mt-2 text-neutral-900">{t('summary.none')}</p>}
      <ul className="mt-2 grid gap-2">
        {current.map((membership) => (
          <li key={membership.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="text-lg font-semibold text-neutral-900">{membership.plan.name}</span>
            <StatusChip status={membership.status} label={t(`status.${membership.status}`)} />
            <span className="text-neutral-800">
              {membership.person.firstName} {membership.person.lastName}
            </span>
            {membership.renewalDate && <span className="text-neutral-800">{t('summary.renews', { date: formatDay(membership.renewalDate) })}</span>}
          </li>
        ))}
      </ul>
      <Link to="/memberships" className="mt-3 inline-block font-medium text-primary-600 underline">
        {t('summary.more')}
      </Link>
    </section>
  );
};
