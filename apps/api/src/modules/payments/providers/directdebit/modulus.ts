/**
 * UK bank account modulus checking (Vocalink "Validating account numbers", the VALACDOS weights
 * table): MOD10, MOD11 and DBLAL (double alternate) over the 14 digits sort code + account number
 * (u v w x y z a b c d e f g h), with the exceptions the embedded rows need.
 *
 * The weights table is embedded and small: only the rows of the demo's sort codes (docs/memberships.md
 * "Modulus check" lists the covered ranges). As Vocalink's rules say, a sort code in no row cannot
 * be checked and is presumed valid here; the directdebit simulator then refuses sort codes its
 * bank does not know. A real deployment loads the full VALACDOS file into WEIGHTS.
 */
export type ModulusMethod = 'MOD10' | 'MOD11' | 'DBLAL';
export type WeightRow = { from: string; to: string; method: ModulusMethod; weights: readonly number[]; exception: number | null };

/** Vocalink rows for the covered ranges (sort code from, to, method, 14 weights, exception). */
export const WEIGHTS: readonly WeightRow[] = [
  // Barclays 20-00-00 to 20-00-02 (the simulator's bank): double alternate, exception 6.
  { from: '200000', to: '200002', method: 'DBLAL', weights: [2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1], exception: 6 },
];

export const COVERED_RANGES = WEIGHTS.map((w) => `${w.from.replace(/(\d\d)(\d\d)(\d\d)/, '$1-$2-$3')} to ${w.to.replace(/(\d\d)(\d\d)(\d\d)/, '$1-$2-$3')}`);

/** 6-digit sort code and account number from what a customer types ('20-00-00', '20 00 00'); 6- and 7-digit accounts are padded with leading zeros. */
export const normaliseBankDetails = (sortCode: string, accountNumber: string) => ({
  sortCode: sortCode.replace(/[\s-]/g, ''),
  accountNumber: accountNumber.trim().padStart(8, '0'),
});

const sumFor = (method: ModulusMethod, digits: readonly number[], weights: readonly number[]) =>
  digits.reduce((sum, d, i) => {
    const product = d * weights[i]!;
    return sum + (method === 'DBLAL' ? Math.floor(product / 10) + (product % 10) : product);
  }, 0);

const passes = (row: WeightRow, digits: readonly number[]) => {
  const sum = sumFor(row.method, digits, row.weights);
  return row.method === 'MOD11' ? sum % 11 === 0 : sum % 10 === 0;
};

export type ModulusResult = { valid: boolean; checked: boolean };

/** Whether the sort code and account number belong together (`checked` false: no row covers the sort code). */
export const modulusCheck = (sortCode: string, accountNumber: string, table: readonly WeightRow[] = WEIGHTS): ModulusResult => {
  const { sortCode: sc, accountNumber: acc } = normaliseBankDetails(sortCode, accountNumber);
  if (!/^\d{6}$/.test(sc) || !/^\d{8}$/.test(acc)) return { valid: false, checked: true };
  const rows = table.filter((w) => sc >= w.from && sc <= w.to);
  if (rows.length === 0) return { valid: true, checked: false };
  const digits = [...sc + acc].map(Number);
  for (const row of rows) {
    // Exception 6: a foreign currency account (a is 4 to 8 and g equals h) cannot be checked: valid.
    if (row.exception === 6 && digits[6]! >= 4 && digits[6]! <= 8 && digits[12] === digits[13]) return { valid: true, checked: true };
    if (!passes(row, digits)) return { valid: false, checked: true };
  }
  return { valid: true, checked: true };
};
