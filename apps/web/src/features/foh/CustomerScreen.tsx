import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { LoadingSpinner } from '../../lib/ui/LoadingSpinner.tsx';
import { isApiError } from '../../lib/api/errors.ts';
import { fohKeys, useCustomerPanel, useStaffCart, type PayResult, type StaffCart, type TillSession } from './api/foh.ts';
import { CartTargetProvider, type CartTarget } from '../basket/public.ts';
import { TillFrame } from './components/TillFrame.tsx';
import { CustomerSearch } from './components/CustomerSearch.tsx';
import { CustomerPanelView } from './components/CustomerPanelView.tsx';
import { PayPanel } from './components/PayPanel.tsx';
import { TillReceipt } from './components/TillReceipt.tsx';
import { TillBasket } from './components/TillBasket.tsx';
import { TillBook } from './components/TillBook.tsx';
import { MembershipSaleCard } from './membership-sale/MembershipSale.tsx';

/**
 * `/till/customers/{accountUserId}`: the chosen customer's panel, their own basket (the one they
 * see online) with Change, Discount and Remove, booking on behalf (the venue's timetable and
 * courts for the customer or a family member) and taking payment at the till, then the receipt.
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
            <BasketAndPay key={accountUserId} accountUserId={accountUserId} session={session!} />
          </div>
          <MembershipSaleCard accountUserId={accountUserId} session={session!} />
        </div>
      )}
    </TillFrame>
  );
};

/**
 * The customer's basket at the till and what fills it: the booking panel and the basket both write
 * through the basket's mutations with the till's cart target (the staff routes for this customer
 * and till session); every answer replaces the till's copy of the basket.
 */
const BasketAndPay = ({ accountUserId, session }: { accountUserId: number; session: TillSession }) => {
  const { t } = useTranslation('foh');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cart = useStaffCart(accountUserId);
  const panel = useCustomerPanel(accountUserId);
  const people = panel.data?.people ?? [];
  const [paid, setPaid] = useState<{ result: PayResult; items: StaffCart['items']; receipt: 'print' | 'email' | 'none' } | null>(null);
  const target = useMemo<CartTarget>(
    () => ({
      accountUserId,
      tillSessionId: session.id,
      onCart: (next) => {
        queryClient.setQueryData(fohKeys.cart(accountUserId), next);
        // Something new in the basket after a sale: the basket again, not the last receipt.
        setPaid(null);
      },
    }),
    [accountUserId, session.id, queryClient],
  );
  const onPaid = (result: PayResult, receipt: 'print' | 'email' | 'none') => {
    setPaid({ result, items: cart.data?.items ?? [], receipt });
    // The basket is empty now and the panel's bookings have the new ones.
    void queryClient.invalidateQueries({ queryKey: fohKeys.cart(accountUserId) });
    void queryClient.invalidateQueries({ queryKey: fohKeys.panel(accountUserId) });
  };
  const basket = () => {
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
        <TillBasket cart={cart.data} accountUserId={accountUserId} session={session} people={people} />
        {cart.data.items.length > 0 && <PayPanel cart={cart.data} session={session} accountUserId={accountUserId} onPaid={onPaid} />}
      </div>
    );
  };
  return (
    <CartTargetProvider value={target}>
      <div className="rounded-lg border border-neutral-300 bg-white p-4">{basket()}</div>
      {people.length > 0 && (
        <div className="rounded-lg border border-neutral-300 bg-white p-4 lg:col-span-2">
          <TillBook session={session} people={people} />
        </div>
      )}
    </CartTargetProvider>
  );
};

export default CustomerScreen;
