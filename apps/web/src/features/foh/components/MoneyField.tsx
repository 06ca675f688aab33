import { useId } from 'react';

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  symbol: string;
  error?: string | null | undefined;
  hint?: string | undefined;
  testId?: string | undefined;
  autoFocus?: boolean | undefined;
};

/** A pounds-and-pence field: the symbol beside it, decimal keyboard on a tablet, its error tied to it. */
export const MoneyField = ({ label, value, onChange, symbol, error, hint, testId, autoFocus }: Props) => {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-neutral-900">
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
      <div className="mt-1 flex items-center gap-1">
        <span aria-hidden="true" className="text-lg">
          {symbol}
        </span>
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          data-testid={testId}
          autoFocus={autoFocus}
          className="h-11 w-40 rounded-md border border-neutral-500 px-3 text-lg tabular-nums"
        />
      </div>
    </div>
  );
};
