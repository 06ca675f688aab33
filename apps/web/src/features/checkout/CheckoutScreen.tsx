import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CreditCard, Lock } from 'lucide-react';
import { toMoney } from '@app/contract/rules/money';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useClientSettings } from '../../lib/client-settings.ts';
import { announce } from '../../lib/a11y/announcer.tsx';
import { focusFirstInvalid } from '../../lib/a11y/focus.ts';
import { isApiError } from '../../lib/api/errors.ts';
import { genericErrorMessage } from '../../lib/api/messages.ts';
import { setBasketSummary } from '../../lib/basket-summary.ts';
import { basketKeys } from '../../lib/query-keys/basket.ts';
import { checkoutKeys } from '../../lib/query-keys/checkout.ts';
import { timetableKeys } from '../../lib/query-keys/timetable.ts';
import { showToast } from '../../lib/toast/store.ts';
import { Button, buttonClasses } from '../../lib/ui/Button.tsx';
import { LoadingSpinner } from '../../lib/ui/LoadingSpinner.tsx';
import { ScreenHeading } from '../../lib/ui/ScreenHeading.tsx';
import { isLoggedIn, openLoginModal, useAuthUser } from '../auth/public.ts';
import {
  applyCredits,
  authorise,
  changeAttendee,
  complete,
  deleteSavedCard,
  saveAnswers,
  signWaivers,
  tokeniseCard,
  useCart,
  usePrepare,
  useQuestions,
  useTerms,
  useWaivers,
  type Cart,
  type ItemQuestions,
  type OrderFields,
  type WaiverRequirement,
} from './api/checkout.ts';
import { browserDetails } from './browser-details.ts';
import { validateCard, type CardFields as Card } from './card.ts';
import { CardFields } from './components/CardFields.tsx';
import { CreditsPanel } from './components/CreditsPanel.tsx';
import { FieldError, Section } from './components/Field.tsx';
import { OrderSummary } from './components/OrderSummary.tsx';
import { savePendingChallenge, takePendingChallenge } from './pending.ts';
import { balanceDue, isCreditTender, setCreditTender, syncTenders, validPayments, type CreditKind, type Payment } from './tenders.ts';

const EMPTY_CARD: Card = { number: '', expiry: '', securityCode: '', name: '' };
const waiverKey = (waiver: Pick<WaiverRequirement, 'restrictionId' | 'membershipUserId'>) => `${waiver.restrictionId}-${waiver.membershipUserId}`;

/** Spec §2 /basket/checkout. */
const CheckoutScreen = () => {
  const { t } = useTranslation('checkout');
  usePageMeta({
    title: t('common:breadcrumbs.checkout'),
    breadcrumbs: [{ label: t('common:breadcrumbs.basket'), to: '/basket' }, { label: t('common:breadcrumbs.checkout') }],
  });
  const cart = useCart();
  const [params] = useSearchParams();
  const returning = params.get('transaction_uuid');

  let body;
  if (!isLoggedIn()) {
    body = (
      <Panel title={t('login.title')} text={t('login.text')}>
        <Button size="lg" onClick={openLoginModal}>
          {t('common:nav.logIn', { defaultValue: 'Log in' })}
        </Button>
      </Panel>
    );
  } else if (cart.isPending) {
    body = <LoadingSpinner label={t('loading')} />;
  } else if (cart.isError) {
    body = <Panel title={t('loadFailed')} text={cart.error.message} />;
  } else if (returning) {
    body = <ChallengeReturn cart={cart.data} transactionUuid={returning} approved={params.get('status') === 'approved'} />;
  } else if (cart.data.items.length === 0) {
    body = (
      <Panel title={t('nothingToPay.title')} text={t('nothingToPay.text')}>
        <Link to="/basket" className={buttonClasses({ size: 'lg', variant: 'secondary' })}>
          {t('backToBasket')}
        </Link>
      </Panel>
    );
  } else {
    body = <CheckoutForm cart={cart.data} />;
  }
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <ScreenHeading title={t('common:breadcrumbs.checkout')} />
      <div className="mt-6">{body}</div>
    </div>
  );
};

const Panel = ({ title, text, children }: { title: string; text: string; children?: ReactNode }) => {
  const { t } = useTranslation('checkout');
  return (
    <div className="mx-auto max-w-3xl rounded-xl bg-white p-6 shadow-sm ring-1 ring-neutral-200 sm:p-8">
      <h2 className="text-2xl font-bold text-dark-500 uppercase">{title}</h2>
      <p className="mt-2 text-neutral-700">{text}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        {children}
        <Link to="/redirect-to-selected-venue" className={buttonClasses({ size: 'lg', variant: children ? 'text' : 'primary' })}>
          {t('common:nav.bookActivity')}
        </Link>
      </div>
    </div>
  );
};

/**
 * Spec §8: the server's message, else this failure's own text (not the client's per-status
 * generic one, which stands in when a response had no message).
 */
const failureMessage = (error: unknown, fallback: string) => {
  if (!(error instanceof Error) || !error.message) return fallback;
  if (isApiError(error) && error.message === genericErrorMessage(error.statusCode)) return fallback;
  return error.message;
};

/** After success: toast, fresh basket and timetable, then the confirmation (spec §4, §8). */
const useCompleted = () => {
  const { t } = useTranslation('checkout');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (completeOrderId: string) => {
    showToast({ type: 'success', content: t('toasts.completed') });
    setBasketSummary({ itemCount: 0, expiresAt: null });
    void queryClient.invalidateQueries({ queryKey: basketKeys.all });
    void queryClient.invalidateQueries({ queryKey: timetableKeys.all });
    void queryClient.removeQueries({ queryKey: checkoutKeys.all });
    void navigate(`/booking-confirmed/${encodeURIComponent(completeOrderId)}`);
  };
};

/** Back from the provider's challenge page: complete when approved, else say why and show the form again. */
const ChallengeReturn = ({ cart, transactionUuid, approved }: { cart: Cart; transactionUuid: string; approved: boolean }) => {
  const { t } = useTranslation('checkout');
  const navigate = useNavigate();
  const onCompleted = useCompleted();
  const started = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const pending = takePendingChallenge(transactionUuid);
    const fail = (message: string) => {
      showToast({ type: 'error', content: message });
      setFailure(message);
    };
    if (!approved) return fail(t('challenge.declined'));
    if (!pending) return fail(t('toasts.failed'));
    complete({ ...pending, transactionUuid })
      .then((done) => onCompleted(done.completeOrderId))
      .catch((error: unknown) => fail(failureMessage(error, t('toasts.failed'))));
  }, [approved, onCompleted, t, transactionUuid]);
  if (!failure) return <LoadingSpinner label={t('processing')} />;
  return (
    <div className="grid gap-6">
      <p role="alert" className="rounded-md border border-red-700 bg-red-50 px-4 py-3 font-medium text-red-800" data-testid="payment-error">
        {failure}
      </p>
      {cart.items.length > 0 && (
        <Button size="lg" className="justify-self-start" onClick={() => void navigate('/basket/checkout', { replace: true })}>
          {t('challenge.tryAgain')}
        </Button>
      )}
    </div>
  );
};

type Errors = Record<string, string>;

const CheckoutForm = ({ cart }: { cart: Cart }) => {
  const { t } = useTranslation('checkout');
  const queryClient = useQueryClient();
  const { currency } = useClientSettings();
  const symbol = currency.symbol;
  const money = (pence: number) => toMoney(pence, symbol).formatted;
  const user = useAuthUser();
  const cartId = cart.id;
  const prepare = usePrepare(true);
  const terms = useTerms(cartId);
  const questions = useQuestions(cartId);
  const waivers = useWaivers(true);
  const onCompleted = useCompleted();
  const formRef = useRef<HTMLFormElement>(null);

  const [payments, setPayments] = useState<Payment[]>(() =>
    syncTenders(cart.payments.map((payment) => ({ tenderType: payment.tenderType, amount: payment.amount }))).filter(isCreditTender),
  );
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [signatures, setSignatures] = useState<Record<string, { accepted: boolean; signature: string }>>({});
  const [accepted, setAccepted] = useState<Record<number, boolean>>({});
  const [card, setCard] = useState<Card>(EMPTY_CARD);
  const [saveCard, setSaveCard] = useState(false);
  /** The customer's pick: a saved card's id or 'new'; until they pick, their first saved card. */
  const [cardChoice, setSavedCardId] = useState<number | 'new' | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [cardErrors, setCardErrors] = useState<ReturnType<typeof validateCard>>({});
  const [paymentProcessing, setPaymentProcessing] = useState(false);
  const [creditBusy, setCreditBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [attendeeBusy, setAttendeeBusy] = useState<number | null>(null);

  /** A field's error goes as soon as the customer changes it (it is checked again on Pay). */
  const clearError = (id: string) =>
    setErrors((current) => {
      if (!(id in current)) return current;
      const { [id]: _cleared, ...rest } = current;
      return rest;
    });
  const onCardChange = (next: Card) => {
    setCard(next);
    setCardErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => next[field as keyof Card] === card[field as keyof Card])));
  };

  const due = balanceDue(cart.total, payments);
  const savedCards = prepare.data?.savedCards ?? [];
  const payingByCard = due > 0;
  const chosen = cardChoice ?? savedCards[0]?.id ?? 'new';
  const savedCardId = savedCards.some((card) => card.id === chosen) ? (chosen as number) : null;
  const usingSaved = payingByCard && savedCardId !== null;

  // Answers given before (the server keeps them) fill the fields until the customer changes them.
  const savedAnswers = useMemo(
    () =>
      Object.fromEntries(
        (questions.data ?? []).flatMap((item) => item.answers.map((answer) => [`${item.cartItemId}-${answer.questionId}`, answer.value] as const)),
      ),
    [questions.data],
  );
  const answerOf = (key: string) => answers[key] ?? savedAnswers[key] ?? '';

  const family = useMemo(() => {
    const people = [user.data?.membershipUser, ...(user.data?.membershipUsers ?? [])].filter((person) => person !== undefined);
    return [...new Map(people.map((person) => [person.id, person])).values()];
  }, [user.data]);

  const itemsWithQuestions = (questions.data ?? []).filter((item) => item.questions.length > 0);
  const waiversToSign = (waivers.data ?? []).filter((waiver) => !waiver.signed);

  const onAttendee = async (cartItemId: number, personId: number) => {
    setAttendeeBusy(cartItemId);
    try {
      const updated = await changeAttendee(cartItemId, personId);
      queryClient.setQueryData(basketKeys.cart(), updated);
      void queryClient.invalidateQueries({ queryKey: checkoutKeys.questions(cartId) });
      void queryClient.invalidateQueries({ queryKey: checkoutKeys.waivers() });
      showToast({ type: 'success', content: t('toasts.updated') });
    } catch (error) {
      showToast({ type: 'error', content: failureMessage(error, t('toasts.basketError')) });
    } finally {
      setAttendeeBusy(null);
    }
  };

  const onApplyCredit = async (kind: CreditKind, pence: number) => {
    setCreditBusy(true);
    try {
      const result = await applyCredits([{ amount: Math.max(0, pence), type: kind }]);
      const reserved = result.reservations.find((reservation) => reservation.type === kind)?.amount ?? pence;
      setPayments((current) => setCreditTender(current, kind, Math.min(pence, reserved)));
      queryClient.setQueryData<Cart>(basketKeys.cart(), (old) => (old ? { ...old, credits: result.credits } : old));
      showToast({ type: 'success', content: pence > 0 ? t('toasts.creditApplied') : t('toasts.creditRemoved') });
    } catch (error) {
      showToast({ type: 'error', content: failureMessage(error, t('toasts.creditFailed')) });
    } finally {
      setCreditBusy(false);
    }
  };

  const validate = (): Errors => {
    const found: Errors = {};
    const required = t('required');
    for (const item of itemsWithQuestions) {
      for (const question of item.questions) {
        const id = `q-${item.cartItemId}-${question.id}`;
        const value = answerOf(`${item.cartItemId}-${question.id}`);
        if (question.required && (question.type === 'checkbox' ? value !== 'true' : value.trim() === '')) found[id] = required;
      }
    }
    for (const waiver of waiversToSign) {
      const key = waiverKey(waiver);
      const signed = signatures[key];
      if (!signed?.accepted) found[`waiver-${key}-accept`] = t('waivers.mustAccept');
      if (!signed?.signature.trim()) found[`waiver-${key}-signature`] = required;
    }
    for (const term of terms.data ?? []) {
      if (term.required && !accepted[term.id]) found[`terms-${term.id}`] = t('terms.mustAccept');
    }
    return found;
  };

  const fail = (message: string) => {
    showToast({ type: 'error', content: message });
    setFailure(message);
    setPaymentProcessing(false);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (paymentProcessing) return;
    setFailure(null);
    const found = validate();
    const foundCard = payingByCard && !usingSaved ? validateCard(card) : {};
    const count = Object.keys(found).length + Object.keys(foundCard).length;
    flushSync(() => {
      setErrors(found);
      setCardErrors(foundCard);
    });
    if (count > 0) {
      announce(t('errors.summary', { count }));
      focusFirstInvalid(formRef.current);
      return;
    }
    setPaymentProcessing(true);
    announce(t('processing'));

    // Custom questions (spec §7): answers per item; the server message, or the generic one.
    try {
      for (const item of itemsWithQuestions) {
        await saveAnswers(
          item,
          item.questions.map((question) => ({ questionId: question.id, value: answerOf(`${item.cartItemId}-${question.id}`) })),
        );
      }
    } catch (error) {
      if (isApiError(error)) {
        // A required answer the server refused: mark it like ours.
        const serverErrors: Errors = {};
        for (const [field, messages] of Object.entries(error.validationMessages)) {
          const questionId = /^answers\.(\d+)$/.exec(field)?.[1];
          const item = itemsWithQuestions.find((candidate) => candidate.questions.some((question) => String(question.id) === questionId));
          if (item && questionId) serverErrors[`q-${item.cartItemId}-${questionId}`] = messages[0] ?? t('required');
        }
        if (Object.keys(serverErrors).length > 0) {
          flushSync(() => setErrors(serverErrors));
          focusFirstInvalid(formRef.current);
        }
      }
      return fail(failureMessage(error, t('toasts.genericError')));
    }

    // Waivers (spec §7 POST question-waivers): 'Error with waivers…' when they fail.
    const completedWaivers = (waivers.data ?? []).flatMap((waiver) => (waiver.signed && waiver.waiverId ? [waiver.waiverId] : []));
    if (waiversToSign.length > 0) {
      try {
        const signed = await signWaivers(
          waiversToSign.map((waiver) => ({
            restrictionId: waiver.restrictionId,
            membershipUserId: waiver.membershipUserId,
            accepted: true as const,
            signature: signatures[waiverKey(waiver)]!.signature.trim(),
          })),
        );
        completedWaivers.push(...signed.map((waiver) => waiver.id));
      } catch {
        return fail(t('toasts.waiverFailed'));
      }
    }

    const fields: OrderFields = {
      completedWaivers,
      // The lines add up to the total: credit tenders, then the card for what is left (spec §3 Payment line).
      payments: payingByCard ? [...validPayments(payments), { tenderType: 'card', amount: due }] : validPayments(payments),
      terms: (terms.data ?? []).filter((term) => accepted[term.id]).map((term) => term.id),
      itemHash: cart.itemHash,
    };

    try {
      if (!payingByCard) {
        // Credit covers it all (or nothing is owed): complete with no card.
        const done = await complete({ ...fields, transactionUuid: null });
        return onCompleted(done.completeOrderId);
      }
      const session = prepare.data ?? (await prepare.refetch()).data;
      if (!session) return fail(t('toasts.failed'));
      const saved = savedCards.find((candidate) => candidate.id === savedCardId);
      const identifier = saved ? null : await tokeniseCard(session.tokeniseUrl, session.sessionKey, card);
      const result = await authorise({
        ...fields,
        sessionKey: session.sessionKey,
        cardIdentifier: identifier?.cardIdentifier ?? null,
        cardHolderName: saved?.cardHolderName ?? card.name.trim(),
        saveCard: !saved && saveCard,
        savedCardId: saved?.id ?? null,
        browser: browserDetails(),
      });
      if (result.transactionStatus === 'challenge' && result.scaUrl) {
        savePendingChallenge({ ...fields, transactionUuid: result.transactionUuid });
        window.location.assign(result.scaUrl);
        return;
      }
      if (result.transactionStatus !== 'authorised') return fail(t('toasts.failed'));
      const done = await complete({ ...fields, transactionUuid: result.transactionUuid });
      onCompleted(done.completeOrderId);
    } catch (error) {
      // A session key is good for one try: the next try gets a fresh one.
      void queryClient.invalidateQueries({ queryKey: checkoutKeys.prepare() });
      fail(failureMessage(error, t('toasts.failed')));
    }
  };

  const onDeleteSaved = async (id: number) => {
    try {
      await deleteSavedCard(id);
      if (cardChoice === id) setSavedCardId(null);
      await prepare.refetch();
      showToast({ type: 'success', content: t('card.savedDeleted') });
    } catch (error) {
      showToast({ type: 'error', content: failureMessage(error, t('toasts.genericError')) });
    }
  };

  const hasCredit = cart.credits.general.totalAvailable > 0 || cart.credits.membership.totalAvailable > 0;
  let step = 0;

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="lg:sticky lg:top-24 lg:order-2">
        <OrderSummary cart={cart} payments={payments} symbol={symbol} t={t} />
      </div>
      <form ref={formRef} noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-6 lg:order-1" aria-label={t('formLabel')}>
        <Section id="attendees" step={++step} title={t('attendees.title')} lead={t('attendees.lead')}>
          <ul className="grid gap-4">
            {cart.items.map((item) => (
              <li key={item.id} className="grid gap-1 sm:grid-cols-[1fr_16rem] sm:items-center sm:gap-4">
                <label htmlFor={`attendee-${item.id}`} className="font-semibold text-neutral-900">
                  {item.name}
                  <span className="block text-sm font-normal text-neutral-800">
                    {item.cartableResource.startsAtClock.format24Hour}, {item.cartableResource.venue.name}
                  </span>
                </label>
                <select
                  id={`attendee-${item.id}`}
                  className="h-11 rounded-md border border-neutral-500 bg-white px-3 text-base aria-[invalid=true]:border-2 aria-[invalid=true]:border-red-700 text-neutral-900"
                  value={item.purchasedForUserId}
                  disabled={attendeeBusy !== null || paymentProcessing}
                  aria-busy={attendeeBusy === item.id || undefined}
                  onChange={(event) => void onAttendee(item.id, Number(event.target.value))}
                >
                  {!family.some((person) => person.id === item.purchasedForUserId) && (
                    <option value={item.purchasedForUserId}>
                      {item.purchasedFor.firstName} {item.purchasedFor.lastName}
                    </option>
                  )}
                  {family.map((person) => (
                    <option key={person.id} value={person.id}>
                      {person.firstName} {person.lastName}
                    </option>
                  ))}
                </select>
              </li>
            ))}
          </ul>
          <Link to="/attendees" className="mt-3 inline-block text-sm font-medium text-primary-600 underline underline-offset-2">
            {t('attendees.manage')}
          </Link>
        </Section>

        {itemsWithQuestions.length > 0 && (
          <Section id="questions" step={++step} title={t('questions.title')} lead={t('questions.lead')}>
            <div className="grid gap-6">
              {itemsWithQuestions.map((item) => (
                <QuestionGroup
                  key={item.cartItemId}
                  item={item}
                  person={cart.items.find((cartItem) => cartItem.id === item.cartItemId)?.purchasedFor}
                  answerOf={answerOf}
                  errors={errors}
                  onAnswer={(questionId, value) => {
                    setAnswers((current) => ({ ...current, [`${item.cartItemId}-${questionId}`]: value }));
                    clearError(`q-${item.cartItemId}-${questionId}`);
                  }}
                />
              ))}
            </div>
          </Section>
        )}

        {waiversToSign.length > 0 && (
          <Section id="waivers" step={++step} title={t('waivers.title')} lead={t('waivers.lead')}>
            <div className="grid gap-6">
              {waiversToSign.map((waiver) => {
                const key = waiverKey(waiver);
                const value = signatures[key] ?? { accepted: false, signature: '' };
                const set = (next: Partial<typeof value>) => setSignatures((current) => ({ ...current, [key]: { ...value, ...next } }));
                return (
                  <fieldset key={key} className="rounded-lg border border-neutral-300 p-4" data-testid="waiver">
                    <legend className="px-1 font-semibold text-neutral-900">
                      {t('waivers.for', { title: waiver.title, name: `${waiver.person.firstName} ${waiver.person.lastName}` })}
                    </legend>
                    <div className="max-h-40 overflow-y-auto rounded bg-neutral-50 p-3 text-sm whitespace-pre-line text-neutral-800" tabIndex={0} aria-label={waiver.title}>
                      {waiver.body}
                    </div>
                    <div className="mt-3 flex items-start gap-3">
                      <input
                        id={`waiver-${key}-accept`}
                        type="checkbox"
                        className="mt-0.5 size-6 shrink-0 accent-primary-600 aria-[invalid=true]:outline-2 aria-[invalid=true]:outline-red-700"
                        checked={value.accepted}
                        aria-invalid={errors[`waiver-${key}-accept`] ? true : undefined}
                        aria-describedby={errors[`waiver-${key}-accept`] ? `waiver-${key}-accept-error` : undefined}
                        onChange={(event) => {
                          set({ accepted: event.target.checked });
                          clearError(`waiver-${key}-accept`);
                        }}
                      />
                      <label htmlFor={`waiver-${key}-accept`} className="text-neutral-900">
                        {t('waivers.accept', { name: waiver.person.firstName })}
                      </label>
                    </div>
                    <FieldError id={`waiver-${key}-accept-error`} error={errors[`waiver-${key}-accept`]} />
                    <div className="mt-3 max-w-sm">
                      <label htmlFor={`waiver-${key}-signature`} className="block text-sm font-semibold text-neutral-900">
                        {t('waivers.signature')}
                      </label>
                      <input
                        id={`waiver-${key}-signature`}
                        autoComplete="name"
                        className="mt-1 block h-11 w-full rounded-md border border-neutral-500 bg-white px-3 text-base aria-[invalid=true]:border-2 aria-[invalid=true]:border-red-700"
                        value={value.signature}
                        aria-invalid={errors[`waiver-${key}-signature`] ? true : undefined}
                        aria-describedby={errors[`waiver-${key}-signature`] ? `waiver-${key}-signature-error` : undefined}
                        onChange={(event) => {
                          set({ signature: event.target.value });
                          clearError(`waiver-${key}-signature`);
                        }}
                      />
                      <FieldError id={`waiver-${key}-signature-error`} error={errors[`waiver-${key}-signature`]} />
                    </div>
                  </fieldset>
                );
              })}
            </div>
          </Section>
        )}

        {hasCredit && (
          <Section id="credits" step={++step} title={t('credits.title')} lead={t('credits.lead')}>
            <CreditsPanel
              credits={cart.credits}
              payments={payments}
              total={cart.total}
              symbol={symbol}
              busy={creditBusy || paymentProcessing}
              onApply={(kind, pence) => void onApplyCredit(kind, pence)}
              t={t}
            />
          </Section>
        )}

        <Section id="payment" step={step + 1} title={t('payment.title')}>
          {payingByCard ? (
            <div className="grid gap-4">
              <p className="flex items-center gap-2 text-sm text-neutral-800">
                <Lock aria-hidden="true" className="size-4" />
                {t('payment.secure')}
              </p>
              {prepare.data?.mode === 'test' && <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">{t('payment.testMode')}</p>}
              {savedCards.length > 0 && (
                <fieldset className="grid gap-2">
                  <legend className="mb-1 text-sm font-semibold text-neutral-900">{t('card.choose')}</legend>
                  {savedCards.map((saved) => (
                    <div key={saved.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-neutral-300 p-3">
                      <input
                        type="radio"
                        id={`saved-card-${saved.id}`}
                        name="card-choice"
                        className="size-5 accent-primary-600"
                        checked={savedCardId === saved.id}
                        onChange={() => setSavedCardId(saved.id)}
                      />
                      <label htmlFor={`saved-card-${saved.id}`} className="flex flex-1 items-center gap-2 text-neutral-900">
                        <CreditCard aria-hidden="true" className="size-5" />
                        {t('card.saved', { brand: saved.brand.charAt(0).toUpperCase() + saved.brand.slice(1), lastFour: saved.lastFour, expiry: saved.expiry })}
                      </label>
                      <Button variant="text" size="md" onClick={() => void onDeleteSaved(saved.id)}>
                        {t('card.deleteSaved', { lastFour: saved.lastFour })}
                      </Button>
                    </div>
                  ))}
                  <div className="flex items-center gap-3 rounded-lg border border-neutral-300 p-3">
                    <input
                      type="radio"
                      id="saved-card-new"
                      name="card-choice"
                      className="size-5 accent-primary-600"
                      checked={savedCardId === null}
                      onChange={() => setSavedCardId('new')}
                    />
                    <label htmlFor="saved-card-new" className="flex-1 text-neutral-900">
                      {t('card.new')}
                    </label>
                  </div>
                </fieldset>
              )}
              {!usingSaved && (
                <>
                  <CardFields card={card} errors={cardErrors} onChange={onCardChange} t={t} disabled={paymentProcessing} />
                  <div className="flex items-start gap-3">
                    <input id="save-card" type="checkbox" className="mt-0.5 size-6 shrink-0 accent-primary-600 aria-[invalid=true]:outline-2 aria-[invalid=true]:outline-red-700" checked={saveCard} onChange={(event) => setSaveCard(event.target.checked)} />
                    <label htmlFor="save-card" className="text-neutral-900">
                      {t('card.save')}
                    </label>
                  </div>
                </>
              )}
            </div>
          ) : (
            <p className="text-neutral-800" data-testid="no-card-needed">
              {t(cart.total === 0 ? 'payment.nothingToPay' : 'payment.covered')}
            </p>
          )}

          <div className="mt-6 grid gap-3 border-t border-neutral-200 pt-5">
            {(terms.data ?? []).map((term) => (
              <div key={term.id}>
                <div className="flex items-start gap-3">
                  <input
                    id={`terms-${term.id}`}
                    type="checkbox"
                    className="mt-0.5 size-6 shrink-0 accent-primary-600 aria-[invalid=true]:outline-2 aria-[invalid=true]:outline-red-700"
                    checked={Boolean(accepted[term.id])}
                    aria-invalid={errors[`terms-${term.id}`] ? true : undefined}
                    aria-describedby={errors[`terms-${term.id}`] ? `terms-${term.id}-error` : undefined}
                    onChange={(event) => {
                      setAccepted((current) => ({ ...current, [term.id]: event.target.checked }));
                      clearError(`terms-${term.id}`);
                    }}
                  />
                  <label htmlFor={`terms-${term.id}`} className="text-neutral-900">
                    {term.label}
                  </label>
                </div>
                <details className="mt-1 ml-9 text-sm text-neutral-800">
                  <summary className="cursor-pointer font-medium text-primary-600 underline underline-offset-2">{t('terms.read', { title: term.title })}</summary>
                  <p className="mt-2 whitespace-pre-line">{term.body}</p>
                </details>
                <FieldError id={`terms-${term.id}-error`} error={errors[`terms-${term.id}`]} />
              </div>
            ))}
          </div>

          {failure && (
            <p className="mt-4 rounded-md border border-red-700 bg-red-50 px-4 py-3 font-medium text-red-800" data-testid="payment-error">
              {failure}
            </p>
          )}

          <Button
            type="submit"
            size="lg"
            className="mt-5 w-full text-lg"
            disabled={paymentProcessing || creditBusy || attendeeBusy !== null || cart.items.some((item) => item.status === 'expired')}
            aria-busy={paymentProcessing || undefined}
            data-testid="pay-button"
          >
            {paymentProcessing ? (
              <>
                <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-current border-t-transparent" />
                {t('processing')}
              </>
            ) : payingByCard ? (
              <>
                <Lock aria-hidden="true" className="size-5" />
                {t('payment.pay', { amount: money(due) })}
              </>
            ) : (
              t(cart.total === 0 ? 'payment.complete' : 'payment.payWithCredit')
            )}
          </Button>
          {cart.items.some((item) => item.status === 'expired') && (
            <p className="mt-2 text-sm text-red-700">
              {t('order.expiredHelp')}{' '}
              <Link to="/basket" className="font-medium underline">
                {t('backToBasket')}
              </Link>
            </p>
          )}
        </Section>
      </form>
    </div>
  );
};

const QuestionGroup = ({
  item,
  person,
  answerOf,
  errors,
  onAnswer,
}: {
  item: ItemQuestions;
  person?: { firstName: string; lastName: string };
  answerOf: (key: string) => string;
  errors: Errors;
  onAnswer: (questionId: number, value: string) => void;
}) => {
  const { t } = useTranslation('checkout');
  return (
    <fieldset className="grid gap-4" data-testid="item-questions">
      <legend className="font-semibold text-neutral-900">
        {item.activityName}
        {person && <span className="font-normal text-neutral-800"> — {t('order.for', { name: `${person.firstName} ${person.lastName}` })}</span>}
      </legend>
      {item.questions.map((question) => {
        const id = `q-${item.cartItemId}-${question.id}`;
        const value = answerOf(`${item.cartItemId}-${question.id}`);
        const error = errors[id];
        const aria = { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined, 'aria-required': question.required || undefined };
        const label = (
          <>
            {question.label}
            {!question.required && <span className="font-normal text-neutral-700"> {t('questions.optional')}</span>}
          </>
        );
        if (question.type === 'checkbox') {
          return (
            <div key={question.id}>
              <div className="flex items-start gap-3">
                <input id={id} type="checkbox" className="mt-0.5 size-6 shrink-0 accent-primary-600 aria-[invalid=true]:outline-2 aria-[invalid=true]:outline-red-700" checked={value === 'true'} onChange={(event) => onAnswer(question.id, event.target.checked ? 'true' : '')} {...aria} />
                <label htmlFor={id} className="text-neutral-900">
                  {label}
                </label>
              </div>
              <FieldError id={`${id}-error`} error={error} />
            </div>
          );
        }
        return (
          <div key={question.id} className="max-w-md">
            <label htmlFor={id} className="block text-sm font-semibold text-neutral-900">
              {label}
            </label>
            {question.type === 'select' ? (
              <select id={id} className="mt-1 block h-11 w-full rounded-md border border-neutral-500 bg-white px-3 text-base aria-[invalid=true]:border-2 aria-[invalid=true]:border-red-700" value={value} onChange={(event) => onAnswer(question.id, event.target.value)} {...aria}>
                <option value="">{t('questions.choose')}</option>
                {question.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            ) : (
              <input id={id} className="mt-1 block h-11 w-full rounded-md border border-neutral-500 bg-white px-3 text-base aria-[invalid=true]:border-2 aria-[invalid=true]:border-red-700" value={value} onChange={(event) => onAnswer(question.id, event.target.value)} {...aria} />
            )}
            <FieldError id={`${id}-error`} error={error} />
          </div>
        );
      })}
    </fieldset>
  );
};

export default CheckoutScreen;
