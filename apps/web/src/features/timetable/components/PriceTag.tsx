import { toMoney } from '@app/contract/rules/money';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import type { Entry } from '../rules.ts';

type Props = {
  entry: Pick<Entry, 'price' | 'priceBasis' | 'standardPrice' | 'membersFrom'>;
  currencySymbol: string;
  /** The small by-court tile: the price and the saving only. */
  compact?: boolean;
};

/**
 * The viewer's price on a timetable row (issue 21; docs/first-booking.md "Prices and choices"),
 * as the server worked it out by the basket's rules: a member sees their price, the standard
 * price struck through and the saving in words ('£4.50 (save £3.00)'), and why ('Member price',
 * 'Included in your membership', 'Package visit'); a visitor sees the standard price and
 * 'Members from £x' where a membership makes it cheaper. The strike is decoration: screen
 * readers hear 'Price: £4.50 (save £3.00)'.
 */
export const PriceTag = ({ entry, currencySymbol, compact = false }: Props) => {
  const { t } = useTranslation('timetable');
  const money = (raw: number) => toMoney(raw, currencySymbol).formatted;
  const price = entry.price.raw === 0 ? t('item.free') : money(entry.price.raw);
  const saving = entry.standardPrice.raw - entry.price.raw;
  const basis = entry.priceBasis === 'standard' ? null : t(`prices.${entry.priceBasis}`);
  return (
    <span data-testid="timetable-price" className="flex flex-col">
      <span className={compact ? 'text-sm font-semibold text-dark-500' : 'text-lg font-bold text-dark-500'}>
        <span className="sr-only">{t('item.price')}: </span>
        {saving > 0 && (
          <s aria-hidden="true" className="mr-1.5 text-sm font-normal text-dark-400">
            {money(entry.standardPrice.raw)}
          </s>
        )}
        {price}
        {saving > 0 && (
          <span className={compact ? 'ml-1 text-xs font-semibold text-green-800' : 'block text-sm font-semibold whitespace-nowrap text-green-800'}>
            {t('prices.save', { amount: money(saving) })}
          </span>
        )}
      </span>
      {!compact && basis && <span className="text-xs text-dark-400">{basis}</span>}
      {!compact && entry.priceBasis === 'standard' && entry.membersFrom && (
        <span data-testid="members-from" className="text-xs text-dark-400">
          {entry.membersFrom.raw === 0 ? t('prices.freeForMembers') : t('prices.membersFrom', { amount: money(entry.membersFrom.raw) })}
        </span>
      )}
    </span>
  );
};
