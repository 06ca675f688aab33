import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { Button } from '../../lib/ui/Button.tsx';
import { LoadingSpinner } from '../../lib/ui/LoadingSpinner.tsx';
import { isApiError } from '../../lib/api/errors.ts';
import { useRemoveFromStaffCart, useStaffCart, type PayResult, type StaffCart, type TillSession } from './api/foh.ts';
import { TillFrame } from './components/TillFrame.tsx';
import { CustomerSearch } from './components/CustomerSearch.tsx';
import { CustomerPanelView } from './components/CustomerPanelView.tsx';
import { PayPanel } from './components/PayPanel.tsx';
import { TillReceipt } from './components/TillReceipt.tsx';
import { dateTimeOf } from './time.ts';

/**
 * `/till/customers/{accountUserId}`: the chosen customer's panel, their own basket (the one they
 * see online) and taking payment for it at the till, then the receipt.
 */
const CustomerScreen = () => {
  const { t } = useTranslation('foh');
  const accountUserId = Number(useParams().accountUserId);
  return (
    <TillFrame title={t('customer.title')} needsOpenTill>
      {(session) => (
        <div className="space-y-6">
          <CustomerSearch />
          <div className="grid gap-6 lg:grid-cols-2">
            <div className="rounded-lg border border-neutral-300 bg-white p-4">
              <CustomerPanelView accountUserId={accountUserId} />
            </div>
            <div className="rounded-lg border border-neutral-300 bg-white p-4">
              <BasketAndPay accountUserId={accountUserId} session={session!} />
            </div>
          </div>
        </div>
      )}
    </TillFrame>
  );
};

const BasketAndPay = ({ accountUserId, session }: { accountUserId: number; session: TillSession }) => {
  const { t } = useTranslation('foh');
  const navigate = useNavigate();
  const cart = useStaffCart(accountUserId);
  const [paid, setPaid] = useState<{ result: PayResult; items: StaffCart['items']; receipt: 'print' | 'email' | 'none' } | null>(null);
  if (paid) return <TillReceipt result={paid.result} items={paid.items} session={session} receipt={paid.receipt} onNext={() => void navigate('/till')} />;
  if (cart.isPending) return <LoadingSpinner label={t('loading')} />;
  if (cart.error) {
    const missing = isApiError(cart.error) && cart.error.statusCode === 404;
    return (
      <p role="alert" className="rounded-md border border-neutral-300 bg-neutral-50 px-4 py-3">
        {missing ? t('basket.unavailable') : cart.error.message}
      </p>
    );
  }
  return (
    <div className="space-y-6">
      <StaffBasket cart={cart.data} accountUserId={accountUserId} session={session} />
      {cart.data.items.length > 0 && <PayPanel cart={cart.data} session={session} accountUserId={accountUserId} onPaid={(result, receipt) => setPaid({ result, items: cart.data.items, receipt })} />}
    </div>
  );
};

const StaffBasket = ({ cart, accountUserId, session }: { cart: StaffCart; accountUserId: number; session: TillSession }) => {
  const { t } = useTranslation('foh');
  const remove = useRemoveFromStaffCart(accountUserId, session.id);
  return (
    <section aria-labelledby="staff-basket-heading">
      <h2 id="staff-basket-heading" className="text-xl font-bold">
        {t('basket.heading')}
      </h2>
      {cart.items.length === 0 ? (
        <p className="mt-2">{t('basket.empty')}</p>
      ) : (
        <ul className="mt-2 divide-y divide-neutral-200" data-testid="staff-basket">
          {cart.items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <strong>{item.name}</strong> — {item.purchasedFor.firstName} {item.purchasedFor.lastName}, {dateTimeOf(item.cartableResource.startsAt)} ({item.pricingOptionName})
              </span>
              <span className="flex items-center gap-3">
                <span className="tabular-nums">{item.price.formatted}</span>
                <Button size="sm" variant="danger-outline" disabled={remove.isPending} onClick={() => remove.mutate([item.id])} aria-label={t('basket.remove', { name: item.name, person: item.purchasedFor.firstName })}>
                  {t('pay.remove')}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {remove.error && (
        <p role="alert" className="text-danger-700">
          {remove.error.message}
        </p>
      )}
    </section>
  );
};

export default CustomerScreen;
