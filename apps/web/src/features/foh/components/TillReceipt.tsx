import { Suspense } from 'react';
import type { i18n as I18n, TFunction } from 'i18next';
import { FOH_TENDER_TYPES, type FohTenderType } from '@app/contract/foh/tender-rules';
import { activeLocale, type SupportedLanguage } from '../../../lib/i18n-format.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Button } from '../../../lib/ui/Button.tsx';
import type { PayResult, StaffCart, TillSession } from '../api/foh.ts';
import { formatPence } from '../money.ts';
import { dateTimeOf } from '../time.ts';
import './receipt.css';

/** The tender's key in `foh:tender` ('membership-credit' and the like are credit). */
const tenderKey = (type: string): FohTenderType | null => ((FOH_TENDER_TYPES as readonly string[]).includes(type) ? (type as FohTenderType) : type.endsWith('-credit') ? 'credit' : null);

/** Loads of a language's 'foh' words already asked for, so that a failed load reads the fallback (English) rather than asking for ever. */
const asked = new WeakMap<I18n, Map<SupportedLanguage, Promise<void> | 'done'>>();

/**
 * The receipt's words in the customer's language (issue 27: `receipt_language`, their recorded
 * language), whatever the till page's: suspends until that language's 'foh' namespace has loaded.
 */
const useReceiptT = (language: SupportedLanguage): TFunction => {
  const { i18n } = useTranslation('foh');
  const byLanguage = asked.get(i18n) ?? new Map<SupportedLanguage, Promise<void> | 'done'>();
  asked.set(i18n, byLanguage);
  const state = byLanguage.get(language);
  if (!i18n.hasResourceBundle(language, 'foh') && state !== 'done') {
    if (state) throw state;
    const loading = i18n.reloadResources([language], ['foh']).then(() => {
      byLanguage.set(language, 'done');
    });
    byLanguage.set(language, loading);
    throw loading;
  }
  return i18n.getFixedT(language, 'foh');
};

type Props = { result: PayResult; items: StaffCart['items']; session: TillSession; receipt: 'print' | 'email' | 'none'; onNext: () => void };

/**
 * The receipt after 'Take payment': what was bought, each tender, the change due; printed on the
 * 80 mm printer by the print stylesheet (receipt.css), emailed by the server, or neither. Its words,
 * dates and money are in the customer's language (`receiptLanguage`); the buttons, which are not
 * printed, in the till page's.
 */
export const TillReceipt = (props: Props) => {
  const { t } = useTranslation('foh');
  return (
    <Suspense fallback={<p role="status">{t('loading')}</p>}>
      <ReceiptInLanguage {...props} />
    </Suspense>
  );
};

const ReceiptInLanguage = ({ result, items, session, receipt, onNext }: Props) => {
  const { t: pageT } = useTranslation('foh');
  const language = result.receiptLanguage;
  const t = useReceiptT(language);
  const money = (pence: number) => formatPence(pence, session.currencySymbol);
  const when = (iso: string) => dateTimeOf(iso, language);
  const tenderLabel = (type: string) => {
    const key = tenderKey(type);
    return key === null ? type : t(`tender.${key}`);
  };
  return (
    <section aria-labelledby="receipt-heading" lang={language} className="till-receipt max-w-md rounded-lg border border-neutral-300 bg-white p-5" data-testid="till-receipt">
      <h2 id="receipt-heading" className="text-xl font-bold">
        {t('receipt.heading')}
      </h2>
      <p role="status" className="mt-1 text-lg font-semibold" data-testid="receipt-change">
        {t('receipt.change', { amount: result.changeDue.formatted })}
      </p>
      <p className="mt-2 text-sm">
        {session.till.name} · {session.staff.name} · {when(new Date().toISOString())}
      </p>
      <p className="text-sm">{t('receipt.reference', { reference: result.reference })}</p>
      <ul className="mt-3 border-t border-dashed border-neutral-500 pt-2 text-sm">
        {items.map((item) => (
          <li key={item.id} className="flex justify-between gap-2">
            <span>
              {item.name}, {item.purchasedFor.firstName} {item.purchasedFor.lastName}, {when(item.cartableResource.startsAt)}
            </span>
            <span className="tabular-nums">{item.price.formatted}</span>
          </li>
        ))}
      </ul>
      <p className="mt-2 flex justify-between border-t border-dashed border-neutral-500 pt-2 font-bold">
        <span>{t('receipt.total')}</span>
        <span className="tabular-nums">{result.formattedTotal}</span>
      </p>
      <ul className="mt-2 text-sm" data-testid="receipt-tenders">
        {result.tenders.map((tender, index) => (
          <li key={index} className="flex justify-between gap-2">
            <span>
              {tenderLabel(tender.tenderType)}
              {tender.reference ? ` (${tender.reference})` : ''}
              {tender.amountTendered ? ` — ${t('receipt.tendered', { amount: tender.amountTendered.formatted })}` : ''}
            </span>
            <span className="tabular-nums">{tender.amount.formatted}</span>
          </li>
        ))}
      </ul>
      <p className="mt-2 flex justify-between font-bold">
        <span>{t('receipt.changeLabel')}</span>
        <span className="tabular-nums">{money(result.changeDue.raw)}</span>
      </p>
      {receipt === 'email' && <p className="mt-2 text-sm">{t('receipt.emailed')}</p>}
      <div className="no-print mt-4 flex flex-wrap gap-2" lang={activeLocale()}>
        <Button onClick={() => window.print()} variant={receipt === 'print' ? 'primary' : 'neutral'}>
          {pageT('receipt.print')}
        </Button>
        <Button variant="neutral" onClick={onNext}>
          {pageT('receipt.next')}
        </Button>
      </div>
    </section>
  );
};
