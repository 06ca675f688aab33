import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { Button } from '../../lib/ui/Button.tsx';
import { LoadingSpinner } from '../../lib/ui/LoadingSpinner.tsx';
import { useAddEntry, useXRead, type TillSession } from './api/foh.ts';
import { TillFrame } from './components/TillFrame.tsx';
import { MoneyField } from './components/MoneyField.tsx';
import { TotalsTable } from './components/TotalsTable.tsx';
import { parsePounds } from './money.ts';

/** `/till/cash`: pay-ins and pay-outs with a reason, and the X read (totals since opening, the till stays open). */
const CashScreen = () => {
  const { t } = useTranslation('foh');
  return (
    <TillFrame title={t('cash.title')} needsOpenTill>
      {(session) => (
        <div className="grid gap-6 lg:grid-cols-2">
          <PayInOut session={session!} />
          <XReadView session={session!} />
        </div>
      )}
    </TillFrame>
  );
};

const PayInOut = ({ session }: { session: TillSession }) => {
  const { t } = useTranslation('foh');
  const add = useAddEntry(session.id);
  const [kind, setKind] = useState<'pay_in' | 'pay_out'>('pay_in');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [done, setDone] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const pence = parsePounds(amount);
    const next = { ...(pence === null || pence <= 0 ? { amount: t('cash.amountInvalid') } : {}), ...(reason.trim().length < 3 ? { reason: t('cash.reasonInvalid') } : {}) };
    setErrors(next);
    setDone(null);
    if (Object.keys(next).length || pence === null) return;
    add.mutate(
      { kind, amount: pence, reason: reason.trim() },
      {
        onSuccess: (entry) => {
          setDone(t(kind === 'pay_in' ? 'cash.doneIn' : 'cash.doneOut', { amount: entry.formattedAmount }));
          setAmount('');
          setReason('');
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-lg border border-neutral-300 bg-white p-4" aria-labelledby="pay-in-out-heading">
      <h2 id="pay-in-out-heading" className="text-xl font-bold">
        {t('cash.heading')}
      </h2>
      <fieldset>
        <legend className="text-sm font-semibold">{t('cash.kind')}</legend>
        {(['pay_in', 'pay_out'] as const).map((choice) => (
          <label key={choice} className="mr-4 inline-flex items-center gap-2">
            <input type="radio" name="entry-kind" checked={kind === choice} onChange={() => setKind(choice)} className="size-5" />
            {t(`cash.${choice}`)}
          </label>
        ))}
      </fieldset>
      <MoneyField label={t('cash.amount')} value={amount} onChange={setAmount} symbol={session.currencySymbol} error={errors.amount} />
      <div>
        <label htmlFor="entry-reason" className="block text-sm font-semibold">
          {t('cash.reason')}
        </label>
        {errors.reason && (
          <p id="entry-reason-error" className="text-sm font-semibold text-danger-700">
            {errors.reason}
          </p>
        )}
        <input
          id="entry-reason"
          value={reason}
          maxLength={200}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? 'entry-reason-error' : undefined}
          className="mt-1 h-11 w-full rounded-md border border-neutral-500 px-3"
        />
      </div>
      {add.error && <p role="alert" className="text-danger-700">{add.error.message}</p>}
      {done && <p role="status">{done}</p>}
      <Button type="submit" disabled={add.isPending}>
        {t('cash.submit')}
      </Button>
    </form>
  );
};

const XReadView = ({ session }: { session: TillSession }) => {
  const { t } = useTranslation('foh');
  const xRead = useXRead(session.id);
  return (
    <section className="rounded-lg border border-neutral-300 bg-white p-4" aria-labelledby="x-read-heading">
      <h2 id="x-read-heading" className="text-xl font-bold">
        {t('xRead.heading')}
      </h2>
      <p className="text-sm text-neutral-700">{t('xRead.lead')}</p>
      <Button variant="neutral" className="mt-2" onClick={() => void xRead.refetch()} disabled={xRead.isFetching}>
        {t('xRead.refresh')}
      </Button>
      {xRead.isPending ? (
        <LoadingSpinner label={t('loading')} />
      ) : xRead.error ? (
        <p role="alert">{xRead.error.message}</p>
      ) : (
        <>
          <TotalsTable caption={t('xRead.caption', { count: xRead.data.salesCount })} rows={xRead.data.expected} symbol={session.currencySymbol} testId="x-read" />
          <p className="mt-3 text-sm" data-testid="x-read-kiosk">
            {t('xRead.kiosk', { total: xRead.data.kioskCard.total.formatted, count: xRead.data.kioskCard.count })}{' '}
            <Link to="/till/kiosk-takings" className="font-semibold text-primary-700 underline">
              {t('xRead.kioskLink')}
            </Link>
          </p>
          <h3 className="mt-4 font-bold">{t('xRead.entries')}</h3>
          <ul className="text-sm">
            {xRead.data.entries.map((entry) => (
              <li key={entry.id}>
                {t(`entry.${entry.kind}`)} · {entry.tenderType} · {entry.formattedAmount}
                {entry.reason ? ` · ${entry.reason}` : ''}
                {entry.orderReference ? ` · ${entry.orderReference}` : ''}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
};

export default CashScreen;
