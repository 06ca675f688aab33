import type { Language } from '../language.ts';
import type { CatalogPart, Pattern, Values } from './catalogue.ts';
import { account } from './cy-account.ts';
import { booking } from './cy-booking.ts';
import { common } from './cy-common.ts';
import { staff } from './cy-staff.ts';
import { zod } from './cy-zod.ts';

/**
 * The API's messages in Welsh (issue 27, docs/languages-messages.md): one catalogue keyed by the
 * English message exactly, then patterns for messages that carry values. English is never
 * changed; a message the catalogue lacks stays English (the catalogue test keeps that from
 * happening to a message of ours).
 */
const PARTS: readonly CatalogPart[] = [common, account, booking, staff, zod];

const EXACT: ReadonlyMap<string, string> = new Map(PARTS.flatMap((part) => Object.entries(part.exact)));

type Compiled = { regex: RegExp; names: string[]; welsh: Pattern[1] };
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const compile = ([english, welsh]: Pattern): Compiled => {
  const names: string[] = [];
  const source = english
    .split(/(\{[A-Za-z]+\})/)
    .map((piece) => {
      const name = /^\{([A-Za-z]+)\}$/.exec(piece)?.[1];
      if (!name) return escape(piece);
      names.push(name);
      return '(.+?)';
    })
    .join('');
  return { regex: new RegExp(`^${source}$`, 's'), names, welsh };
};
const PATTERNS: readonly Compiled[] = PARTS.flatMap((part) => part.patterns.map(compile));

const fill = (template: string, values: Values) => template.replace(/\{([A-Za-z]+)\}/g, (whole, name: string) => values[name] ?? whole);

/** The Welsh of an English message, or undefined when the catalogue has none. */
export const welshMessage = (english: string): string | undefined => {
  const exact = EXACT.get(english);
  if (exact !== undefined) return exact;
  for (const pattern of PATTERNS) {
    const match = pattern.regex.exec(english);
    if (!match) continue;
    const values: Values = Object.fromEntries(pattern.names.map((name, i) => [name, match[i + 1]!]));
    return typeof pattern.welsh === 'string' ? fill(pattern.welsh, values) : pattern.welsh(values, (inner) => welshMessage(inner) ?? inner);
  }
  return undefined;
};

/** A message in the request's language: English as it is; Welsh from the catalogue, else the English. */
export const inLanguage = (message: string, language: Language): string => (language === 'cy' ? (welshMessage(message) ?? message) : message);

/** Every message of a 422's field map in the language. */
export const errorsInLanguage = (errors: Readonly<Record<string, readonly string[]>>, language: Language): Record<string, string[]> =>
  Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages.map((message) => inLanguage(message, language))]));

/** Welsh for Fastify's own 4xx (bad JSON, body too large, …) when its English is not in the catalogue. */
export const FASTIFY_STATUS_WELSH: Readonly<Record<number, string>> = {
  400: 'Nid oedd modd darllen y cais.',
  401: 'Nid ydych wedi mewngofnodi.',
  403: 'Heb awdurdod.',
  404: "Methu cwblhau'r cais, ni chafwyd hyd i'r eitem.",
  405: "Nid yw'r dull hwn yn cael ei ganiatáu.",
  406: "Nid oes modd rhoi'r ateb yn y fformat a ofynnwyd amdano.",
  408: 'Cymerodd y cais ormod o amser.',
  413: 'Mae corff y cais yn rhy fawr.',
  415: "Nid yw'r math hwn o gynnwys yn cael ei gefnogi.",
  429: 'Gormod o geisiadau. Rhowch gynnig arall arni yn nes ymlaen.',
};
