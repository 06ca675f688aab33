import { useTranslation } from '../../../lib/i18n-react.tsx';
import type { Cart, ItemQuestions } from '../api/checkout.ts';
import { FieldError, Section } from '../components/Field.tsx';
import { answerKey, type CheckoutFields } from '../use-checkout-fields.ts';

const INPUT = 'mt-1 block h-11 w-full rounded-md border border-neutral-500 bg-white px-3 text-base aria-[invalid=true]:border-2 aria-[invalid=true]:border-red-700';
const CHECKBOX = 'mt-0.5 size-6 shrink-0 accent-primary-600 aria-[invalid=true]:outline-2 aria-[invalid=true]:outline-red-700';

/** Spec §7 custom questions, per item (only items that have any): text, select and checkbox. */
export const QuestionsSection = ({ step, cart, fields }: { step: number; cart: Cart; fields: CheckoutFields }) => {
  const { t } = useTranslation('checkout');
  return (
    <Section id="questions" step={step} title={t('questions.title')} lead={t('questions.lead')}>
      <div className="grid gap-6">
        {fields.itemsWithQuestions.map((item) => (
          <QuestionGroup key={item.cartItemId} item={item} person={cart.items.find((cartItem) => cartItem.id === item.cartItemId)?.purchasedFor} fields={fields} />
        ))}
      </div>
    </Section>
  );
};

const QuestionGroup = ({ item, person, fields }: { item: ItemQuestions; person?: { firstName: string; lastName: string }; fields: CheckoutFields }) => {
  const { t } = useTranslation('checkout');
  return (
    <fieldset className="grid gap-4" data-testid="item-questions">
      <legend className="font-semibold text-neutral-900">
        {item.activityName}
        {person && <span className="font-normal text-neutral-800"> — {t('order.for', { name: `${person.firstName} ${person.lastName}` })}</span>}
      </legend>
      {item.questions.map((question) => (
        <QuestionField key={question.id} item={item} question={question} fields={fields} />
      ))}
    </fieldset>
  );
};

const QuestionField = ({ item, question, fields }: { item: ItemQuestions; question: ItemQuestions['questions'][number]; fields: CheckoutFields }) => {
  const { t } = useTranslation('checkout');
  const id = `q-${answerKey(item.cartItemId, question.id)}`;
  const value = fields.answerOf(answerKey(item.cartItemId, question.id));
  const error = fields.errors[id];
  const onAnswer = (next: string) => fields.answer(item.cartItemId, question.id, next);
  const aria = { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined, 'aria-required': question.required || undefined };
  const label = (
    <>
      {question.label}
      {!question.required && <span className="font-normal text-neutral-700"> {t('questions.optional')}</span>}
    </>
  );
  if (question.type === 'checkbox') {
    return (
      <div>
        <div className="flex items-start gap-3">
          <input id={id} type="checkbox" className={CHECKBOX} checked={value === 'true'} onChange={(event) => onAnswer(event.target.checked ? 'true' : '')} {...aria} />
          <label htmlFor={id} className="text-neutral-900">
            {label}
          </label>
        </div>
        <FieldError id={`${id}-error`} error={error} />
      </div>
    );
  }
  return (
    <div className="max-w-md">
      <label htmlFor={id} className="block text-sm font-semibold text-neutral-900">
        {label}
      </label>
      {question.type === 'select' ? (
        <select id={id} className={INPUT} value={value} onChange={(event) => onAnswer(event.target.value)} {...aria}>
          <option value="">{t('questions.choose')}</option>
          {question.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : (
        <input id={id} className={INPUT} value={value} onChange={(event) => onAnswer(event.target.value)} {...aria} />
      )}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
};
