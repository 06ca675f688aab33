import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CreditCard, Lock } from 'lucide-react';
import { toMoney } from '@app/contract/rules/money';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { Button } from '../../lib/ui/Button.tsx';
import { LoadingSpinner } from '../../lib/ui/LoadingSpinner.tsx';
import { showToast } from '../../lib/toast/store.ts';
import { routerBasename } from '../../lib/shell-mode.ts';
import { checkoutKeys } from '../../lib/query-keys/checkout.ts';
import { CardFields, useCardPayment, useChallengeReturn } from '../checkout/public.ts';
import { AccountPage } from './AccountPage.tsx';
import { ListSkeleton } from './components/Skeletons.tsx';
import { authoriseLateFees, creditQuery, lateFeesQuery, usePayLateFees, type FeePayment, type LateFee } from './api/bookings.ts';
import { card as cardClasses, formatDay } from './components/QueryState.tsx';

/**
 * Pay late-cancellation fees (docs/account-bookings.md): the fees owed, then pay them all from
 * account credit or by card (3-D Secure as at checkout: a challenge leaves for the provider's
 * page and comes back here with ?transaction_uuid=…&status=…). Either way the customer lands on
 * the receipt under Payments and can book again.
 */
const LateFeesScreen = () => {
  const { t } = useTranslation('my-account');
  return (
    <AccountPage title={t('lateFees.title')} testId="late-fees-screen">
      {() => <LateFees />}
    </AccountPage>
  );
};

const errorText = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/** After a payment: the toast, then the receipt. */
const usePaid = () => {
  const { t } = useTranslation('my-account');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (paid: FeePayment) => {
    showToast({ type: 'success', content: t(paid.tenderType === 'card' ? 'lateFees.paidByCard' : 'lateFees.paidByCredit', { amount: paid.formattedAmount }) });
    void queryClient.removeQueries({ queryKey: checkoutKeys.prepare() });
    void navigate(`/payments/${encodeURIComponent(paid.completeOrderId)}`);
  };
};

type OnPaid = (paid: FeePayment) => void;

const LateFees = () => {
  const [params] = useSearchParams();
  // Here, not in the sections that pay: the fees refetched after paying unmount those first.
  const onPaid = usePaid();
  const returning = params.get('transaction_uuid');
  if (returning) return <ChallengeReturn transactionUuid={returning} approved={params.get('status') === 'approved'} onPaid={onPaid} />;
  return <FeesAndPayment onPaid={onPaid} />;
};

/** Back from the card check: pay when approved, else say why and offer the form again. */
const ChallengeReturn = ({ transactionUuid, approved, onPaid }: { transactionUuid: string; approved: boolean; onPaid: OnPaid }) => {
  const { t } = useTranslation('my-account');
  const navigate = useNavigate();
  const pay = usePayLateFees();
  const failure = useChallengeReturn({
    transactionUuid,
    approved,
    complete: (uuid) => pay.mutateAsync(uuid),
    onCompleted: onPaid,
    declined: t('lateFees.declined'),
    failed: (error) => errorText(error, t('lateFees.failed')),
  });
  if (!failure) return <LoadingSpinner label={t('lateFees.processing')} />;
  return (
    <div className="grid gap-6">
      <p role="alert" className="rounded-md border border-red-700 bg-red-50 px-4 py-3 font-medium text-red-800" data-testid="payment-error">
        {failure}
      </p>
      <Button size="lg" className="justify-self-start" onClick={() => void navigate('/late-fees', { replace: true })}>
        {t('lateFees.tryAgain')}
      </Button>
    </div>
  );
};

const FeesAndPayment = ({ onPaid }: { onPaid: OnPaid }) => {
  const { t } = useTranslation('my-account');
  const fees = useQuery(lateFeesQuery());
  if (fees.isPending) return <ListSkeleton label={t('lateFees.loading')} rows={1} />;
  if (fees.isError) {
    return (
      <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
        {fees.error.message || t('loadFailed')}
      </p>
    );
  }
  if (fees.data.length === 0) {
    return (
      <div className={`${cardClasses} grid justify-items-start gap-4`}>
        <p className="text-lg font-medium text-neutral-900">{t('lateFees.none')}</p>
        <Link to="/dashboard" className="font-semibold text-primary-600 underline underline-offset-4">
          {t('lateFees.backToDashboard')}
        </Link>
      </div>
    );
  }
  return <Payment fees={fees.data} onPaid={onPaid} />;
};

const Payment = ({ fees, onPaid }: { fees: LateFee[]; onPaid: OnPaid }) => {
  const { t } = useTranslation('my-account');
  const total = fees.reduce((sum, fee) => sum + fee.amount, 0);
  const amount = toMoney(total).formatted;
  return (
    <div className="grid gap-6">
      <section aria-labelledby="fees-owed" className={cardClasses}>
        <h2 id="fees-owed" className="text-lg font-semibold text-neutral-900">
          {t('lateFees.owed', { count: fees.length })}
        </h2>
        <ul className="mt-3 divide-y divide-neutral-200" data-testid="late-fees">
          {fees.map((fee) => (
            <li key={fee.id} className="flex flex-wrap items-baseline justify-between gap-2 py-3">
              <span className="text-neutral-900">
                <span className="font-medium">{fee.activityName}</span>
                <span className="block text-sm text-neutral-700">{t('lateFees.session', { venue: fee.venueName, date: formatDay(fee.date), time: fee.time })}</span>
              </span>
              <span className="font-semibold text-neutral-900">{fee.formattedAmount}</span>
            </li>
          ))}
        </ul>
        <p className="mt-3 flex justify-between border-t border-neutral-300 pt-3 text-lg font-bold text-neutral-900">
          <span>{t('lateFees.total')}</span>
          <span data-testid="late-fees-total">{amount}</span>
        </p>
      </section>
      <CreditPayment total={total} amount={amount} onPaid={onPaid} />
      <CardPayment total={total} amount={amount} onPaid={onPaid} />
    </div>
  );
};

const CreditPayment = ({ total, amount, onPaid }: { total: number; amount: string; onPaid: OnPaid }) => {
  const { t } = useTranslation('my-account');
  const credit = useQuery(creditQuery());
  const pay = usePayLateFees();
  const balance = credit.data?.balance ?? 0;
  if (!credit.data || balance <= 0) return null;
  const formattedBalance = credit.data.formattedBalance;
  return (
    <section aria-labelledby="pay-credit" className={cardClasses}>
      <h2 id="pay-credit" className="text-lg font-semibold text-neutral-900">
        {t('lateFees.creditTitle')}
      </h2>
      {balance >= total ? (
        <>
          <p className="mt-2 text-neutral-800">{t('lateFees.creditCovers', { balance: formattedBalance })}</p>
          <Button
            className="mt-4"
            disabled={pay.isPending}
            // The promise, not mutate's own callbacks, which never run once this section is unmounted.
            onClick={() => void pay.mutateAsync(undefined).then(onPaid, (error: unknown) => showToast({ type: 'error', content: errorText(error, t('lateFees.failed')) }))}
          >
            {t('lateFees.payFromCredit', { amount })}
          </Button>
        </>
      ) : (
        <p className="mt-2 text-neutral-800">{t('lateFees.creditShort', { balance: formattedBalance })}</p>
      )}
    </section>
  );
};

const CardPayment = ({ total, amount, onPaid }: { total: number; amount: string; onPaid: OnPaid }) => {
  const { t } = useTranslation('my-account');
  const { t: tc } = useTranslation('checkout');
  const card = useCardPayment();
  const pay = usePayLateFees();
  const [failure, setFailure] = useState<string | null>(null);
  const saved = card.savedCard;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const first = Object.keys(card.validate())[0];
    if (first) {
      document.getElementById({ number: 'card-number', expiry: 'card-expiry', securityCode: 'card-security-code', name: 'card-name' }[first] ?? 'card-number')?.focus();
      return;
    }
    try {
      const result = await card.pay({
        authorise: (details) => authoriseLateFees({ ...details, amount: total, returnPath: `${routerBasename() ?? ''}/late-fees` }),
        complete: (transactionUuid) => pay.mutateAsync(transactionUuid),
      });
      if (result.status === 'completed') onPaid(result.value);
    } catch (error) {
      const message = errorText(error, t('lateFees.failed'));
      setFailure(message);
      showToast({ type: 'error', content: message });
    }
  };
  const busy = card.paying;

  return (
    <section aria-labelledby="pay-card" className={cardClasses}>
      <h2 id="pay-card" className="text-lg font-semibold text-neutral-900">
        {t('lateFees.cardTitle')}
      </h2>
      <form noValidate className="mt-3 grid gap-4" onSubmit={(event) => void onSubmit(event)}>
        <p className="flex items-center gap-2 text-sm text-neutral-800">
          <Lock aria-hidden="true" className="size-4" />
          {tc('payment.secure')}
        </p>
        {card.prepare.data?.mode === 'test' && <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">{tc('payment.testMode')}</p>}
        {card.savedCards.length > 0 && (
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-semibold text-neutral-900">{tc('card.choose')}</legend>
            {[...card.savedCards.map((c) => ({ id: c.id as number | 'new', label: tc('card.saved', { brand: c.brand.charAt(0).toUpperCase() + c.brand.slice(1), lastFour: c.lastFour, expiry: c.expiry }) })), { id: 'new' as const, label: tc('card.new') }].map((option) => (
              <div key={option.id} className="flex items-center gap-3 rounded-lg border border-neutral-300 p-3">
                <input type="radio" id={`fee-card-${option.id}`} name="fee-card" className="size-5 accent-primary-600" checked={card.chosen === option.id} onChange={() => card.choose(option.id)} />
                <label htmlFor={`fee-card-${option.id}`} className="flex flex-1 items-center gap-2 text-neutral-900">
                  {option.id !== 'new' && <CreditCard aria-hidden="true" className="size-5" />}
                  {option.label}
                </label>
              </div>
            ))}
          </fieldset>
        )}
        {!saved && (
          <>
            <CardFields card={card.card} errors={card.cardErrors} onChange={card.setCard} t={tc} disabled={busy} />
            <div className="flex items-start gap-3">
              <input id="fee-save-card" type="checkbox" className="mt-0.5 size-6 shrink-0 accent-primary-600" checked={card.saveCard} onChange={(event) => card.setSaveCard(event.target.checked)} />
              <label htmlFor="fee-save-card" className="text-neutral-900">
                {tc('card.save')}
              </label>
            </div>
          </>
        )}
        {failure && (
          <p role="alert" className="rounded-md border border-red-700 bg-red-50 px-4 py-3 font-medium text-red-800" data-testid="payment-error">
            {failure}
          </p>
        )}
        <Button type="submit" size="lg" className="justify-self-start" disabled={busy || card.prepare.isPending}>
          {busy ? t('lateFees.processing') : t('lateFees.payByCard', { amount })}
        </Button>
      </form>
    </section>
  );
};

export default LateFeesScreen;
