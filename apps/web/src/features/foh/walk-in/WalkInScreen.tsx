import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { LoadingSpinner } from '../../../lib/ui/LoadingSpinner.tsx';
import { CartTargetProvider, type CartTarget } from '../../basket/public.ts';
import { fohKeys, useStaffCart, type CustomerPanel, type PayResult, type StaffCart, type TillSession } from '../api/foh.ts';
import { TillFrame } from '../components/TillFrame.tsx';
import { PayPanel } from '../components/PayPanel.tsx';
import { TillReceipt } from '../components/TillReceipt.tsx';
import { TillBasket } from '../components/TillBasket.tsx';
import { TillBook } from '../components/TillBook.tsx';
import { useWalkIn, type WalkIn } from './api.ts';

/**
 * `/till/walk-in` (issue 24; docs/front-of-house-screens.md "Walk-in sales"): a sale without a
 * customer record. The till's walk-in account is the cart target, so the same Book part (only
 * the activities that allow guests), basket and Take payment as the customer screen; the receipt
 * is printed or none (nobody to email).
 */
const WalkInScreen = () => {
  const { t } = useTranslation('foh');
  return (
    <TillFrame title={t('walkIn.title')} needsOpenTill>
      {(session) => <WalkInSale session={session!} />}
    </TillFrame>
  );
};

const WalkInSale = ({ session }: { session: TillSession }) => {
  const { t } = useTranslation('foh');
  const walkIn = useWalkIn(session.id);
  if (walkIn.isPending) return <LoadingSpinner label={t('loading')} />;
  if (walkIn.isError) return <p role="alert">{walkIn.error.message}</p>;
  return <WalkInBasket walkIn={walkIn.data} session={session} />;
};

const WalkInBasket = ({ walkIn, session }: { walkIn: WalkIn; session: TillSession }) => {
  const { t } = useTranslation('foh');
  const queryClient = useQueryClient();
  const accountUserId = walkIn.accountUserId;
  const cart = useStaffCart(accountUserId);
  const [paid, setPaid] = useState<{ result: PayResult; items: StaffCart['items']; receipt: 'print' | 'email' | 'none' } | null>(null);
  const people = useMemo<CustomerPanel['people']>(() => [{ membershipUserId: walkIn.membershipUserId, name: walkIn.name, relationship: 'self', dateOfBirth: null }], [walkIn]);
  const target = useMemo<CartTarget>(
    () => ({
      accountUserId,
      tillSessionId: session.id,
      onCart: (next) => {
        queryClient.setQueryData(fohKeys.cart(accountUserId), next);
        setPaid(null);
      },
    }),
    [accountUserId, session.id, queryClient],
  );
  const onPaid = (result: PayResult, receipt: 'print' | 'email' | 'none') => {
    setPaid({ result, items: cart.data?.items ?? [], receipt });
    void queryClient.invalidateQueries({ queryKey: fohKeys.cart(accountUserId) });
  };
  const basket = () => {
    if (paid) return <TillReceipt result={paid.result} items={paid.items} session={session} receipt={paid.receipt} onNext={() => setPaid(null)} />;
    if (cart.isPending) return <LoadingSpinner label={t('loading')} />;
    if (cart.error) return <p role="alert">{cart.error.message}</p>;
    return (
      <div className="space-y-6">
        <TillBasket cart={cart.data} accountUserId={accountUserId} session={session} people={people} />
        {cart.data.items.length > 0 && <PayPanel cart={cart.data} session={session} accountUserId={accountUserId} onPaid={onPaid} walkIn />}
      </div>
    );
  };
  return (
    <div className="space-y-6">
      <p>{t('walkIn.intro', { name: walkIn.name })}</p>
      <CartTargetProvider value={target}>
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="rounded-lg border border-neutral-300 bg-white p-4">{basket()}</div>
          <div className="rounded-lg border border-neutral-300 bg-white p-4">
            <TillBook session={session} people={people} walkIn={{ guestCategories: walkIn.guestCategories }} />
          </div>
        </div>
      </CartTargetProvider>
    </div>
  );
};

export default WalkInScreen;
