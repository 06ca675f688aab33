/**
 * Money at the till (integer pence throughout): shown with the staff member's currency symbol
 * (spec §3), typed in pounds. A typed amount that is not a whole number of pence is refused
 * rather than rounded: '10.005' is a typing slip, not £10.01.
 */
export const formatPence = (pence: number, symbol: string) => `${pence < 0 ? '−' : ''}${symbol}${(Math.abs(pence) / 100).toFixed(2)}`;

/** '10', '10.5', '10.50', '£10.50' → pence; anything else (empty, letters, three decimals) → null. */
export const parsePounds = (text: string): number | null => {
  const match = /^\s*[£$€]?\s*(\d{1,6})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const pence = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(pence) ? pence : null;
};

/** Pence as the field shows them for editing: 750 → '7.50'. */
export const penceToField = (pence: number) => (pence / 100).toFixed(2);
