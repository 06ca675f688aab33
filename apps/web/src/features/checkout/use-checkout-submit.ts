import { type FormEvent, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { announce } from '../../lib/a11y/announcer.tsx';
import { focusFirstInvalid } from '../../lib/a11y/focus.ts';
import { isApiError } from '../../lib/api/errors.ts';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { showToast } from '../../lib/toast/store.ts';
import { authorise, complete, saveAnswers, signWaivers, type Cart, type ItemQuestions, type OrderFields, type WaiverRequirement } from './api/checkout.ts';
import { checkoutCache } from './api/mutations.ts';
import { failureMessage } from './failure.ts';
import { savePendingChallenge } from './pending.ts';
import { balanceDue, validPayments, type Payment } from './tenders.ts';
import type { CardPayment } from './use-card-payment.ts';
import { answerKey, waiverKey, type CheckoutFields, type Errors } from './use-checkout-fields.ts';

/** A step of the order that failed: its words, and the fields the server refused (marked like ours). */
class CheckoutFailure extends Error {
  readonly fieldErrors: Errors;
  constructor(message: string, fieldErrors: Errors = {}) {
    super(message);
    this.fieldErrors = fieldErrors;
  }
}

/** A required answer the server refused (`errors['answers.{id}']`): the field it belongs to. */
const refusedAnswers = (error: unknown, items: ItemQuestions[], required: string): Errors => {
  if (!isApiError(error)) return {};
  const found: Errors = {};
  for (const [field, messages] of Object.entries(error.validationMessages)) {
    const questionId = /^answers\.(\d+)$/.exec(field)?.[1];
    const item = items.find((candidate) => candidate.questions.some((question) => String(question.id) === questionId));
    if (item && questionId) found[`q-${answerKey(item.cartItemId, Number(questionId))}`] = messages[0] ?? required;
  }
  return found;
};

/** After success: toast, fresh basket and timetable, then the confirmation (spec §4, §8). */
export const useCompleted = () => {
  const { t } = useTranslation('checkout');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (completeOrderId: string) => {
    showToast({ type: 'success', content: t('toasts.completed') });
    checkoutCache.orderCompleted(queryClient);
    void navigate(`/booking-confirmed/${encodeURIComponent(completeOrderId)}`);
  };
};

type Submit = {
  cart: Cart;
  fields: CheckoutFields;
  /** The credit tenders applied so far. */
  payments: Payment[];
  waivers: WaiverRequirement[] | undefined;
  card: CardPayment;
  formRef: RefObject<HTMLFormElement | null>;
};
type T = ReturnType<typeof useTranslation>['t'];

/** Spec §7 custom questions: the answers per item; the server message, or the generic one. */
const saveAllAnswers = async (fields: CheckoutFields, t: T) => {
  try {
    for (const item of fields.itemsWithQuestions) {
      await saveAnswers(item, item.questions.map((question) => ({ questionId: question.id, value: fields.answerOf(answerKey(item.cartItemId, question.id)) })));
    }
  } catch (error) {
    throw new CheckoutFailure(failureMessage(error, t('toasts.genericError')), refusedAnswers(error, fields.itemsWithQuestions, t('required')));
  }
};

/** Spec §7 POST question-waivers: the ids of every waiver now signed ('Error with waivers…' when it fails). */
const signAllWaivers = async (fields: CheckoutFields, waivers: WaiverRequirement[] | undefined, t: T) => {
  const completed = (waivers ?? []).flatMap((waiver) => (waiver.signed && waiver.waiverId ? [waiver.waiverId] : []));
  if (fields.waiversToSign.length === 0) return completed;
  try {
    const signed = await signWaivers(
      fields.waiversToSign.map((waiver) => ({
        restrictionId: waiver.restrictionId,
        membershipUserId: waiver.membershipUserId,
        accepted: true as const,
        signature: fields.signatureOf(waiverKey(waiver)).signature.trim(),
      })),
    );
    return [...completed, ...signed.map((waiver) => waiver.id)];
  } catch {
    throw new CheckoutFailure(t('toasts.waiverFailed'));
  }
};

/** The order's complete order id; null when the browser is on its way to the challenge page. */
const payOrder = async (order: OrderFields, card: CardPayment | null, t: T) => {
  try {
    // Credit covers it all (or nothing is owed): complete with no card.
    if (!card) return (await complete({ ...order, transactionUuid: null })).completeOrderId;
    const result = await card.pay({
      authorise: (details) => authorise({ ...order, ...details }),
      onChallenge: (transactionUuid) => savePendingChallenge({ ...order, transactionUuid }),
      complete: (transactionUuid) => complete({ ...order, transactionUuid }),
    });
    return result.status === 'completed' ? result.value.completeOrderId : null;
  } catch (error) {
    throw new CheckoutFailure(failureMessage(error, t('toasts.failed')));
  }
};

/**
 * Pay (docs/checkout-screens.md): check every field (focus the first wrong one, announce how
 * many), then save the answers (spec §7), sign the waivers, and pay — by card through
 * `useCardPayment`, or by completing straight away when credit covers it all.
 */
export const useCheckoutSubmit = ({ cart, fields, payments, waivers, card, formRef }: Submit) => {
  const { t } = useTranslation('checkout');
  const onCompleted = useCompleted();
  const due = balanceDue(cart.total, payments);
  const payingByCard = due > 0;

  const submit = useMutation({
    mutationFn: async () => {
      await saveAllAnswers(fields, t);
      const order: OrderFields = {
        completedWaivers: await signAllWaivers(fields, waivers, t),
        // The lines add up to the total: credit tenders, then the card for what is left (spec §3 Payment line).
        payments: payingByCard ? [...validPayments(payments), { tenderType: 'card', amount: due }] : validPayments(payments),
        terms: fields.acceptedTerms(),
        itemHash: cart.itemHash,
      };
      return payOrder(order, payingByCard ? card : null, t);
    },
    // null: the browser is on its way to the challenge page.
    onSuccess: (completeOrderId) => completeOrderId !== null && onCompleted(completeOrderId),
    onError: (error) => {
      showToast({ type: 'error', content: error.message });
      const fieldErrors = error instanceof CheckoutFailure ? error.fieldErrors : {};
      if (Object.keys(fieldErrors).length === 0) return;
      flushSync(() => fields.setErrors(fieldErrors));
      focusFirstInvalid(formRef.current);
    },
  });
  // Busy from Pay until it fails; after success the screen is leaving (confirmation or challenge page).
  const processing = submit.isPending || submit.isSuccess;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (processing) return;
    submit.reset();
    let count = 0;
    flushSync(() => {
      const found = fields.validate();
      fields.setErrors(found);
      count = Object.keys(found).length + Object.keys(card.validate(payingByCard)).length;
    });
    if (count > 0) {
      announce(t('errors.summary', { count }));
      focusFirstInvalid(formRef.current);
      return;
    }
    announce(t('processing'));
    submit.mutate();
  };

  return { onSubmit, processing, failure: submit.error?.message ?? null, due, payingByCard };
};
