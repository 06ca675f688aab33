/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../apps/api/src/db/seed/demo-accounts.ts';
import { DEMO_DATA } from '../../apps/api/src/db/seed/demo-data.ts';
import { DEMO_TILLS, DEMO_VOUCHERS } from '../../apps/api/src/db/seed/front-of-house.ts';
import { DEMO_HOLDINGS } from '../../apps/api/src/db/seed/holdings.ts';
import { DEMO_ONLINE_PLANS } from '../../apps/api/src/db/seed/membership-plans.ts';
import { TIMETABLE_OFFERS } from '../../apps/api/src/db/seed/timetable-catalogue.ts';

/**
 * What a page says to its reader: each visible text node (screen-reader-only text included), and
 * the texts of attributes a reader hears or sees (aria-label, alt, title, placeholder, a
 * button's value). Whitespace is collapsed. Inside the venue's footer, the operator's own HTML
 * (spec §5) is the operator's, in the operator's words: left out, as is what a field holds.
 */
export const pageTexts = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const texts = new Set<string>();
    const add = (text: string | null | undefined) => {
      const clean = (text ?? '').replace(/\s+/g, ' ').trim();
      if (/\p{L}/u.test(clean)) texts.add(clean);
    };
    const isOperatorHtml = (element: Element) => element.closest('[data-testid="venue-footer"]') !== null;
    const shown = (element: Element) => element.checkVisibility({ visibilityProperty: true, opacityProperty: false });
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const parent = node.parentElement;
      // A textarea's text is what is typed in it (the console's footer HTML): the writer's words, not the page's.
      if (parent === null || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'TEXTAREA'].includes(parent.tagName)) continue;
      if (isOperatorHtml(parent) || !shown(parent)) continue;
      add(node.textContent);
    }
    for (const element of document.body.querySelectorAll('[aria-label], [alt], [title], [placeholder], input[type="submit"], input[type="button"]')) {
      if (isOperatorHtml(element) || !shown(element)) continue;
      for (const name of ['aria-label', 'alt', 'title', 'placeholder']) add(element.getAttribute(name));
      if (element instanceof HTMLInputElement && (element.type === 'submit' || element.type === 'button')) add(element.value);
    }
    add(document.title);
    return [...texts];
  });

/**
 * Every text of the demo data (venues, activities, courses, plans, holdings, people, tills,
 * vouchers): the operator's names and words, which no language changes. A name has a capital
 * letter (a kind such as 'course' or a colour is no name); a slug ('racket-sports') is a name too,
 * in any case (a breadcrumb shows 'Racket-sports' until the activity's name has arrived).
 */
const collectStrings = (value: unknown, into: Set<string>) => {
  if (typeof value === 'string') {
    const clean = value.replace(/\s+/g, ' ').trim();
    if ((/\p{Lu}/u.test(clean) || /^[a-z0-9]+(?:-[a-z0-9]+)+$/.test(clean)) && /\p{L}{2}/u.test(clean)) into.add(clean);
  } else if (Array.isArray(value)) for (const item of value) collectStrings(item, into);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) collectStrings(item, into);
  return into;
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The product's brand and words that are the same in Welsh (each with why). */
export const SAME_IN_WELSH: readonly string[] = [
  // The brand (common.siteName) and the payment brands and test cards' names.
  'Bookings',
  'Visa',
  'Mastercard',
  'OpenStreetMap',
  // The language switch names each language in itself (GOV.UK's pattern, issue 27).
  'English',
  'Cymraeg',
  // Welsh uses the English word: 'staff', 'PIN', 'QR', 'CSV', 'X', 'Z' (the till's X and Z reads).
  'Staff',
  'PIN',
  'QR',
  'CSV',
];

const DEMO_NAMES = [
  ...collectStrings([DEMO_DATA, DEMO_ACCOUNTS, DEMO_ONLINE_PLANS, DEMO_HOLDINGS, DEMO_TILLS, DEMO_VOUCHERS, TIMETABLE_OFFERS], new Set<string>()),
  ...SAME_IN_WELSH,
].sort((a, b) => b.length - a.length);
const NAMES = new RegExp(`(?<![\\p{L}-])(?:${DEMO_NAMES.map(escape).join('|')})(?![\\p{L}-])`, 'giu');

/** Numbers, money, times, dates as digits, references, e-mail and web addresses, postcodes. */
const NOT_WORDS = [
  // First, before the numbers go: names and references with digits in them.
  /\bDesk [0-9A-F]{6}\b/g, // the tills other journeys open (e2e/foh/own-till.ts): a name staff gave
  /\S+ AUTH \d{6}\b/g, // a card terminal's authorisation reference ('SIM-0001 AUTH 185196')
  /\b[A-Z]{2,3}-[A-Z0-9]{6,}\b/g, // a booking's or order's reference, letters only or not ('BK-PLBQCNMS')
  /\S+@\S+\.\S+/g, // an e-mail address
  /https?:\/\/\S+|\b[\w-]+\.(?:example|localhost|com|org|uk)\b\S*/g, // a web address
  /\b[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}\b/g, // a UK postcode
  /[A-Z0-9-]*\d[A-Z0-9-]*/g, // a number, a reference ('BK-DEMO0001'), a card's last four, a time
  /\b\p{Lu}{1,3}\b/gu, // initials ('HW', an instructor's avatar) and abbreviations
];

/**
 * A text that may read the same in both languages: once the demo data's names, the brand, and
 * numbers, money, times and addresses are taken out, no word of two letters or more is left.
 */
export const isName = (text: string, ownNames: readonly string[] = []): boolean => {
  let rest = text;
  for (const name of [...ownNames].sort((a, b) => b.length - a.length)) rest = rest.replaceAll(name, ' ');
  rest = rest.replace(NAMES, ' ');
  for (const pattern of NOT_WORDS) rest = rest.replace(pattern, ' ');
  return !/\p{L}{2}/u.test(rest);
};

/** The Welsh page's texts that are also on the English page and are not names (the demo data's, or `ownNames`, the journey's own people's): untranslated. */
export const untranslated = (english: readonly string[], welsh: readonly string[], ownNames: readonly string[] = []): string[] => {
  const inEnglish = new Set(english);
  return welsh.filter((text) => inEnglish.has(text) && !isName(text, ownNames));
};
