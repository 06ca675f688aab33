/**
 * The shape of the Welsh message catalogue (docs/languages-messages.md). `exact` is keyed by
 * the English message exactly as the API sends it; a `Pattern` covers a message that carries
 * values: its English has `{name}` where a value goes, and its Welsh is either a text with the
 * same `{name}`s or a function of the values (when a value itself needs Welsh: a month, an age
 * range, a unit).
 */
export type Values = Readonly<Record<string, string>>;
/** `welsh` is the catalogue's own lookup, for a value that is itself a message. */
export type Pattern = readonly [english: string, welsh: string | ((values: Values, welsh: (english: string) => string) => string)];
export type CatalogPart = { exact: Readonly<Record<string, string>>; patterns: readonly Pattern[] };

const MONTHS: Readonly<Record<string, string>> = {
  January: 'Ionawr',
  February: 'Chwefror',
  March: 'Mawrth',
  April: 'Ebrill',
  May: 'Mai',
  June: 'Mehefin',
  July: 'Gorffennaf',
  August: 'Awst',
  September: 'Medi',
  October: 'Hydref',
  November: 'Tachwedd',
  December: 'Rhagfyr',
};

/** '5 January 2027' → '5 Ionawr 2027' (a long date of contract/rules/join-quote.ts). */
export const welshDate = (date: string) => date.replace(/\b(January|February|March|April|May|June|July|August|September|October|November|December)\b/g, (month) => MONTHS[month]!);

/** An age range of contract/rules/courses.ts ageRangeText: 'ages 5 to 11' → '5 i 11 oed'. */
export const welshAgeRange = (range: string) => {
  const between = /^ages (\d+) to (\d+)$/.exec(range);
  if (between) return `${between[1]} i ${between[2]} oed`;
  const over = /^ages (\d+) and over$/.exec(range);
  if (over) return `${over[1]} oed a hŷn`;
  const upTo = /^ages up to (\d+)$/.exec(range);
  if (upTo) return `hyd at ${upTo[1]} oed`;
  return range;
};
