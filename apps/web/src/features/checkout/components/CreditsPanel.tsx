import { useState } from 'react';
import type { TFunction } from 'i18next';
import { toMoney } from '@app/contract/rules/money';
import { Button } from '../../../lib/ui/Button.tsx';
import { CREDIT_TENDERS, creditCap, type CreditKind, type Payment } from '../tenders.ts';
import type { Cart } from '../api/checkout.ts';
import { Field } from './Field.tsx';

/** '12.50' → 1250; anything that is not an amount of money → NaN. */
export const poundsToPence = (value: string) => {
  const match = /^\s*£?\s*(\d{1,6})(?:\.(\d{1,2}))?\s*$/.exec(value);
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
};

/**
 * Spec §3 Credit / §7 credits: each kind the customer holds, with what they have and the most
 * this order can take; Apply reserves it (the screen runs the request and the toasts).
 */
export const CreditsPanel = ({
  credits,
  payments,
  total,
  symbol,
  busy,
  onApply,
  t,
}: {
  credits: Cart['credits'];
  payments: Payment[];
  total: number;
  symbol: string;
  busy: boolean;
  onApply: (kind: CreditKind, pence: number) => void;
  t: TFunction;
}) => {
  const kinds = (['membership', 'general'] as const).filter((kind) => credits[kind].totalAvailable > 0);
  if (kinds.length === 0) return null;
  return (
    <div className="grid gap-4">
      {kinds.map((kind) => (
        <CreditRow
          key={kind}
          kind={kind}
          credit={credits[kind]}
          applied={payments.find((payment) => payment.tenderType === CREDIT_TENDERS[kind])?.amount ?? 0}
          due={total - payments.filter((payment) => payment.tenderType !== CREDIT_TENDERS[kind]).reduce((sum, payment) => sum + payment.amount, 0)}
          symbol={symbol}
          busy={busy}
          onApply={onApply}
          t={t}
        />
      ))}
    </div>
  );
};

const CreditRow = ({
  kind,
  credit,
  applied,
  due,
  symbol,
  busy,
  onApply,
  t,
}: {
  kind: CreditKind;
  credit: Cart['credits']['general'];
  applied: number;
  due: number;
  symbol: string;
  busy: boolean;
  onApply: (kind: CreditKind, pence: number) => void;
  t: TFunction;
}) => {
  const cap = creditCap(credit, due);
  const [value, setValue] = useState(() => toMoney(applied || cap).currency);
  const [error, setError] = useState<string>();
  const money = (pence: number) => toMoney(pence, symbol).formatted;
  const submit = () => {
    const pence = poundsToPence(value);
    if (value.trim() === '') return setError(t('common:validation.required', { defaultValue: 'Required' }));
    if (Number.isNaN(pence)) return setError(t('credits.errors.amount'));
    if (pence > cap) return setError(t('credits.errors.tooMuch', { amount: money(cap) }));
    setError(undefined);
    onApply(kind, pence);
  };
  return (
    <div className="rounded-lg border border-neutral-300 p-4" data-testid={`credit-${kind}`}>
      <h3 className="font-semibold text-neutral-900">{t(`credits.${kind}`)}</h3>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-neutral-800">
        <dt>{t('credits.available')}</dt>
        {/* What is left to use: the balance less what this order has taken (issue 21). */}
        <dd className="font-semibold" data-testid={`credit-${kind}-available`}>
          {money(Math.max(0, credit.totalAvailable - applied))}
        </dd>
        <dt>{t('credits.maxApplicable')}</dt>
        <dd className="font-semibold">{money(Math.min(credit.maxApplicable, credit.totalAvailable))}</dd>
        {applied > 0 && (
          <>
            <dt>{t('credits.applied')}</dt>
            <dd className="font-semibold text-green-950">{money(applied)}</dd>
          </>
        )}
      </dl>
      <div className="mt-3 flex flex-wrap items-start gap-3">
        <Field
          id={`credit-${kind}-amount`}
          className="w-40"
          label={t('credits.amount', { symbol })}
          inputMode="decimal"
          value={value}
          error={error}
          disabled={busy}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              submit();
            }
          }}
        />
        <div className="flex flex-wrap gap-2 pt-6">
          <Button variant="secondary" size="lg" disabled={busy} onClick={submit}>
            {t('credits.apply', { kind: t(`credits.${kind}`).toLowerCase() })}
          </Button>
          {applied > 0 && (
            <Button variant="text" size="lg" disabled={busy} onClick={() => onApply(kind, 0)}>
              {t('credits.remove')}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
};
