import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CreditCard, Lock } from 'lucide-react';
import { toMoney } from '@app/contract/rules/money';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { showToast } from '../../../lib/toast/store.ts';
import { Button } from '../../../lib/ui/Button.tsx';
import type { Cart } from '../api/checkout.ts';
import { useDeleteSavedCard } from '../api/mutations.ts';
import { CardFields } from '../components/CardFields.tsx';
import { PaymentFailure } from '../components/PaymentFailure.tsx';
import { Section } from '../components/Field.tsx';
import { failureMessage } from '../failure.ts';
import type { CardPayment } from '../use-card-payment.ts';

type Props = {
  step: number;
  cart: Cart;
  card: CardPayment;
  /** Pence left for the card after credit; 0: no card. */
  due: number;
  symbol: string;
  processing: boolean;
  /** Another request (an attendee change, a credit) is in flight. */
  busy: boolean;
  failure: string | null;
  /** Credit on this order: applied so far (pence), what it could pay, whether the customer has any. */
  credit: { applied: number; canPay: number; has: boolean };
  /** Credit covers the order and none is applied: no card form until 'Pay by card instead'. */
  cardDeferred: boolean;
  onPayByCard: () => void;
  /** The terms, between the card and the button. */
  children: ReactNode;
};

/** Payment: the card (or "covered by credit"), the terms, and the pay button with its busy state (spec §4 `paymentProcessing`). */
export const PaymentSection = ({ step, cart, card, due, symbol, processing, busy, failure, credit, cardDeferred, onPayByCard, children }: Props) => {
  const { t } = useTranslation('checkout');
  const expired = cart.items.some((item) => item.status === 'expired');
  const money = (pence: number) => toMoney(pence, symbol).formatted;
  if (cardDeferred) {
    return (
      <Section id="payment" step={step} title={t('payment.title')}>
        <p className="text-neutral-800" data-testid="credit-covers">
          {t('payment.creditCovers')}
        </p>
        <Button variant="secondary" size="lg" className="mt-4" onClick={onPayByCard} data-testid="pay-by-card">
          <CreditCard aria-hidden="true" className="size-5" />
          {t('payment.payByCard')}
        </Button>
        {children}
      </Section>
    );
  }
  return (
    <Section id="payment" step={step} title={t('payment.title')}>
      {due > 0 && credit.applied > 0 && (
        <p className="mb-4 font-semibold text-neutral-900" data-testid="card-due">
          {t('payment.leftForCard', { amount: money(due) })}
        </p>
      )}
      {due > 0 && credit.applied === 0 && credit.canPay > 0 && credit.canPay < cart.total && (
        <p className="mb-4 text-neutral-900" data-testid="card-due">
          {t('payment.creditThenCard', { credit: money(credit.canPay), rest: money(cart.total - credit.canPay) })}
        </p>
      )}
      {due > 0 ? (
        <CardChoice card={card} processing={processing} />
      ) : (
        <p className="text-neutral-800" data-testid="no-card-needed">
          {t(cart.total === 0 ? 'payment.nothingToPay' : 'payment.covered')}
        </p>
      )}

      {children}

      {failure && <PaymentFailure message={failure} expiresAt={cart.expiresAt} hasCredit={credit.has} />}

      <Button type="submit" size="lg" className="mt-5 w-full text-lg" disabled={processing || busy || expired} aria-busy={processing || undefined} data-testid="pay-button">
        {processing ? (
          <>
            <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-current border-t-transparent" />
            {t('processing')}
          </>
        ) : due > 0 ? (
          <>
            <Lock aria-hidden="true" className="size-5" />
            {t('payment.pay', { amount: toMoney(due, symbol).formatted })}
          </>
        ) : (
          t(cart.total === 0 ? 'payment.complete' : 'payment.payWithCredit')
        )}
      </Button>
      {expired && (
        <p className="mt-2 text-sm text-red-700">
          {t('order.expiredHelp')}{' '}
          <Link to="/basket" className="font-medium underline">
            {t('backToBasket')}
          </Link>
        </p>
      )}
    </Section>
  );
};

/** The saved cards and *A new card*, then the card form for a new one. */
const CardChoice = ({ card, processing }: { card: CardPayment; processing: boolean }) => {
  const { t } = useTranslation('checkout');
  return (
    <div className="grid gap-4">
      <p className="flex items-center gap-2 text-sm text-neutral-800">
        <Lock aria-hidden="true" className="size-4" />
        {t('payment.secure')}
      </p>
      {card.prepare.data?.mode === 'test' && <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">{t('payment.testMode')}</p>}
      {card.savedCards.length > 0 && <SavedCards card={card} />}
      {!card.savedCard && (
        <>
          <CardFields card={card.card} errors={card.cardErrors} onChange={card.changeCard} t={t} disabled={processing} />
          <div className="flex items-start gap-3">
            <input
              id="save-card"
              type="checkbox"
              className="mt-0.5 size-6 shrink-0 accent-primary-600 aria-[invalid=true]:outline-2 aria-[invalid=true]:outline-red-700"
              checked={card.saveCard}
              onChange={(event) => card.setSaveCard(event.target.checked)}
            />
            <label htmlFor="save-card" className="text-neutral-900">
              {t('card.save')}
            </label>
          </div>
        </>
      )}
    </div>
  );
};

/** *Pay with*: each saved card (brand, last four, expiry) with **Delete card ending …**, and *A new card*. */
const SavedCards = ({ card }: { card: CardPayment }) => {
  const { t } = useTranslation('checkout');
  const deleteCard = useDeleteSavedCard();
  const onDelete = (id: number) =>
    deleteCard.mutate(id, {
      onSuccess: () => {
        card.forget(id);
        showToast({ type: 'success', content: t('card.savedDeleted') });
      },
      onError: (error) => showToast({ type: 'error', content: failureMessage(error, t('toasts.genericError')) }),
    });
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-semibold text-neutral-900">{t('card.choose')}</legend>
      {card.savedCards.map((saved) => (
        <div key={saved.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-neutral-300 p-3">
          <input
            type="radio"
            id={`saved-card-${saved.id}`}
            name="card-choice"
            className="size-5 accent-primary-600"
            checked={card.savedCard?.id === saved.id}
            onChange={() => card.choose(saved.id)}
          />
          <label htmlFor={`saved-card-${saved.id}`} className="flex flex-1 items-center gap-2 text-neutral-900">
            <CreditCard aria-hidden="true" className="size-5" />
            {t('card.saved', { brand: saved.brand.charAt(0).toUpperCase() + saved.brand.slice(1), lastFour: saved.lastFour, expiry: saved.expiry })}
          </label>
          <Button variant="danger-outline" size="md" onClick={() => onDelete(saved.id)}>
            {t('card.deleteSaved', { lastFour: saved.lastFour })}
          </Button>
        </div>
      ))}
      <div className="flex items-center gap-3 rounded-lg border border-neutral-300 p-3">
        <input type="radio" id="saved-card-new" name="card-choice" className="size-5 accent-primary-600" checked={card.savedCard === null} onChange={() => card.choose('new')} />
        <label htmlFor="saved-card-new" className="flex-1 text-neutral-900">
          {t('card.new')}
        </label>
      </div>
    </fieldset>
  );
};
