import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Button } from '../../../lib/ui/Button.tsx';
import { LoadingSpinner } from '../../../lib/ui/LoadingSpinner.tsx';
import { useQuote, useStartJoin, type Join, type Quote } from '../api/joining.ts';
import { longDate, MAX_START_DAYS_AHEAD, startDates, todayInLondon } from '../format.ts';
import { updateJoin, useJoinState } from '../join-state.ts';

const Alert = ({ message, testId }: { message: string; testId?: string }) => (
  <p role="alert" className="rounded-md border border-red-700 bg-red-50 px-4 py-3 font-medium text-red-800" data-testid={testId}>
    {message}
  </p>
);

/**
 * Journey step 3 (issue 23): the start date (the 31 days allowed, as a list, so no other can be
 * picked; the server checks again) and the quote for it, in full, before any consent. Continue
 * starts the join on the server with that plan, date and date of birth.
 */
export const QuoteStep = ({ venue, planId, onStarted }: { venue: string; planId: number; onStarted: (join: Join) => void }) => {
  const { t } = useTranslation('joining');
  const id = useId();
  const today = todayInLondon();
  const join = useJoinState();
  const days = startDates(today, MAX_START_DAYS_AHEAD);
  const [startDate, setStartDate] = useState(join.startDate && days.includes(join.startDate) ? join.startDate : today);
  const dateOfBirth = join.dateOfBirth ?? undefined;
  const quote = useQuote({ venue, planId, startDate, dateOfBirth });
  const start = useStartJoin();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!quote.data) return;
    updateJoin({ startDate });
    try {
      onStarted(await start.mutateAsync({ venue, planId, startDate, dateOfBirth }));
    } catch {
      // Shown below from the mutation's error.
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-6">
      <div>
        <label htmlFor={`${id}-start`} className="block font-medium text-gray-900">
          {t('quote.startDate')}
        </label>
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-gray-700">
          {t('quote.startHint')}
        </p>
        <select
          id={`${id}-start`}
          name="start-date"
          aria-describedby={`${id}-hint`}
          className="mt-1 block w-full max-w-sm rounded-md border border-gray-500 bg-white px-3 py-2 text-gray-900"
          value={startDate}
          onChange={(event) => setStartDate(event.target.value)}
        >
          {days.map((day) => (
            <option key={day} value={day}>
              {day === today ? t('quote.startToday', { date: longDate(day) }) : longDate(day)}
            </option>
          ))}
        </select>
      </div>
      {quote.isPending ? <LoadingSpinner label={t('quote.loading')} /> : quote.isError ? <Alert message={quote.error.message || t('quote.failed')} testId="quote-error" /> : <QuoteTable quote={quote.data} />}
      {start.isError && <Alert message={start.error.message || t('loadFailed')} testId="join-error" />}
      <Button type="submit" size="lg" className="justify-self-start" disabled={!quote.data || quote.isFetching || start.isPending}>
        {quote.data && !quote.data.mandateRequired ? t('quote.continueToPay') : t('quote.continue')}
      </Button>
    </form>
  );
};

/** The quote as the customer reads it (the start step, and again on the Direct Debit and payment steps). */
export const QuoteTable = ({ quote }: { quote: Quote }) => {
  const { t } = useTranslation('joining');
  const row = (label: string, value: string, testId?: string, strong = false) => (
    <div className={`flex flex-wrap justify-between gap-x-6 gap-y-1 py-2.5 ${strong ? 'border-t-2 border-neutral-900 text-lg font-bold' : ''}`}>
      <dt className={strong ? 'text-neutral-900' : 'text-neutral-800'}>{label}</dt>
      <dd className="font-medium text-neutral-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  const { proRata, nextMonth, annual, firstCollection } = quote;
  return (
    <section aria-labelledby="join-quote-heading" data-testid="join-quote" className="rounded-xl bg-white p-5 ring-1 ring-neutral-300 sm:p-6">
      <h2 id="join-quote-heading" className="text-xl font-semibold text-neutral-900">
        {t('quote.heading')}
      </h2>
      <dl className="mt-3">
        {row(t('quote.joiningFee'), quote.joiningFee.raw > 0 ? quote.joiningFee.formatted : t('plans.noJoiningFee'), 'quote-joining-fee')}
        {proRata &&
          row(
            proRata.days === 1 ? t('quote.proRataOne', { from: proRata.from.text, count: 1 }) : t('quote.proRata', { from: proRata.from.text, to: proRata.to.text, count: proRata.days }),
            proRata.amount.formatted,
            'quote-pro-rata',
          )}
        {nextMonth && row(t('quote.nextMonth', { from: nextMonth.from.text, to: nextMonth.to.text }), nextMonth.amount.formatted, 'quote-next-month')}
        {annual && row(t('quote.annual', { from: annual.from.text, to: annual.to.text }), annual.amount.formatted, 'quote-annual')}
        {row(t('quote.today'), quote.todayTotal.formatted, 'quote-today', true)}
      </dl>
      {nextMonth && <p className="mt-1 text-sm text-neutral-800">{t('quote.nextMonthWhy')}</p>}
      {quote.nothingToPayToday && <p className="mt-1 text-sm text-neutral-800">{t('payment.nothing')}</p>}
      <dl className="mt-4 border-t border-neutral-300">
        {firstCollection && row(t('quote.firstCollection'), t('quote.firstCollectionValue', { amount: firstCollection.amount.formatted, date: firstCollection.date.text }), 'quote-first-collection')}
        {quote.mandateRequired && row(t('quote.thenMonthly'), t('quote.thenMonthlyValue', { amount: quote.monthly.formatted }))}
        {row(t('quote.minimumTerm'), quote.minimumTermEndsOn ? quote.minimumTermEndsOn.text : t('quote.noMinimumTerm'), 'quote-minimum-term')}
        {row(t('quote.coolingOff'), t('quote.coolingOffValue', { date: quote.coolingOffEndsOn.text }), 'quote-cooling-off')}
      </dl>
      <h3 className="mt-4 font-semibold text-neutral-900">{t('quote.notice')}</h3>
      <p className="mt-1 text-neutral-800" data-testid="quote-notice">
        {quote.noticeRule}
      </p>
    </section>
  );
};
