import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { Button } from '../../lib/ui/Button.tsx';
import { LoadingSpinner } from '../../lib/ui/LoadingSpinner.tsx';
import { useNoShowPolicy, useUpdateNoShowPolicy, type NoShowPolicyAnswer } from './api/manage.ts';
import { ManageFrame } from './components/ManageFrame.tsx';
import { formatDateTime } from '../../lib/i18n-format.ts';

/**
 * `/manage/settings` (docs/operator-tools.md "Settings"): the operator's no-show policy
 * (docs/front-of-house.md "No-shows") — how many no-shows within how many days charge what fee —
 * changed by a manager, checked here and by the server, with its recorded changes.
 */
const ManageSettingsScreen = () => {
  const { t } = useTranslation('manage');
  const policy = useNoShowPolicy();
  return (
    <ManageFrame title={t('settings.title')}>
      {() =>
        policy.isPending ? (
          <LoadingSpinner label={t('loading')} />
        ) : policy.error ? (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
            {policy.error.message}
          </p>
        ) : (
          <div className="grid gap-6 lg:grid-cols-2">
            <PolicyForm key={policy.dataUpdatedAt} answer={policy.data} />
            <PolicyChanges answer={policy.data} />
          </div>
        )
      }
    </ManageFrame>
  );
};

type Field = 'limit' | 'windowDays' | 'fee';
const WHOLE = /^\d{1,5}$/;
/** Pounds and pence as typed ('2', '2.5', '2.50') → pence, or null. */
const poundsToPence = (text: string) => (/^\d{1,3}(\.\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text.trim()) * 100) : null);

export const PolicyForm = ({ answer }: { answer: NoShowPolicyAnswer }) => {
  const { t } = useTranslation('manage');
  const update = useUpdateNoShowPolicy();
  const [values, setValues] = useState({ limit: String(answer.data.limit), windowDays: String(answer.data.windowDays), fee: (answer.data.feePence / 100).toFixed(2) });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [done, setDone] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const limit = WHOLE.test(values.limit.trim()) ? Number(values.limit) : NaN;
    const windowDays = WHOLE.test(values.windowDays.trim()) ? Number(values.windowDays) : NaN;
    const feePence = poundsToPence(values.fee);
    const next: Partial<Record<Field, string>> = {
      ...(!(limit >= 1 && limit <= 50) ? { limit: t('settings.limitInvalid') } : {}),
      ...(!(windowDays >= 1 && windowDays <= 365) ? { windowDays: t('settings.windowInvalid') } : {}),
      ...(feePence === null || feePence > 10_000 ? { fee: t('settings.feeInvalid', { symbol: answer.data.currencySymbol }) } : {}),
    };
    setErrors(next);
    setDone(false);
    if (Object.keys(next).length > 0 || feePence === null) return;
    update.mutate({ limit, windowDays, feePence }, { onSuccess: () => setDone(true) });
  };
  const field = (name: Field, label: string, hint: string, prefix?: string) => (
    <div>
      <label htmlFor={`policy-${name}`} className="block font-semibold">
        {label}
      </label>
      <p id={`policy-${name}-hint`} className="text-sm text-neutral-700">
        {hint}
      </p>
      {errors[name] && (
        <p id={`policy-${name}-error`} className="text-sm font-semibold text-danger-700">
          {errors[name]}
        </p>
      )}
      <div className="mt-1 flex items-center gap-1">
        {prefix && <span aria-hidden="true">{prefix}</span>}
        <input
          id={`policy-${name}`}
          inputMode={name === 'fee' ? 'decimal' : 'numeric'}
          value={values[name]}
          onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={errors[name] ? `policy-${name}-hint policy-${name}-error` : `policy-${name}-hint`}
          className="h-[42px] w-32 rounded-md border border-neutral-500 px-3"
        />
      </div>
    </div>
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-lg border border-neutral-300 bg-white p-4" aria-labelledby="policy-heading">
      <h2 id="policy-heading" className="text-xl font-bold">
        {t('settings.heading')}
      </h2>
      <p data-testid="policy-summary">{t('settings.summary', { limit: answer.data.limit, days: answer.data.windowDays, fee: answer.data.formattedFee })}</p>
      {field('limit', t('settings.limit'), t('settings.limitHint'))}
      {field('windowDays', t('settings.windowDays'), t('settings.windowHint'))}
      {field('fee', t('settings.fee', { symbol: answer.data.currencySymbol }), t('settings.feeHint'), answer.data.currencySymbol)}
      {update.error && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          {update.error.message}
        </p>
      )}
      <p role="status" className={done ? 'font-semibold text-green-900' : 'sr-only'}>
        {done ? t('settings.saved') : ''}
      </p>
      <Button type="submit" size="lg" disabled={update.isPending}>
        {t('settings.save')}
      </Button>
    </form>
  );
};

const PolicyChanges = ({ answer }: { answer: NoShowPolicyAnswer }) => {
  const { t } = useTranslation('manage');
  const words = (p: { limit: number; windowDays: number; feePence: number }) =>
    t('settings.policyWords', { limit: p.limit, days: p.windowDays, fee: `${answer.data.currencySymbol}${(p.feePence / 100).toFixed(2)}` });
  return (
    <section className="rounded-lg border border-neutral-300 bg-white p-4" aria-labelledby="policy-changes-heading">
      <h2 id="policy-changes-heading" className="text-xl font-bold">
        {t('settings.changes')}
      </h2>
      {answer.changes.length === 0 ? (
        <p className="mt-2">{t('settings.noChanges')}</p>
      ) : (
        <ol className="mt-2 space-y-2 text-sm" data-testid="policy-changes">
          {answer.changes.map((c) => (
            <li key={c.id} className="border-t border-neutral-200 pt-2 break-words">
              <time dateTime={c.createdAt}>{formatDateTime(new Date(c.createdAt), { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' })}</time> · {c.by.name}: {words(c.from)} →{' '}
              {words(c.to)}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
};

export default ManageSettingsScreen;
