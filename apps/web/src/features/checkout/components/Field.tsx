import type { InputHTMLAttributes, ReactNode } from 'react';

/** A labelled text field whose error is linked with aria-describedby and marked aria-invalid. */
export const Field = ({
  id,
  label,
  hint,
  error,
  className = '',
  ...input
}: { id: string; label: ReactNode; hint?: ReactNode; error?: string } & InputHTMLAttributes<HTMLInputElement>) => {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-neutral-900">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-neutral-700">
          {hint}
        </p>
      )}
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`mt-1 block h-11 w-full rounded-md border bg-white px-3 text-base text-neutral-900 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary-500 ${
          error ? 'border-red-700' : 'border-neutral-500'
        }`}
        {...input}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
};

export const FieldError = ({ id, error }: { id: string; error?: string }) =>
  error ? (
    <p id={id} className="mt-1 flex items-center gap-1 text-sm font-medium text-red-700">
      <span aria-hidden="true">⚠</span>
      {error}
    </p>
  ) : null;

/** A white card section with a numbered heading. */
export const Section = ({ id, step, title, children, lead }: { id: string; step?: number; title: string; lead?: ReactNode; children: ReactNode }) => (
  <section aria-labelledby={`${id}-heading`} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200 sm:p-6">
    <h2 id={`${id}-heading`} className="flex items-center gap-3 text-xl font-bold text-dark-500 uppercase">
      {step !== undefined && (
        <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-500 text-base text-on-primary">
          {step}
        </span>
      )}
      {title}
    </h2>
    {lead && <div className="mt-1 text-neutral-700">{lead}</div>}
    <div className="mt-4">{children}</div>
  </section>
);
