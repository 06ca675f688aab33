/** Money as the client shows it (spec §3): pence on the wire, two decimals for display. */
export type Money = { raw: number; currency: string; formatted: string };

export const DEFAULT_CURRENCY_SYMBOL = '£';

export const toMoney = (pence: number, symbol: string = DEFAULT_CURRENCY_SYMBOL): Money => {
  if (!Number.isInteger(pence)) throw new TypeError(`Amount must be integer pence, got ${pence}`);
  const currency = (pence / 100).toFixed(2);
  const sign = pence < 0 ? '-' : '';
  return { raw: pence / 100, currency, formatted: `${sign}${symbol}${Math.abs(pence / 100).toFixed(2)}` };
};
