import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Printer } from 'lucide-react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { Button } from '../../lib/ui/Button.tsx';
import { AccountPage } from './AccountPage.tsx';
import { receiptQuery, type Receipt } from './api/holdings.ts';
import { QueryState, card, formatDay } from './components/QueryState.tsx';
import { tenderText } from './components/tenders.ts';
import { formatDateTime } from '../../lib/i18n-format.ts';

/** Only the receipt on paper: the site's header, navigation and footer are left off. */
const PRINT_CSS = '@media print { header, nav, footer, [data-print-hidden] { display: none !important; } body { background: #fff; } }';

/** /payments/{orderId}: one order's receipt (operator, reference, date, lines, tenders, totals), print-friendly. */
const ReceiptScreen = () => {
  const { t } = useTranslation('holdings');
  return <AccountPage title={t('receipt.heading')}>{() => <ReceiptBody />}</AccountPage>;
};

const ReceiptBody = () => {
  const { t } = useTranslation('holdings');
  const { orderId = '' } = useParams();
  const query = useQuery({ ...receiptQuery(orderId), retry: false });
  return (
    <>
      <style>{PRINT_CSS}</style>
      <QueryState query={query} isEmpty={() => false} empty={t('receipt.notFound')}>
        {(receipt) => <ReceiptView receipt={receipt} />}
      </QueryState>
      <p className="mt-6" data-print-hidden>
        <Link to="/payments" className="font-medium text-primary-600 underline">
          {t('receipt.back')}
        </Link>
      </p>
    </>
  );
};

const ReceiptView = ({ receipt }: { receipt: Receipt }) => {
  const { t } = useTranslation('holdings');
  const th = 'px-3 py-2 text-left text-sm font-semibold text-neutral-800';
  const td = 'px-3 py-2 align-top text-neutral-900';
  return (
    <article className={`${card} print:shadow-none print:ring-0`} aria-labelledby="receipt-title" data-testid="receipt">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="receipt-title" className="text-2xl font-bold text-neutral-900">
            {t('receipt.title', { reference: receipt.reference })}
          </h2>
          <p className="mt-1 text-neutral-800">{receipt.operator.name}</p>
        </div>
        <Button variant="secondary" onClick={() => window.print()} data-print-hidden>
          <Printer aria-hidden="true" className="mr-2 size-4" />
          {t('receipt.print')}
        </Button>
      </div>
      <dl className="mt-5 grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="text-sm font-medium text-neutral-700">{t('receipt.operator')}</dt>
          <dd className="font-medium">{receipt.operator.name}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-neutral-700">{t('receipt.reference')}</dt>
          <dd className="font-medium" data-testid="receipt-reference">
            {receipt.reference}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-neutral-700">{t('receipt.date')}</dt>
          <dd className="font-medium">
            {formatDay(receipt.createdAt)}{' '}
            {formatDateTime(new Date(receipt.createdAt), { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' })}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-neutral-700">{t('receipt.customer')}</dt>
          <dd className="font-medium">
            {receipt.customer.firstName} {receipt.customer.lastName} ({receipt.customer.reference})
          </dd>
        </div>
      </dl>

      <h3 className="mt-6 text-lg font-semibold text-neutral-900">{t('receipt.lines')}</h3>
      {/* Scrolls sideways on a narrow phone: focusable so a keyboard can scroll it too. */}
      <div className="mt-2 overflow-x-auto" role="region" aria-label={t('receipt.lines')} tabIndex={0}>
        <table className="w-full min-w-[36rem] border-collapse">
          <thead className="border-b border-neutral-300">
            <tr>
              <th scope="col" className={th}>{t('receipt.item')}</th>
              <th scope="col" className={th}>{t('receipt.person')}</th>
              <th scope="col" className={th}>{t('receipt.when')}</th>
              <th scope="col" className={th}>{t('receipt.venue')}</th>
              <th scope="col" className={`${th} text-right`}>{t('receipt.price')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-200">
            {receipt.lines.map((line) => (
              <tr key={line.id} data-testid="receipt-line">
                <td className={td}>
                  {line.name}
                  {line.description && <span className="block text-sm text-neutral-700">{line.description}</span>}
                  {line.status === 'cancelled' && <span className="block text-sm font-semibold text-red-800">{t('receipt.cancelled')}</span>}
                </td>
                <td className={td}>
                  {line.person.firstName} {line.person.lastName}
                </td>
                <td className={td}>
                  {formatDay(line.date)} {line.time}
                </td>
                <td className={td}>{line.venue.name}</td>
                <td className={`${td} text-right whitespace-nowrap`}>{line.price.formatted}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h3 className="mt-6 text-lg font-semibold text-neutral-900">{t('receipt.tenders')}</h3>
      {receipt.tenders.length ? (
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-y-1">
          {receipt.tenders.map((tender, index) => (
            <div key={index} className="contents" data-testid="receipt-tender">
              <dt>{tenderText(tender, t)}</dt>
              <dd className="text-right">{tender.amount.formatted}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="mt-2 text-neutral-800">{t('receipt.noTenders')}</p>
      )}
      <dl className="mt-4 grid grid-cols-[1fr_auto] gap-y-1 border-t border-neutral-300 pt-3">
        {receipt.discount && (
          <>
            <dt>{t('receipt.discount', { code: receipt.discount.code })}</dt>
            <dd className="text-right" data-testid="receipt-discount">
              −{receipt.discount.amount.formatted}
            </dd>
          </>
        )}
        {receipt.vat && (
          <>
            <dt>{t('receipt.vat')}</dt>
            <dd className="text-right">{receipt.vat.formatted}</dd>
          </>
        )}
        <dt className="text-lg font-bold">{t('receipt.total')}</dt>
        <dd className="text-right text-lg font-bold" data-testid="receipt-total">
          {receipt.total.formatted}
        </dd>
      </dl>
      {!receipt.vat && <p className="mt-2 text-sm text-neutral-700">{t('receipt.vatIncluded')}</p>}
    </article>
  );
};

export default ReceiptScreen;
