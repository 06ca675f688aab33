import { useQuery } from '@tanstack/react-query';
import { toMoney } from '@app/contract/rules/money';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Link } from 'react-router';
import { buttonClasses } from '../../../lib/ui/Button.tsx';
import type { AuthUser } from '../../auth/public.ts';
import { lateFeesQuery } from '../api/bookings.ts';

/**
 * What needs the customer's attention, from the auth user's fields: an unpaid late-cancellation
 * fee (with "Pay", to the fee page: credit or card), documents expiring soon, a membership document to upload.
 */
export const DashboardWarnings = ({ user }: { user: AuthUser }) => {
  const { t } = useTranslation('my-account');
  const fees = useQuery({ ...lateFeesQuery(), enabled: user.hasOutstandingPenalties });
  const expiring = user.documentExpiry.filter((d) => d.documentExpiringSoon);
  if (!user.hasOutstandingPenalties && expiring.length === 0 && !user.membershipDocumentUploadRequired) return null;
  const total = (fees.data ?? []).reduce((sum, fee) => sum + fee.amount, 0);
  const amount = toMoney(total).formatted;
  return (
    <section aria-labelledby="dashboard-warnings" className="rounded-xl border border-amber-400 bg-amber-50 p-5 md:col-span-3" data-testid="dashboard-warnings">
      <h2 id="dashboard-warnings" className="text-lg font-semibold text-neutral-900">
        {t('dashboard.warnings')}
      </h2>
      <ul className="mt-3 grid gap-3">
        {user.hasOutstandingPenalties && (
          <li className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-neutral-900">
              {fees.data ? t('dashboard.feeOwed', { amount, count: fees.data.length }) : t('dashboard.feeOwedUnknown')}
            </p>
            <Link to="/late-fees" className={buttonClasses({ className: 'shrink-0' })}>
              {fees.data ? t('dashboard.payFee', { amount }) : t('lateFees.title')}
            </Link>
          </li>
        )}
        {expiring.map((document, index) => (
          <li key={index} className="text-neutral-900">
            {t('dashboard.documentExpiring', { count: document.daysToExpiry })}
          </li>
        ))}
        {user.membershipDocumentUploadRequired && <li className="text-neutral-900">{t('dashboard.documentUpload')}</li>}
      </ul>
    </section>
  );
};
