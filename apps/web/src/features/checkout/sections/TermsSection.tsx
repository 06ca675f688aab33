import { useTranslation } from '../../../lib/i18n-react.tsx';
import type { Term } from '../api/checkout.ts';
import { FieldError } from '../components/Field.tsx';
import type { CheckoutFields } from '../use-checkout-fields.ts';

/** `GET terms?cart_id=`: a checkbox per term, labelled with its own label; the full text folds out below. */
export const TermsSection = ({ terms, fields }: { terms: Term[]; fields: CheckoutFields }) => {
  const { t } = useTranslation('checkout');
  return (
    <div className="mt-6 grid gap-3 border-t border-neutral-200 pt-5">
      {terms.map((term) => {
        const id = `terms-${term.id}`;
        const error = fields.errors[id];
        return (
          <div key={term.id}>
            <div className="flex items-start gap-3">
              <input
                id={id}
                type="checkbox"
                className="mt-0.5 size-6 shrink-0 accent-primary-600 aria-[invalid=true]:outline-2 aria-[invalid=true]:outline-red-700"
                checked={fields.isAccepted(term.id)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(event) => fields.accept(term.id, event.target.checked)}
              />
              <label htmlFor={id} className="text-neutral-900">
                {term.label}
              </label>
            </div>
            <details className="mt-1 ml-9 text-sm text-neutral-800">
              <summary className="cursor-pointer font-medium text-primary-600 underline underline-offset-2">{t('terms.read', { title: term.title })}</summary>
              <p className="mt-2 whitespace-pre-line">{term.body}</p>
            </details>
            <FieldError id={`${id}-error`} error={error} />
          </div>
        );
      })}
    </div>
  );
};
