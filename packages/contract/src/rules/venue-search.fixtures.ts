/**
 * Names and searches where case folding goes wrong, with the answer spec §5 wants. The
 * contract's unit test and the API's integration test (against PostgreSQL) both run them, so
 * the browser's filter and the server's agree on each. Test data only.
 */
export const TRICKY_VENUE_NAMES = [
  'İnce Leisure Centre',
  'Straße Sports Hall',
  'Café Bowls Club',
  'Cafe\u0301 Decomposed Courts',
  '100% Fitness Studio',
  'Five_a_side Arena',
  'ÅNGSTRÖM SWIM',
] as const;

/** [search, the tricky names it finds]. */
export const TRICKY_VENUE_SEARCHES: [string, string[]][] = [
  ['İ', ['İnce Leisure Centre']],
  ['i\u0307nce', ['İnce Leisure Centre']],
  ['STRASSE', ['Straße Sports Hall']],
  ['straße', ['Straße Sports Hall']],
  ['CAFÉ', ['Café Bowls Club', 'Cafe\u0301 Decomposed Courts']],
  ['cafe\u0301', ['Café Bowls Club', 'Cafe\u0301 Decomposed Courts']],
  ['cafe', []],
  ['%', ['100% Fitness Studio']],
  ['0% f', ['100% Fitness Studio']],
  ['_', ['Five_a_side Arena']],
  ['e_a', ['Five_a_side Arena']],
  ['\\', []],
  ['ångström', ['ÅNGSTRÖM SWIM']],
  ['angstrom', []],
];
