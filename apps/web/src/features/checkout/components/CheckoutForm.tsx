import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toMoney } from '@app/contract/rules/money';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useClientSettings } from '../../../lib/client-settings.ts';
import { showToast } from '../../../lib/toast/store.ts';
import { errorToast } from '../../../lib/toast/api-error.ts';
import { useQuestions, useTerms, useWaivers, type Cart } from '../api/checkout.ts';
import { useApplyCredit, useChangeAttendee } from '../api/mutations.ts';
import { failureMessage } from '../failure.ts';
import { AttendeesSection } from '../sections/AttendeesSection.tsx';
import { PaymentSection } from '../sections/PaymentSection.tsx';
import { QuestionsSection } from '../sections/QuestionsSection.tsx';
import { TermsSection } from '../sections/TermsSection.tsx';
import { WaiversSection } from '../sections/WaiversSection.tsx';
import { balanceDue, creditCap, isCreditTender, setCreditTender, syncTenders, type CreditKind, type Payment } from '../tenders.ts';
import { useCardPayment } from '../use-card-payment.ts';
import { useCheckoutFields } from '../use-checkout-fields.ts';
import { useCheckoutSubmit } from '../use-checkout-submit.ts';
import { CreditsPanel } from './CreditsPanel.tsx';
import { Section } from './Field.tsx';
import { OrderSummary } from './OrderSummary.tsx';

/**
 * The credit tenders the customer applies (spec §4): kept here, sent with the card line on Pay.
 * Each outcome is also a status message in the credit section that takes focus (issue 21: focus
 * lands on what happened, not on the page), with the spec's toast as before.
 */
const useCreditTenders = (cart: Cart, symbol: string) => {
  const { t } = useTranslation('checkout');
  const applyCredit = useApplyCredit();
  const [payments, setPayments] = useState<Payment[]>(() =>
    syncTenders(cart.payments.map((payment) => ({ tenderType: payment.tenderType, amount: payment.amount }))).filter(isCreditTender),
  );
  const [status, setStatus] = useState<{ text: string; error: boolean; at: number } | null>(null);
  const apply = (kind: CreditKind, pence: number) =>
    applyCredit.mutate(
      { kind, pence },
      {
        onSuccess: (result) => {
          const reserved = result.reservations.find((reservation) => reservation.type === kind)?.amount ?? pence;
          const next = setCreditTender(payments, kind, Math.min(pence, reserved));
          setPayments(next);
          const due = balanceDue(cart.total, next);
          const kindName = t(`credits.${kind}`);
          const text =
            pence > 0
              ? `${t('credits.appliedStatus', { amount: toMoney(Math.min(pence, reserved), symbol).formatted, kind: kindName.toLowerCase() })} ${due > 0 ? t('credits.leftForCard', { amount: toMoney(due, symbol).formatted }) : t('credits.coversAll')}`
              : t('credits.removedStatus', { kind: kindName });
          setStatus({ text, error: false, at: Date.now() });
          showToast({ type: 'success', content: pence > 0 ? t('toasts.creditApplied') : t('toasts.creditRemoved') });
        },
        onError: (error) => {
          const text = failureMessage(error, t('toasts.creditFailed'));
          setStatus({ text, error: true, at: Date.now() });
          showToast(errorToast(error, text));
        },
      },
    );
  return { payments, apply, busy: applyCredit.isPending, status };
};

/** The credit section's outcome: focused each time it changes. */
const CreditStatus = ({ status }: { status: { text: string; error: boolean; at: number } | null }) => {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (status) ref.current?.focus();
  }, [status]);
  if (!status) return null;
  return (
    <p
      ref={ref}
      tabIndex={-1}
      role={status.error ? 'alert' : 'status'}
      data-testid="credit-status"
      className={`mt-4 rounded-md border px-4 py-3 font-medium focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary-600 ${status.error ? 'border-red-700 bg-red-50 text-red-800' : 'border-green-800 bg-green-50 text-green-950'}`}
    >
      {status.text}
    </p>
  );
};

/** The order beside numbered sections: who is going, questions, waivers, credit, payment (docs/checkout-screens.md). */
export const CheckoutForm = ({ cart, onSettled }: { cart: Cart; /** Once terms, questions, waivers and the card session have each answered. */ onSettled?: () => void }) => {
  const { t } = useTranslation('checkout');
  const { currency } = useClientSettings();
  const formRef = useRef<HTMLFormElement>(null);
  const terms = useTerms(cart.id);
  const questions = useQuestions(cart.id);
  const waivers = useWaivers(true);
  const fields = useCheckoutFields({ questions: questions.data, waivers: waivers.data, terms: terms.data });
  const credit = useCreditTenders(cart, currency.symbol);
  const card = useCardPayment();
  const attendee = useChangeAttendee();
  const { onSubmit, processing, failure, due } = useCheckoutSubmit({ cart, fields, payments: credit.payments, waivers: waivers.data, card, formRef });
  const hasCredit = cart.credits.general.totalAvailable > 0 || cart.credits.membership.totalAvailable > 0;
  // Credit before the card (issue 21): what the customer's credit could pay of this order.
  const creditCanPay = Math.min(cart.total, creditCap(cart.credits.general, cart.total) + creditCap(cart.credits.membership, cart.total));
  const applied = cart.total - balanceDue(cart.total, credit.payments);
  const [cardWanted, setCardWanted] = useState(false);
  // Credit covers the basket and none is applied yet: no card form until the customer asks for it.
  const cardDeferred = due > 0 && applied === 0 && creditCanPay >= cart.total && !cardWanted;
  const submit = (event: FormEvent) => {
    if (cardDeferred) return event.preventDefault();
    onSubmit(event);
  };
  const isSettled = !terms.isPending && !questions.isPending && !waivers.isPending && !card.prepare.isPending;
  useEffect(() => {
    if (isSettled) onSettled?.();
  }, [isSettled, onSettled]);
  let step = 1;

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="lg:sticky lg:top-24 lg:order-2">
        <OrderSummary cart={cart} payments={credit.payments} symbol={currency.symbol} t={t} />
      </div>
      <form ref={formRef} noValidate onSubmit={submit} className="grid gap-6 lg:order-1" aria-label={t('formLabel')}>
        <AttendeesSection step={step} cart={cart} attendee={attendee} disabled={processing} />
        {fields.itemsWithQuestions.length > 0 && <QuestionsSection step={++step} cart={cart} fields={fields} />}
        {fields.waiversToSign.length > 0 && <WaiversSection step={++step} fields={fields} />}
        {hasCredit && (
          <Section id="credits" step={++step} title={t('credits.title')} lead={t('credits.lead')}>
            <CreditsPanel
              credits={cart.credits}
              payments={credit.payments}
              total={cart.total}
              symbol={currency.symbol}
              busy={credit.busy || processing}
              onApply={credit.apply}
              t={t}
            />
            <CreditStatus status={credit.status} />
          </Section>
        )}
        <PaymentSection
          step={step + 1}
          cart={cart}
          card={card}
          due={due}
          symbol={currency.symbol}
          processing={processing}
          busy={credit.busy || attendee.isPending}
          failure={failure}
          credit={{ applied, canPay: creditCanPay, has: hasCredit }}
          cardDeferred={cardDeferred}
          onPayByCard={() => setCardWanted(true)}
        >
          <TermsSection terms={terms.data ?? []} fields={fields} />
        </PaymentSection>
      </form>
    </div>
  );
};
