import { useState, type FormEvent } from 'react';
import { Lock } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Button } from '../../../lib/ui/Button.tsx';
import { LoadingSpinner } from '../../../lib/ui/LoadingSpinner.tsx';
import { showToast } from '../../../lib/toast/store.ts';
import { routerBasename } from '../../../lib/shell-mode.ts';
import { CardFields, useCardPayment, useChallengeReturn } from '../../checkout/public.ts';
import { authoriseJoin, completeJoin, type Confirmation, type Quote } from '../api/joining.ts';

const errorText = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);
const CARD_FIELD_IDS: Record<string, string> = { number: 'card-number', expiry: 'card-expiry', securityCode: 'card-security-code', name: 'card-name' };

/**
 * Journey step 5 (issue 23): today's payment with checkout's card payment (useCardPayment: the
 * same card form, test cards and 3-D Secure; a challenge leaves for the provider's page and comes
 * back to `returnPath`), or, when the quote says nothing is due today, one button that joins.
 */
export const PaymentStep = ({ joinId, quote, returnPath, onConfirmation }: { joinId: string; quote: Quote; returnPath: string; onConfirmation: (joined: Confirmation) => void }) => {
  if (quote.nothingToPayToday || quote.todayTotal.raw === 0) return <NothingToPay joinId={joinId} onConfirmation={onConfirmation} />;
  return <CardPayment joinId={joinId} quote={quote} returnPath={returnPath} onConfirmation={onConfirmation} />;
};

const Failure = ({ message }: { message: string }) => (
  <p role="alert" className="rounded-md border border-red-700 bg-red-50 px-4 py-3 font-medium text-red-800" data-testid="payment-error">
    {message}
  </p>
);

const NothingToPay = ({ joinId, onConfirmation }: { joinId: string; onConfirmation: (joined: Confirmation) => void }) => {
  const { t } = useTranslation('joining');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const join = async () => {
    setBusy(true);
    setFailure(null);
    try {
      onConfirmation(await completeJoin(joinId, null));
    } catch (error) {
      setBusy(false);
      setFailure(errorText(error, t('payment.failed')));
    }
  };
  return (
    <div className="grid gap-5">
      <p className="text-lg text-neutral-900">{t('payment.nothing')}</p>
      {failure && <Failure message={failure} />}
      <Button size="lg" className="justify-self-start" disabled={busy} onClick={() => void join()}>
        {busy ? t('payment.processing') : t('payment.confirm')}
      </Button>
    </div>
  );
};

const CardPayment = ({ joinId, quote, returnPath, onConfirmation }: { joinId: string; quote: Quote; returnPath: string; onConfirmation: (joined: Confirmation) => void }) => {
  const { t } = useTranslation('joining');
  const { t: tc } = useTranslation('checkout');
  const card = useCardPayment();
  const [failure, setFailure] = useState<string | null>(null);
  const amount = quote.todayTotal.formatted;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const first = Object.keys(card.validate())[0];
    if (first) {
      document.getElementById(CARD_FIELD_IDS[first] ?? 'card-number')?.focus();
      return;
    }
    try {
      const result = await card.pay({
        authorise: (details) => authoriseJoin(joinId, { ...details, amount: quote.todayTotal.raw, returnPath: `${routerBasename() ?? ''}${returnPath}` }),
        complete: (transactionUuid) => completeJoin(joinId, transactionUuid),
      });
      if (result.status === 'completed') onConfirmation(result.value);
    } catch (error) {
      const message = errorText(error, t('payment.declined'));
      setFailure(message);
      showToast({ type: 'error', content: message });
    }
  };

  return (
    <form noValidate className="grid gap-4" onSubmit={(event) => void onSubmit(event)} data-testid="join-payment-form">
      <p className="text-lg text-neutral-900">{t('payment.lead', { amount })}</p>
      <p className="flex items-center gap-2 text-sm text-neutral-800">
        <Lock aria-hidden="true" className="size-4" />
        {tc('payment.secure')}
      </p>
      {card.prepare.data?.mode === 'test' && <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">{tc('payment.testMode')}</p>}
      <CardFields card={card.card} errors={card.cardErrors} onChange={card.changeCard} t={tc} disabled={card.paying} />
      {failure && <Failure message={failure} />}
      <Button type="submit" size="lg" className="justify-self-start" disabled={card.paying || card.prepare.isPending} data-testid="join-pay">
        {card.paying ? t('payment.processing') : t('payment.pay', { amount })}
      </Button>
    </form>
  );
};

/** Back from the card check (`?transaction_uuid=…&status=…`): join when approved, else say why. */
export const PaymentReturn = ({ joinId, transactionUuid, approved, onConfirmation, onRetry }: { joinId: string; transactionUuid: string; approved: boolean; onConfirmation: (joined: Confirmation) => void; onRetry: () => void }) => {
  const { t } = useTranslation('joining');
  const failure = useChallengeReturn({
    transactionUuid,
    approved,
    complete: (uuid) => completeJoin(joinId, uuid),
    onCompleted: onConfirmation,
    declined: t('payment.declined'),
    failed: (error) => errorText(error, t('payment.failed')),
  });
  if (!failure) return <LoadingSpinner label={t('payment.processing')} />;
  return (
    <div className="grid gap-6">
      <Failure message={failure} />
      <Button size="lg" className="justify-self-start" onClick={onRetry}>
        {t('payment.tryAgain')}
      </Button>
    </div>
  );
};
