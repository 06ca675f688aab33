import { useMemo, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import type { ItemQuestions, Term, WaiverRequirement } from './api/checkout.ts';

/** Field id → its message. */
export type Errors = Record<string, string>;
export type Signature = { accepted: boolean; signature: string };

const NO_SIGNATURE: Signature = { accepted: false, signature: '' };
export const waiverKey = (waiver: Pick<WaiverRequirement, 'restrictionId' | 'membershipUserId'>) => `${waiver.restrictionId}-${waiver.membershipUserId}`;
/** An answer's key; its field's id is `q-${key}`. */
export const answerKey = (cartItemId: number, questionId: number) => `${cartItemId}-${questionId}`;

/**
 * What the customer fills in besides the card: answers, waiver signatures and accepted terms,
 * with their errors. Answers already stored fill the fields until the customer changes them; a
 * field's error goes as soon as the customer changes it (everything is checked again on Pay).
 */
export const useCheckoutFields = ({
  questions,
  waivers,
  terms,
}: {
  questions: ItemQuestions[] | undefined;
  waivers: WaiverRequirement[] | undefined;
  terms: Term[] | undefined;
}) => {
  const { t } = useTranslation('checkout');
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [signatures, setSignatures] = useState<Record<string, Signature>>({});
  const [accepted, setAccepted] = useState<Record<number, boolean>>({});
  const [errors, setErrors] = useState<Errors>({});

  const savedAnswers = useMemo(
    () => Object.fromEntries((questions ?? []).flatMap((item) => item.answers.map((answer) => [answerKey(item.cartItemId, answer.questionId), answer.value] as const))),
    [questions],
  );
  const answerOf = (key: string) => answers[key] ?? savedAnswers[key] ?? '';
  const itemsWithQuestions = (questions ?? []).filter((item) => item.questions.length > 0);
  const waiversToSign = (waivers ?? []).filter((waiver) => !waiver.signed);

  const clearError = (id: string) =>
    setErrors((current) => {
      if (!(id in current)) return current;
      const { [id]: _cleared, ...rest } = current;
      return rest;
    });

  const validate = (): Errors => {
    const found: Errors = {};
    const required = t('required');
    for (const item of itemsWithQuestions) {
      for (const question of item.questions) {
        const value = answerOf(answerKey(item.cartItemId, question.id));
        if (question.required && (question.type === 'checkbox' ? value !== 'true' : value.trim() === '')) found[`q-${answerKey(item.cartItemId, question.id)}`] = required;
      }
    }
    for (const waiver of waiversToSign) {
      const key = waiverKey(waiver);
      if (!signatures[key]?.accepted) found[`waiver-${key}-accept`] = t('waivers.mustAccept');
      if (!signatures[key]?.signature.trim()) found[`waiver-${key}-signature`] = required;
    }
    for (const term of terms ?? []) {
      if (term.required && !accepted[term.id]) found[`terms-${term.id}`] = t('terms.mustAccept');
    }
    return found;
  };

  return {
    errors,
    setErrors,
    validate,
    itemsWithQuestions,
    waiversToSign,
    answerOf,
    answer: (cartItemId: number, questionId: number, value: string) => {
      setAnswers((current) => ({ ...current, [answerKey(cartItemId, questionId)]: value }));
      clearError(`q-${answerKey(cartItemId, questionId)}`);
    },
    signatureOf: (key: string) => signatures[key] ?? NO_SIGNATURE,
    sign: (key: string, change: Partial<Signature>, fieldId: string) => {
      setSignatures((current) => ({ ...current, [key]: { ...(current[key] ?? NO_SIGNATURE), ...change } }));
      clearError(fieldId);
    },
    isAccepted: (termId: number) => Boolean(accepted[termId]),
    accept: (termId: number, checked: boolean) => {
      setAccepted((current) => ({ ...current, [termId]: checked }));
      clearError(`terms-${termId}`);
    },
    acceptedTerms: () => (terms ?? []).filter((term) => accepted[term.id]).map((term) => term.id),
  };
};

export type CheckoutFields = ReturnType<typeof useCheckoutFields>;
