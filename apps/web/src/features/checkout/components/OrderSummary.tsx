import type { TFunction } from 'i18next';
import { Clock } from 'lucide-react';
import { toMoney } from '@app/contract/rules/money';
import { formatTimeLeft, useTimeLeft } from '../../../lib/basket-summary.ts';
import type { Cart } from '../api/checkout.ts';
import { CREDIT_TENDERS, balanceDue, type Payment } from '../tenders.ts';
import { formatDateTime } from '../../../lib/i18n-format.ts';

export const formatDate = (date: string) =>
  formatDateTime(new Date(`${date}T12:00:00Z`), { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });


/** The order (spec §3 Cart): each item with person, date, time, venue and price; totals; time left. */
export const OrderSummary = ({ cart, payments, symbol, t }: { cart: Cart; payments: Payment[]; symbol: string; t: TFunction }) => {
  const money = (pence: number) => toMoney(pence, symbol).formatted;
  const due = balanceDue(cart.total, payments);
  return (
    <section aria-labelledby="order-heading" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200 sm:p-6">
      <h2 id="order-heading" className="text-xl font-bold text-dark-500 uppercase">
        {t('order.title')}
      </h2>
      <TimeLeft expiresAt={cart.expiresAt} t={t} />
      <ul className="mt-4 divide-y divide-neutral-200" aria-label={t('order.items')}>
        {cart.items.map((item) => {
          const resource = item.cartableResource;
          return (
            <li key={item.id} className="py-3" data-testid="checkout-item">
              <div className="flex items-start justify-between gap-3">
                <h3 className="font-semibold text-neutral-900">{item.name}</h3>
                <span className="font-semibold whitespace-nowrap text-neutral-900">{item.price.formatted || money(item.price.raw)}</span>
              </div>
              <p className="text-sm text-neutral-800">
                {t('order.for', { name: `${item.purchasedFor.firstName} ${item.purchasedFor.lastName}` })}
              </p>
              <p className="text-sm text-neutral-800">
                {formatDate(resource.date)}, {resource.startsAtClock.format24Hour}–{resource.endsAtClock.format24Hour}
              </p>
              <p className="text-sm text-neutral-800">
                {resource.venue.name}
                {resource.location ? `, ${resource.location.name}` : ''}
              </p>
              {item.coveredBy && (
                <p className="text-sm font-medium text-green-800" data-testid="covered-by">
                  {t(item.coveredBy.type === 'membership' ? 'order.coveredByMembership' : 'order.coveredByPackage', { name: item.coveredBy.name })}
                </p>
              )}
              {item.status === 'expired' && <p className="mt-1 text-sm font-semibold text-red-700">{t('order.expired')}</p>}
            </li>
          );
        })}
      </ul>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-y-1 border-t border-neutral-300 pt-3 text-neutral-900">
        <dt>{t('order.subTotal')}</dt>
        <dd className="text-right">{money(cart.subTotal)}</dd>
        {cart.discount && (
          <>
            <dt>{t('confirmed.discount', { code: cart.discount.code })}</dt>
            <dd className="text-right" data-testid="order-discount">
              −{cart.discount.amount.formatted}
            </dd>
          </>
        )}
        {cart.taxTotal > 0 && (
          <>
            <dt>{t('order.tax')}</dt>
            <dd className="text-right">{money(cart.taxTotal)}</dd>
          </>
        )}
        <dt className="font-semibold">{t('order.total')}</dt>
        <dd className="text-right font-semibold" data-testid="order-total">
          {money(cart.total)}
        </dd>
        {payments.map((payment) => (
          <div key={payment.tenderType} className="contents">
            <dt className="text-green-950">{payment.tenderType === CREDIT_TENDERS.membership ? t('credits.membership') : t('credits.general')}</dt>
            <dd className="text-right text-green-950">−{money(payment.amount)}</dd>
          </div>
        ))}
        <dt className="mt-2 text-lg font-bold">{t('order.toPay')}</dt>
        <dd className="mt-2 text-right text-lg font-bold" data-testid="order-balance">
          {money(due)}
        </dd>
      </dl>
    </section>
  );
};

const TimeLeft = ({ expiresAt, t }: { expiresAt: string | null; t: TFunction }) => {
  const left = useTimeLeft(expiresAt);
  if (left === null) return null;
  return (
    <p className={`mt-2 flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium ${left < 120_000 ? 'bg-amber-50 text-amber-950' : 'bg-neutral-100 text-neutral-900'}`} data-testid="checkout-time-left">
      <Clock aria-hidden="true" className="size-4 shrink-0" />
      {left > 0 ? t('order.timeLeft', { time: formatTimeLeft(left) }) : t('order.timeUp')}
    </p>
  );
};
