import type { HTMLAttributes } from 'react';

export type FieldErrors = Partial<Record<string, string>>;

type Props = {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  hint?: string;
  type?: 'text' | 'time' | 'date';
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  prefix?: string;
  /** A select's options instead of a text input. */
  choices?: { value: string; label: string }[];
  /** The control's id is `<idPrefix>-<name>` (the series form's 'series'; the venue form's 'venue'). */
  idPrefix?: string;
  autoComplete?: string;
};

/** One labelled field of the series form: its hint and error tied to it (aria-describedby), invalid when refused. */
export const SeriesField = ({ name, label, value, onChange, error, hint, type = 'text', inputMode, maxLength, prefix, choices, idPrefix = 'series', autoComplete }: Props) => {
  const id = `${idPrefix}-${name}`;
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const control = 'mt-1 h-[42px] w-full min-w-0 rounded-md border border-neutral-500 px-3';
  return (
    <div>
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-neutral-700">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-semibold text-danger-700">
          {error}
        </p>
      )}
      {choices ? (
        <select id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={described} className={control}>
          {choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      ) : (
        <div className="flex items-center gap-1">
          {prefix && (
            <span aria-hidden="true" className="mt-1">
              {prefix}
            </span>
          )}
          <input
            id={id}
            type={type}
            value={value}
            inputMode={inputMode}
            maxLength={maxLength}
            autoComplete={autoComplete}
            onChange={(e) => onChange(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={described}
            className={control}
          />
        </div>
      )}
    </div>
  );
};
