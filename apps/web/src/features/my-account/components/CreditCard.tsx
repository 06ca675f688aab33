import { useQuery } from '@tanstack/react-query';
import { toMoney } from '@app/contract/rules/money';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { creditQuery } from '../api/bookings.ts';
import { longDate } from './booking-format.ts';

/** Account credit from the ledger, and which part of it expires when (cancellation credit lasts 12 months). */
export const CreditCard = ({ balance }: { balance: number }) => {
  const { t } = useTranslation('my-account');
  const credit = useQuery(creditQuery());
  return (
    <section aria-labelledby="dashboard-credit" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200" data-testid="dashboard-credit">
      <h2 id="dashboard-credit" className="text-sm font-semibold tracking-wide text-neutral-700 uppercase">
        {t('dashboard.credit')}
      </h2>
      <p className="mt-2 text-3xl font-bold text-neutral-900">{toMoney(credit.data?.balance ?? balance).formatted}</p>
      {credit.data && credit.data.expiring.length > 0 && (
        <ul className="mt-2 text-sm text-neutral-700">
          {credit.data.expiring.map((lot) => (
            <li key={lot.expiresAt}>{t('dashboard.creditExpires', { amount: lot.formattedAmount, date: longDate(lot.expiresAt) })}</li>
          ))}
        </ul>
      )}
    </section>
  );
};
