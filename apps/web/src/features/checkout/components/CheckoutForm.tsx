import { useRef, useState } from 'react';
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
import { isCreditTender, setCreditTender, syncTenders, type CreditKind, type Payment } from '../tenders.ts';
import { useCardPayment } from '../use-card-payment.ts';
import { useCheckoutFields } from '../use-checkout-fields.ts';
import { useCheckoutSubmit } from '../use-checkout-submit.ts';
import { CreditsPanel } from './CreditsPanel.tsx';
import { Section } from './Field.tsx';
import { OrderSummary } from './OrderSummary.tsx';

/** The credit tenders the customer applies (spec §4): kept here, sent with the card line on Pay. */
const useCreditTenders = (cart: Cart) => {
  const { t } = useTranslation('checkout');
  const applyCredit = useApplyCredit();
  const [payments, setPayments] = useState<Payment[]>(() =>
    syncTenders(cart.payments.map((payment) => ({ tenderType: payment.tenderType, amount: payment.amount }))).filter(isCreditTender),
  );
  const apply = (kind: CreditKind, pence: number) =>
    applyCredit.mutate(
      { kind, pence },
      {
        onSuccess: (result) => {
          const reserved = result.reservations.find((reservation) => reservation.type === kind)?.amount ?? pence;
          setPayments((current) => setCreditTender(current, kind, Math.min(pence, reserved)));
          showToast({ type: 'success', content: pence > 0 ? t('toasts.creditApplied') : t('toasts.creditRemoved') });
        },
        onError: (error) => showToast(errorToast(error, failureMessage(error, t('toasts.creditFailed')))),
      },
    );
  return { payments, apply, busy: applyCredit.isPending };
};

/** The order beside numbered sections: who is going, questions, waivers, credit, payment (docs/checkout-screens.md). */
export const CheckoutForm = ({ cart }: { cart: Cart }) => {
  const { t } = useTranslation('checkout');
  const { currency } = useClientSettings();
  const formRef = useRef<HTMLFormElement>(null);
  const terms = useTerms(cart.id);
  const questions = useQuestions(cart.id);
  const waivers = useWaivers(true);
  const fields = useCheckoutFields({ questions: questions.data, waivers: waivers.data, terms: terms.data });
  const credit = useCreditTenders(cart);
  const card = useCardPayment();
  const attendee = useChangeAttendee();
  const { onSubmit, processing, failure, due } = useCheckoutSubmit({ cart, fields, payments: credit.payments, waivers: waivers.data, card, formRef });
  const hasCredit = cart.credits.general.totalAvailable > 0 || cart.credits.membership.totalAvailable > 0;
  let step = 1;

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="lg:sticky lg:top-24 lg:order-2">
        <OrderSummary cart={cart} payments={credit.payments} symbol={currency.symbol} t={t} />
      </div>
      <form ref={formRef} noValidate onSubmit={onSubmit} className="grid gap-6 lg:order-1" aria-label={t('formLabel')}>
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
        >
          <TermsSection terms={terms.data ?? []} fields={fields} />
        </PaymentSection>
      </form>
    </div>
  );
};
