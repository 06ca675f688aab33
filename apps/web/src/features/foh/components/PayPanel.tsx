import { useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FOH_TENDER_TYPES, changeDue, leftToPay, offlinePayments, type FohTenderType, type OfflineLine } from '@app/contract/foh/tender-rules';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Button } from '../../../lib/ui/Button.tsx';
import { fohKeys, payAtTill, useTerms, type PayResult, type StaffCart, type TillSession } from '../api/foh.ts';
import { formatPence, parsePounds, penceToField } from '../money.ts';
import { MoneyField } from './MoneyField.tsx';

type Receipt = 'print' | 'email' | 'none';
/** `walkIn`: a sale without a customer record — no account credit, and the receipt printed or none (nobody to email). */
type Props = { cart: StaffCart; session: TillSession; accountUserId: number; onPaid: (result: PayResult, receipt: Receipt) => void; walkIn?: boolean };

/** A screen-only id for a payment line (the reducer removes by it). */
const newLineKey = () => `line-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * Take payment (issue 24 "Tenders"): one button per tender, the tender's own field (cash:
 * 'Amount tendered' with the change due as you type), split payments built with spec §4's
 * offline-payment actions (contract tender-rules.ts: add, remove, reset, and sync when the basket
 * changes), the receipt the customer chooses, and 'Take payment'.
 */
export const PayPanel = ({ cart, session, accountUserId, onPaid, walkIn = false }: Props) => {
  const { t } = useTranslation('foh');
  const queryClient = useQueryClient();
  const symbol = session.currencySymbol;
  const money = (pence: number) => formatPence(pence, symbol);
  const [lines, dispatch] = useReducer(offlinePayments, []);
  const [tender, setTender] = useState<FohTenderType | null>(null);
  const [amount, setAmount] = useState('');
  const [tendered, setTendered] = useState('');
  const [reference, setReference] = useState('');
  const [creditType, setCreditType] = useState<'general' | 'membership'>('general');
  const [receipt, setReceipt] = useState<Receipt>('print');
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const terms = useTerms();
  const needsTerms = (terms.data?.length ?? 0) > 0;

  // Spec §4 sync: the basket changed on the server, so only the credit lines stay.
  const hash = cart.itemHash;
  const firstHash = useRef(hash);
  useEffect(() => {
    if (hash !== firstHash.current) {
      firstHash.current = hash;
      dispatch({ type: 'sync', creditLines: [] });
    }
  }, [hash]);

  const left = leftToPay(cart.total, lines);
  const amountPence = amount === '' ? Math.max(left, 0) : parsePounds(amount);
  const tenderedPence = tendered === '' ? null : parsePounds(tendered);
  const change = tender === 'cash' && tenderedPence !== null && amountPence !== null ? changeDue(tenderedPence, amountPence) : null;

  const choose = (next: FohTenderType) => {
    setTender(next);
    setAmount('');
    setTendered('');
    setReference('');
    setError(null);
  };

  /** The line the open tender form describes, or an error message. */
  const currentLine = (): OfflineLine | string => {
    if (!tender) return t('pay.chooseTender');
    if (amountPence === null || amountPence <= 0) return t('pay.amountInvalid');
    if (amountPence > left) return t('pay.amountOver', { left: money(left) });
    const key = newLineKey();
    switch (tender) {
      case 'cash':
        if (tendered !== '' && (tenderedPence === null || tenderedPence < amountPence)) return t('pay.tenderedShort');
        return { key, tender_type: 'cash', amount: amountPence, info: { amount_tendered: tenderedPence ?? amountPence } };
      case 'cheque':
        return /^\d{6}$/.test(reference.trim()) ? { key, tender_type: 'cheque', amount: amountPence, info: { cheque_number: reference.trim() } } : t('pay.chequeInvalid');
      case 'offline-voucher':
        return /^[A-Za-z0-9-]{4,32}$/.test(reference.trim()) ? { key, tender_type: 'offline-voucher', amount: amountPence, info: { voucher_code: reference.trim().toUpperCase() } } : t('pay.voucherInvalid');
      case 'card-terminal':
        return /^[A-Za-z0-9-]{4,40}$/.test(reference.trim()) ? { key, tender_type: 'card-terminal', amount: amountPence, info: { terminal_reference: reference.trim() } } : t('pay.terminalInvalid');
      case 'credit':
        return { key, tender_type: 'credit', amount: amountPence, info: { type: creditType } };
    }
  };

  const addLine = () => {
    const line = currentLine();
    if (typeof line === 'string') return setError(line);
    dispatch({ type: 'add', line });
    setTender(null);
    setError(null);
  };

  const takePayment = async (event: FormEvent) => {
    event.preventDefault();
    let all = lines;
    // The open tender form is the last line when it is filled in (the common case: one tender).
    if (tender) {
      const line = currentLine();
      if (typeof line === 'string') return setError(line);
      all = offlinePayments(lines, { type: 'add', line });
    }
    if (leftToPay(cart.total, all) !== 0) return setError(t('pay.mismatch', { left: money(leftToPay(cart.total, all)) }));
    if (needsTerms && !termsAccepted) return setError(t('pay.termsRequired'));
    setError(null);
    setPaying(true);
    try {
      const result = await payAtTill({
        payments: all.map(({ tender_type, amount: pence, info }) => ({ tender_type, amount: pence, ...(info ? { info } : {}) })),
        selected_user_id: cart.selectedUserId,
        source: 'front-of-house',
        terms: needsTerms ? terms.data!.map((term) => term.id) : [],
        till_session_id: session.id,
        receipt,
      });
      dispatch({ type: 'reset' });
      setTender(null);
      void queryClient.invalidateQueries({ queryKey: fohKeys.cart(accountUserId) });
      void queryClient.invalidateQueries({ queryKey: fohKeys.panel(accountUserId) });
      void queryClient.invalidateQueries({ queryKey: fohKeys.xRead(session.id) });
      onPaid(result, receipt);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('pay.failed'));
    } finally {
      setPaying(false);
    }
  };

  const referenceLabel = tender === 'cheque' ? t('pay.chequeNumber') : tender === 'offline-voucher' ? t('pay.voucherCode') : tender === 'card-terminal' ? t('pay.terminalReference') : '';

  return (
    <form onSubmit={(event) => void takePayment(event)} noValidate className="space-y-4" aria-labelledby="pay-heading" data-testid="pay-panel">
      <h2 id="pay-heading" className="text-xl font-bold">
        {t('pay.heading')}
      </h2>
      <p className="text-lg">
        {t('pay.total')} <strong data-testid="pay-total">{money(cart.total)}</strong>
        {lines.length > 0 && (
          <>
            {' · '}
            {t('pay.left')} <strong data-testid="pay-left">{money(left)}</strong>
          </>
        )}
      </p>
      <fieldset>
        <legend className="text-sm font-semibold">{t('pay.tenders')}</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {FOH_TENDER_TYPES.filter((type) => !walkIn || type !== 'credit').map((type) => (
            <Button key={type} size="lg" variant={tender === type ? 'primary' : 'neutral'} aria-pressed={tender === type} onClick={() => choose(type)} disabled={left <= 0}>
              {t(`tender.${type}`)}
            </Button>
          ))}
        </div>
      </fieldset>
      {tender && (
        <div className="space-y-3 rounded-md border border-neutral-300 p-4" data-testid="tender-form">
          <MoneyField label={t('pay.amount', { tender: t(`tender.${tender}`) })} value={amount === '' ? penceToField(Math.max(left, 0)) : amount} onChange={setAmount} symbol={symbol} />
          {tender === 'cash' && (
            <>
              <MoneyField label={t('pay.amountTendered')} value={tendered} onChange={setTendered} symbol={symbol} testId="amount-tendered" autoFocus />
              <p role="status" className="text-lg" data-testid="change-due">
                {change !== null ? t('pay.change', { amount: money(change) }) : tendered === '' ? '' : t('pay.tenderedShort')}
              </p>
            </>
          )}
          {referenceLabel && (
            <div>
              <label htmlFor="tender-reference" className="block text-sm font-semibold">
                {referenceLabel}
              </label>
              <input id="tender-reference" value={reference} onChange={(e) => setReference(e.target.value)} autoComplete="off" className="mt-1 h-11 w-64 rounded-md border border-neutral-500 px-3" />
            </div>
          )}
          {tender === 'credit' && (
            <fieldset>
              <legend className="text-sm font-semibold">{t('pay.creditType')}</legend>
              {(['general', 'membership'] as const).map((type) => (
                <label key={type} className="mr-4 inline-flex items-center gap-2">
                  <input type="radio" name="credit-type" checked={creditType === type} onChange={() => setCreditType(type)} className="size-5" />
                  {t(`pay.credit.${type}`, { amount: money(cart.credits[type].totalAvailable) })}
                </label>
              ))}
            </fieldset>
          )}
          <Button variant="neutral" onClick={addLine}>
            {t('pay.addLine')}
          </Button>
        </div>
      )}
      {lines.length > 0 && (
        <div>
          <h3 className="text-base font-bold">{t('pay.lines')}</h3>
          <ul className="mt-1 space-y-1" data-testid="payment-lines">
            {lines.map((line) => (
              <li key={line.key} className="flex items-center gap-3">
                <span>
                  {t(`tender.${line.tender_type}`)}: {money(line.amount)}
                  {line.tender_type === 'cash' && line.info?.amount_tendered ? ` (${t('pay.change', { amount: money(line.info.amount_tendered - line.amount) })})` : ''}
                </span>
                <Button size="sm" variant="danger-outline" onClick={() => dispatch({ type: 'remove', key: line.key })} aria-label={t('pay.removeLine', { tender: t(`tender.${line.tender_type}`), amount: money(line.amount) })}>
                  {t('pay.remove')}
                </Button>
              </li>
            ))}
          </ul>
          <Button size="sm" variant="text" onClick={() => dispatch({ type: 'reset' })}>
            {t('pay.reset')}
          </Button>
        </div>
      )}
      <fieldset>
        <legend className="text-sm font-semibold">{t('pay.receipt')}</legend>
        {(walkIn ? (['print', 'none'] as const) : (['print', 'email', 'none'] as const)).map((choice) => (
          <label key={choice} className="mr-4 inline-flex items-center gap-2">
            <input type="radio" name="receipt" value={choice} checked={receipt === choice} onChange={() => setReceipt(choice)} className="size-5" />
            {t(`pay.receiptChoice.${choice}`)}
          </label>
        ))}
      </fieldset>
      {needsTerms && (
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={termsAccepted} onChange={(e) => setTermsAccepted(e.target.checked)} className="size-5" />
          {t('pay.terms')}
        </label>
      )}
      {error && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800" data-testid="pay-error">
          {error}
        </p>
      )}
      <Button type="submit" size="lg" disabled={paying || cart.items.length === 0}>
        {t('pay.take')}
      </Button>
    </form>
  );
};
