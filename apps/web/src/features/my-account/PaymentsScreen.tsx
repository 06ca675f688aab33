import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { buttonClasses } from '../../lib/ui/Button.tsx';
import { AccountPage } from './AccountPage.tsx';
import { ordersQuery, type AccountOrder } from './api/holdings.ts';
import { QueryState, card, formatDay } from './components/QueryState.tsx';
import { tenderText } from './components/tenders.ts';

/** Payments (issue 11): the account's orders, newest first, with lines, tenders and a receipt each. */
const PaymentsScreen = () => {
  const { t } = useTranslation('holdings');
  return <AccountPage title={t('payments.title')}>{() => <Payments />}</AccountPage>;
};

const Payments = () => {
  const { t } = useTranslation('holdings');
  const query = useQuery(ordersQuery());
  return (
    <QueryState query={query} isEmpty={(orders) => orders.length === 0} empty={t('payments.empty')}>
      {(orders) => (
        <ul className="grid gap-4" aria-label={t('payments.title')}>
          {orders.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </ul>
      )}
    </QueryState>
  );
};

const OrderCard = ({ order }: { order: AccountOrder }) => {
  const { t } = useTranslation('holdings');
  const headingId = `order-${order.id}`;
  return (
    <li className={card} data-testid="payment">
      <article aria-labelledby={headingId}>
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id={headingId} className="text-lg font-semibold text-neutral-900">
            {t('payments.order', { reference: order.reference })}
          </h2>
          <p className="text-xl font-bold text-neutral-900">{order.total.formatted}</p>
        </div>
        <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-3">
          <div>
            <dt className="text-sm font-medium text-neutral-700">{t('payments.date')}</dt>
            <dd className="font-medium text-neutral-900">{formatDay(order.createdAt)}</dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-neutral-700">{t('payments.for')}</dt>
            <dd className="font-medium text-neutral-900">
              {[...new Set(order.lines.map((line) => `${line.person.firstName} ${line.person.lastName}`))].join(', ')}
            </dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-neutral-700">{t('payments.paidWith')}</dt>
            <dd className="font-medium text-neutral-900">{order.tenders.length ? order.tenders.map((tender) => tenderText(tender, t)).join(', ') : t('payments.nothingToPay')}</dd>
          </div>
        </dl>
        <ul className="mt-3 text-sm text-neutral-800">
          {order.lines.map((line) => (
            <li key={line.id}>
              {line.name}, {formatDay(line.date)} {line.time}, {line.venue.name}
              {line.description ? ` (${line.description})` : ''}
            </li>
          ))}
        </ul>
        <Link
          to={`/payments/${order.id}`}
          className={buttonClasses({ variant: 'secondary', className: 'mt-4' })}
          aria-label={t('payments.viewReceiptLabel', { reference: order.reference })}
        >
          {t('payments.viewReceipt')}
        </Link>
      </article>
    </li>
  );
};

export default PaymentsScreen;
