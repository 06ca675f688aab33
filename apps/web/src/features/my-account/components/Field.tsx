import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export const fieldClass = 'mt-1 block w-full rounded-md border border-gray-500 bg-white px-3 py-2 text-gray-900 shadow-sm';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'children'> & {
  label: string;
  /** The control's id, when something else links to it (the error summary); one of its own otherwise. */
  id?: string | undefined;
  errors?: readonly string[] | undefined;
  hint?: ReactNode;
  /** A <select> or other control instead of an <input>, given the id and described-by to use. */
  control?: (props: { id: string; 'aria-describedby': string | undefined; 'aria-invalid': true | undefined; className: string }) => ReactNode;
};

/** A labelled field with its hint and its messages (spec §5 wording), tied together for assistive technology. */
export const Field = ({ label, errors, hint, control, className, id: givenId, ...input }: Props) => {
  const ownId = useId();
  const id = givenId ?? ownId;
  const hasErrors = Boolean(errors?.length);
  const describedBy = [hint ? `${id}-hint` : null, hasErrors ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const shared = { id, 'aria-describedby': describedBy, 'aria-invalid': hasErrors ? (true as const) : undefined, className: fieldClass };
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-gray-700">
          {hint}
        </p>
      )}
      {control ? control(shared) : <input {...input} {...shared} />}
      {hasErrors && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {errors!.join(' ')}
        </p>
      )}
    </div>
  );
};

/** The message above a form that the server refused, or that has fields to correct. */
export const FormError = ({ id, message }: { id: string; message: string }) => (
  <p id={id} role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
    {message}
  </p>
);
