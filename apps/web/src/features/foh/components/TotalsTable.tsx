import { FOH_TENDER_TYPES } from '@app/contract/foh/tender-rules';
import { camelKey } from '../../../lib/api/case.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { formatPence } from '../money.ts';

/** Expected totals per tender (the X read): `rows` keyed as the API client hands them back (camelCase). */
export const TotalsTable = ({ caption, rows, symbol, testId }: { caption: string; rows: Record<string, number>; symbol: string; testId?: string }) => {
  const { t } = useTranslation('foh');
  return (
    <table className="mt-3 w-full text-left" data-testid={testId}>
      <caption className="text-left text-sm text-neutral-800">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('totals.tender')}</th>
          <th scope="col" className="text-right">
            {t('totals.expected')}
          </th>
        </tr>
      </thead>
      <tbody>
        {FOH_TENDER_TYPES.map((type) => (
          <tr key={type} className="border-t border-neutral-200">
            <th scope="row" className="py-1 font-normal">
              {t(`tender.${type}`)}
            </th>
            <td className="py-1 text-right tabular-nums">{formatPence(rows[camelKey(type)] ?? 0, symbol)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
};
