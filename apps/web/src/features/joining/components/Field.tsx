import type { InputHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';

export const inputClass = 'mt-1 block w-full rounded-md border border-gray-500 bg-white px-3 py-2 text-gray-900 shadow-sm aria-invalid:border-red-700 aria-invalid:border-2';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'children'> & { id: string; label: string; hint?: ReactNode; errors?: readonly string[] | undefined };

/** A labelled input with its hint and messages tied to it (GOV.UK pattern; the error message says 'Error:' to a screen reader). */
export const Field = ({ id, label, hint, errors, className, ...input }: Props) => {
  const { t } = useTranslation('common');
  const hasErrors = Boolean(errors?.length);
  const describedBy = [hint ? `${id}-hint` : null, hasErrors ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`${className ?? ''} ${hasErrors ? 'border-l-4 border-red-700 pl-3' : ''}`}>
      <label htmlFor={id} className="block font-medium text-gray-900">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-gray-700">
          {hint}
        </p>
      )}
      {hasErrors && (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-700">
          <span className="sr-only">{t('errorPrefix')} </span>
          {errors!.join(' ')}
        </p>
      )}
      <input {...input} id={id} aria-describedby={describedBy} aria-invalid={hasErrors || undefined} className={inputClass} />
    </div>
  );
};

/** A single checkbox with its label beside it, and its message above (GOV.UK). */
export const Checkbox = ({ id, label, checked, onChange, errors }: { id: string; label: string; checked: boolean; onChange: (checked: boolean) => void; errors?: readonly string[] | undefined }) => {
  const { t } = useTranslation('common');
  const hasErrors = Boolean(errors?.length);
  return (
    <div className={hasErrors ? 'border-l-4 border-red-700 pl-3' : undefined}>
      {hasErrors && (
        <p id={`${id}-error`} className="mb-1 text-sm font-semibold text-red-700">
          <span className="sr-only">{t('errorPrefix')} </span>
          {errors!.join(' ')}
        </p>
      )}
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 size-6 shrink-0 accent-primary-600"
          checked={checked}
          aria-describedby={hasErrors ? `${id}-error` : undefined}
          aria-invalid={hasErrors || undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id} className="text-gray-900">
          {label}
        </label>
      </div>
    </div>
  );
};
