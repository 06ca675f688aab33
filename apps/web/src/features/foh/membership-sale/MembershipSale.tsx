import { useId, useState, type FormEvent } from 'react';
import { addDays, londonDate } from '@app/contract/rules/join-quote';
import { TENDER_LABELS, changeDue } from '@app/contract/foh/tender-rules';
import type { FohPaymentLine } from '@app/contract/foh/pay';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Button } from '../../../lib/ui/Button.tsx';
import { LoadingSpinner } from '../../../lib/ui/LoadingSpinner.tsx';
import { useCustomerPanel, type CustomerPanel, type TillSession } from '../api/foh.ts';
import { formatPence, parsePounds } from '../money.ts';
import { MoneyField } from '../components/MoneyField.tsx';
import { useSaleQuote, useSellMembership, useVenuePlans, type Sale, type SaleQuote } from './api.ts';
import { formatDateTime } from '../../../lib/i18n-format.ts';

/** The tenders a membership can be paid with at the till (account credit cannot). */
const SALE_TENDERS = ['cash', 'cheque', 'offline-voucher', 'card-terminal'] as const;
type SaleTender = (typeof SALE_TENDERS)[number];
type Person = CustomerPanel['people'][number];
type Props = { accountUserId: number; session: TillSession; people: readonly Person[] };

const inputClass = 'mt-1 h-11 w-full max-w-xl rounded-md border border-neutral-500 bg-white px-3';

/**
 * 'Sell a membership' on the customer screen (issue 24; docs/front-of-house-screens.md): a plan
 * the till's venue sells, the person (the customer or a family member; the date of birth is the
 * account's), the start date (today to 30 days ahead), the server's join quote, then today's
 * payment with one till tender. A monthly plan then waits for the member's Direct Debit: the
 * screen says where the link went; staff never take bank details.
 */
export const MembershipSale = ({ accountUserId, session, people }: Props) => {
  const { t } = useTranslation('foh');
  const [open, setOpen] = useState(false);
  const [sold, setSold] = useState<Sale | null>(null);
  return (
    <section aria-labelledby="membership-sale-heading" className="space-y-4" data-testid="membership-sale">
      <h2 id="membership-sale-heading" className="text-xl font-bold">
        {t('membershipSale.heading')}
      </h2>
      {sold ? (
        <Sold sale={sold} symbol={session.currencySymbol} onNext={() => (setSold(null), setOpen(false))} />
      ) : open ? (
        <SaleForm accountUserId={accountUserId} session={session} people={people} onSold={setSold} onCancel={() => setOpen(false)} />
      ) : (
        <Button size="lg" variant="secondary" onClick={() => setOpen(true)}>
          {t('membershipSale.start')}
        </Button>
      )}
    </section>
  );
};

const SaleForm = ({ accountUserId, session, people, onSold, onCancel }: Props & { onSold: (sale: Sale) => void; onCancel: () => void }) => {
  const { t } = useTranslation('foh');
  const id = useId();
  const today = londonDate(new Date());
  const plans = useVenuePlans(session.till.venueSlug);
  const [planId, setPlanId] = useState('');
  const [personId, setPersonId] = useState(people[0] ? String(people[0].membershipUserId) : '');
  const [startDate, setStartDate] = useState(today);
  const [tender, setTender] = useState<SaleTender | null>(null);
  const [tendered, setTendered] = useState('');
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const quote = useSaleQuote(planId && personId && /^\d{4}-\d{2}-\d{2}$/.test(startDate) ? { accountUserId, tillSessionId: session.id, planId: Number(planId), membershipUserId: Number(personId), startDate } : null);
  const sell = useSellMembership(accountUserId, session.id);
  const money = (pence: number) => formatPence(pence, session.currencySymbol);
  const total = quote.data?.todayTotal.raw ?? 0;
  const tenderedPence = tendered === '' ? null : parsePounds(tendered);
  const change = tender === 'cash' && tenderedPence !== null ? changeDue(tenderedPence, total) : null;

  const line = (): FohPaymentLine | string => {
    if (!tender) return t('membershipSale.chooseTender');
    switch (tender) {
      case 'cash':
        if (tendered !== '' && (tenderedPence === null || tenderedPence < total)) return t('pay.tenderedShort');
        return { tender_type: 'cash', amount: total, info: { amount_tendered: tenderedPence ?? total } };
      case 'cheque':
        return /^\d{6}$/.test(reference.trim()) ? { tender_type: 'cheque', amount: total, info: { cheque_number: reference.trim() } } : t('pay.chequeInvalid');
      case 'offline-voucher':
        return /^[A-Za-z0-9-]{4,32}$/.test(reference.trim()) ? { tender_type: 'offline-voucher', amount: total, info: { voucher_code: reference.trim().toUpperCase() } } : t('pay.voucherInvalid');
      case 'card-terminal':
        return /^[A-Za-z0-9-]{4,40}$/.test(reference.trim()) ? { tender_type: 'card-terminal', amount: total, info: { terminal_reference: reference.trim() } } : t('pay.terminalInvalid');
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!quote.data) return setError(t('membershipSale.quoteFirst'));
    const payment = total > 0 ? line() : null;
    if (typeof payment === 'string') return setError(payment);
    setError(null);
    try {
      onSold(await sell.mutateAsync({ plan_id: Number(planId), membership_user_id: Number(personId), start_date: startDate, payments: payment ? [payment] : [] }));
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : t('membershipSale.failed'));
    }
  };

  const referenceLabel = tender === 'cheque' ? t('pay.chequeNumber') : tender === 'offline-voucher' ? t('pay.voucherCode') : tender === 'card-terminal' ? t('pay.terminalReference') : '';
  if (plans.isPending) return <LoadingSpinner label={t('loading')} />;
  if (plans.isError) return <p role="alert">{plans.error.message}</p>;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4" data-testid="membership-sale-form">
      <div>
        <label htmlFor={`${id}-plan`} className="block text-sm font-semibold">
          {t('membershipSale.plan')}
        </label>
        <select id={`${id}-plan`} value={planId} onChange={(e) => setPlanId(e.target.value)} className={inputClass}>
          <option value="">{t('membershipSale.choosePlan')}</option>
          {plans.data.map((plan) => (
            <option key={plan.id} value={plan.id}>
              {t('membershipSale.planOption', { name: plan.name, price: plan.billing === 'annual' ? t('membershipSale.perYear', { amount: plan.annualPrice?.formatted ?? '' }) : t('membershipSale.perMonth', { amount: plan.monthlyPrice.formatted }), band: t(`membershipSale.ageBand.${plan.ageBand}`) })}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-person`} className="block text-sm font-semibold">
          {t('membershipSale.person')}
        </label>
        <select id={`${id}-person`} value={personId} onChange={(e) => setPersonId(e.target.value)} className={inputClass}>
          {people.map((p) => (
            <option key={p.membershipUserId} value={p.membershipUserId}>
              {p.dateOfBirth ? t('membershipSale.personOption', { name: p.name, born: p.dateOfBirth }) : t('membershipSale.personNoBirthday', { name: p.name })}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-start`} className="block text-sm font-semibold">
          {t('membershipSale.startDate')}
        </label>
        <p id={`${id}-start-hint`} className="text-sm text-neutral-700">
          {t('membershipSale.startHint')}
        </p>
        <input id={`${id}-start`} type="date" min={today} max={addDays(today, 30)} value={startDate} onChange={(e) => setStartDate(e.target.value)} aria-describedby={`${id}-start-hint`} className={`${inputClass} max-w-60`} />
      </div>
      {quote.isFetching && !quote.data && <LoadingSpinner label={t('membershipSale.quoting')} />}
      {quote.isError && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800" data-testid="membership-quote-error">
          {quote.error.message}
        </p>
      )}
      {quote.data && !quote.isError && <QuoteList quote={quote.data} />}
      {quote.data && !quote.isError && total > 0 && (
        <fieldset className="space-y-3">
          <legend className="text-base font-bold">{t('membershipSale.payToday', { amount: money(total) })}</legend>
          <div className="flex flex-wrap gap-2">
            {SALE_TENDERS.map((type) => (
              <Button key={type} size="lg" variant={tender === type ? 'primary' : 'neutral'} aria-pressed={tender === type} onClick={() => (setTender(type), setReference(''), setTendered(''), setError(null))}>
                {TENDER_LABELS[type]}
              </Button>
            ))}
          </div>
          {tender === 'cash' && (
            <>
              <MoneyField label={t('membershipSale.amountTendered')} value={tendered} onChange={setTendered} symbol={session.currencySymbol} testId="membership-amount-tendered" />
              <p role="status" className="text-lg" data-testid="membership-change-due">
                {change !== null ? t('pay.change', { amount: money(change) }) : ''}
              </p>
            </>
          )}
          {referenceLabel && (
            <div>
              <label htmlFor={`${id}-reference`} className="block text-sm font-semibold">
                {referenceLabel}
              </label>
              <input id={`${id}-reference`} value={reference} onChange={(e) => setReference(e.target.value)} autoComplete="off" className={`${inputClass} max-w-64`} />
            </div>
          )}
        </fieldset>
      )}
      {quote.data?.mandateRequired && <p className="text-neutral-800">{t('membershipSale.mandateNote')}</p>}
      {error && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800" data-testid="membership-sale-error">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" size="lg" disabled={sell.isPending || !quote.data || quote.isError}>
          {total > 0 ? t('membershipSale.takePayment', { amount: money(total) }) : t('membershipSale.sell')}
        </Button>
        <Button variant="text" onClick={onCancel}>
          {t('membershipSale.cancel')}
        </Button>
      </div>
    </form>
  );
};

/** The quote as the server made it: every amount and date the customer agrees to. */
const QuoteList = ({ quote }: { quote: SaleQuote }) => {
  const { t } = useTranslation('foh');
  const rows: [string, string][] = [
    [t('membershipSale.quote.joiningFee'), quote.joiningFee.formatted],
    ...(quote.proRata ? [[t('membershipSale.quote.proRata', { days: quote.proRata.days, from: quote.proRata.from.text, to: quote.proRata.to.text }), quote.proRata.amount.formatted] as [string, string]] : []),
    ...(quote.nextMonth ? [[t('membershipSale.quote.nextMonth', { from: quote.nextMonth.from.text, to: quote.nextMonth.to.text }), quote.nextMonth.amount.formatted] as [string, string]] : []),
    ...(quote.annual ? [[t('membershipSale.quote.annual', { from: quote.annual.from.text, to: quote.annual.to.text }), quote.annual.amount.formatted] as [string, string]] : []),
    [t('membershipSale.quote.todayTotal'), quote.todayTotal.formatted],
    ...(quote.firstCollection ? [[t('membershipSale.quote.firstCollection'), t('membershipSale.quote.onDate', { amount: quote.firstCollection.amount.formatted, date: quote.firstCollection.date.text })] as [string, string]] : []),
    ...(quote.mandateRequired ? [[t('membershipSale.quote.monthly'), quote.monthly.formatted] as [string, string]] : []),
    [t('membershipSale.quote.minimumTerm'), quote.minimumTermEndsOn ? quote.minimumTermEndsOn.text : t('membershipSale.quote.noMinimumTerm')],
    [t('membershipSale.quote.coolingOff'), quote.coolingOffEndsOn.text],
  ];
  return (
    <div className="rounded-md border border-neutral-300 p-4" data-testid="till-membership-quote">
      <dl className="divide-y divide-neutral-200">
        {rows.map(([term, value]) => (
          <div key={term} className="flex items-baseline justify-between gap-4 py-1.5">
            <dt className="text-neutral-800">{term}</dt>
            <dd className="text-right font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-neutral-800">
        <span className="font-semibold">{t('membershipSale.quote.notice')}: </span>
        {quote.noticeRule}
      </p>
    </div>
  );
};

const Sold = ({ sale, symbol, onNext }: { sale: Sale; symbol: string; onNext: () => void }) => {
  const { t } = useTranslation('foh');
  const change = sale.changeDue.raw;
  return (
    <div role="status" className="space-y-2 rounded-md border border-green-700 bg-green-50 p-4" data-testid="membership-sold">
      <p className="text-lg font-bold">{t('membershipSale.sold', { number: sale.membershipNumber, plan: sale.plan.name, name: `${sale.person.firstName} ${sale.person.lastName}` })}</p>
      {sale.orderReference && <p>{t('membershipSale.paid', { amount: sale.quote.todayTotal.formatted, reference: sale.orderReference })}</p>}
      {change > 0 && <p>{t('pay.change', { amount: formatPence(change, symbol) })}</p>}
      <p data-testid="membership-sold-status">
        {sale.status === 'awaiting_mandate' ? t('membershipSale.awaitingMandate', { email: sale.mandateLinkSentTo ?? '', until: sale.mandateLinkExpiresAt ? formatDateTime(new Date(sale.mandateLinkExpiresAt), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' }) : '' }) : t('membershipSale.active')}
      </p>
      <Button variant="secondary" onClick={onNext}>
        {t('membershipSale.done')}
      </Button>
    </div>
  );
};

/** The customer screen's card: the customer's people from their panel (the same cached query). */
export const MembershipSaleCard = ({ accountUserId, session }: { accountUserId: number; session: TillSession }) => {
  const panel = useCustomerPanel(accountUserId);
  if (!panel.data) return null;
  return (
    <div className="rounded-lg border border-neutral-300 bg-white p-4">
      <MembershipSale key={accountUserId} accountUserId={accountUserId} session={session} people={panel.data.people} />
    </div>
  );
};
