/**
 * Every language has every text (issue 27). For each namespace of apps/web/public/locales:
 * - the `cy` file has exactly the keys of the `en-GB` file (plural keys counted by their base);
 * - every plural base (`key_one`, `key_other`, …) has every form `Intl.PluralRules(language)`
 *   can select, and no other: en-GB `one`, `other`; cy `zero`, `one`, `two`, `few`, `many`,
 *   `other` (i18next picks the key by these categories);
 * - a value keeps its `en-GB` value's {{interpolations}}, $t(nesting) and <tags> (a plural form
 *   may leave out {{count}}, as Welsh does for "un", "dau", …);
 * - no value is empty.
 * `node scripts/check-translations.ts` prints each problem and exits 1 when there is one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const SOURCE_LANGUAGE = 'en-GB';
export const TRANSLATED_LANGUAGES = ['cy'] as const;

export type Problem = { file: string; key: string; problem: string };

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Plural categories i18next can ask for in a language, in CLDR order. */
export const pluralCategories = (language: string): string[] => {
  const order = ['zero', 'one', 'two', 'few', 'many', 'other'];
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories as string[];
  return order.filter((category) => categories.includes(category));
};

const PLURAL_SUFFIX = /^(.+)_(zero|one|two|few|many|other)$/;

/**
 * A nested namespace as `a.b.c` → value; a list (read with `returnObjects`) by position, `a.0`,
 * so a translation has as many items. Other non-texts stay as they are (and are reported).
 */
export const flatten = (value: Json, prefix = ''): Map<string, Json> => {
  const out = new Map<string, Json>();
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [childKey, childValue] of flatten(child, prefix === '' ? key : `${prefix}.${key}`)) out.set(childKey, childValue);
    }
  } else out.set(prefix, value);
  return out;
};

type Entry = { value: Json; forms?: Map<string, Json> };

/** Keys grouped so that `x_one`, `x_other` are one entry `x` (when `x_other` is there). */
const group = (flat: Map<string, Json>): Map<string, Entry> => {
  const entries = new Map<string, Entry>();
  for (const [key, value] of flat) {
    const [, base, category] = PLURAL_SUFFIX.exec(key) ?? [];
    if (base !== undefined && category !== undefined && flat.has(`${base}_other`)) {
      const entry = entries.get(base) ?? { value: null, forms: new Map<string, Json>() };
      entry.forms?.set(category, value);
      entries.set(base, entry);
    } else entries.set(key, { value });
  }
  return entries;
};

const tokens = (text: string, pattern: RegExp): string[] => [...text.matchAll(pattern)].map((match) => (match[1] ?? '').replace(/\s+/g, '')).sort();
export const interpolationsOf = (text: string): string[] => tokens(text, /\{\{([^}]+)\}\}/g);
export const nestingsOf = (text: string): string[] => tokens(text, /\$t\(([^)]*)\)/g);
export const tagsOf = (text: string): string[] => tokens(text, /(<\/?[A-Za-z0-9]+\s*\/?>)/g);

const same = (a: string[], b: string[]) => a.length === b.length && a.every((item, index) => item === b[index]);
const list = (items: string[]) => (items.length === 0 ? 'none' : items.join(', '));

/**
 * Problems of one value against its source value. A plural form (`category`) is compared with
 * en-GB's `_other` and may leave out {{count}} ("un sesiwn", "dau …"); the zero form may leave
 * out any ("Dim sesiynau"), but no form may bring one en-GB does not have.
 */
const compareValue = (file: string, key: string, source: Json, value: Json, category?: string): Problem[] => {
  if (typeof value !== 'string') return [{ file, key, problem: `is ${JSON.stringify(value)}, not a text` }];
  if (value.trim() === '') return [{ file, key, problem: 'is empty' }];
  if (typeof source !== 'string') return [];
  const problems: Problem[] = [];
  const wanted = interpolationsOf(source);
  const got = interpolationsOf(value);
  const optional = (name: string) => category === 'zero' || (category !== undefined && name === 'count');
  const unknown = got.filter((name) => !wanted.includes(name));
  const dropped = [...new Set(wanted)].filter((name) => !got.includes(name) && !optional(name));
  if (unknown.length > 0 || dropped.length > 0 || (category === undefined && !same(wanted, got))) {
    problems.push({ file, key, problem: `has interpolations ${list(got)}, en-GB has ${list(wanted)}` });
  }
  if (!same(nestingsOf(source), nestingsOf(value))) problems.push({ file, key, problem: `nests ${list(nestingsOf(value))}, en-GB nests ${list(nestingsOf(source))}` });
  if (!same(tagsOf(source), tagsOf(value))) problems.push({ file, key, problem: `has tags ${list(tagsOf(value))}, en-GB has ${list(tagsOf(source))}` });
  return problems;
};

/** The source file on its own: non-empty texts and complete plurals in its own language. */
export const checkSource = (file: string, source: Json): Problem[] => {
  const categories = pluralCategories(SOURCE_LANGUAGE);
  return [...group(flatten(source))].flatMap(([key, entry]): Problem[] => {
    if (entry.forms === undefined) {
      if (typeof entry.value !== 'string') return [{ file, key, problem: `is ${JSON.stringify(entry.value)}, not a text` }];
      return entry.value.trim() === '' ? [{ file, key, problem: 'is empty' }] : [];
    }
    const missing = categories.filter((category) => !entry.forms?.has(category));
    const extra = [...entry.forms.keys()].filter((category) => !categories.includes(category) && category !== 'zero');
    return [
      ...missing.map((category) => ({ file, key: `${key}_${category}`, problem: `is missing: ${SOURCE_LANGUAGE} plurals need ${categories.join(', ')}` })),
      ...extra.map((category) => ({ file, key: `${key}_${category}`, problem: `is a plural form ${SOURCE_LANGUAGE} never selects` })),
      ...[...entry.forms].flatMap(([category, value]) =>
        typeof value === 'string' && value.trim() !== '' ? [] : [{ file, key: `${key}_${category}`, problem: typeof value === 'string' ? 'is empty' : 'is not a text' }],
      ),
    ];
  });
};

/** One translated namespace against its source. */
export const checkNamespace = (file: string, language: string, source: Json, translated: Json): Problem[] => {
  const categories = pluralCategories(language);
  const want = group(flatten(source));
  const have = group(flatten(translated));
  const problems: Problem[] = [];
  for (const [key, entry] of want) {
    const theirs = have.get(key);
    if (entry.forms === undefined) {
      if (theirs === undefined) problems.push({ file, key, problem: `is missing (en-GB: ${JSON.stringify(entry.value)})` });
      else if (theirs.forms !== undefined) problems.push({ file, key, problem: 'is a plural here, not in en-GB' });
      else problems.push(...compareValue(file, key, entry.value, theirs.value));
      continue;
    }
    const other = entry.forms.get('other') ?? '';
    if (theirs?.forms === undefined) {
      problems.push({ file, key: `${key}_other`, problem: `is missing: a plural needs ${categories.map((c) => `${key}_${c}`).join(', ')} (en-GB: ${JSON.stringify(other)})` });
      continue;
    }
    for (const category of categories) {
      const value = theirs.forms.get(category);
      if (value === undefined) problems.push({ file, key: `${key}_${category}`, problem: `is missing: Intl.PluralRules('${language}') selects '${category}'` });
      else problems.push(...compareValue(file, `${key}_${category}`, other, value, category));
    }
    for (const category of theirs.forms.keys()) {
      if (!categories.includes(category)) problems.push({ file, key: `${key}_${category}`, problem: `is a plural form Intl.PluralRules('${language}') never selects` });
    }
  }
  for (const [key, entry] of have) {
    if (!want.has(key)) problems.push({ file, key: entry.forms === undefined ? key : `${key}_other`, problem: 'is not in en-GB' });
  }
  return problems;
};

const readJson = (file: string): Json => JSON.parse(readFileSync(file, 'utf8')) as Json;

/** Every namespace of every language under a locales directory (`<dir>/<language>/<ns>.json`). */
export const checkLocales = (localesDir: string): Problem[] => {
  const namespaces = (language: string) => {
    try {
      return readdirSync(path.join(localesDir, language)).filter((name) => name.endsWith('.json')).sort();
    } catch {
      return [];
    }
  };
  const sourceFiles = namespaces(SOURCE_LANGUAGE);
  const problems = sourceFiles.flatMap((name) => checkSource(`${SOURCE_LANGUAGE}/${name}`, readJson(path.join(localesDir, SOURCE_LANGUAGE, name))));
  for (const language of TRANSLATED_LANGUAGES) {
    const translatedFiles = namespaces(language);
    for (const name of sourceFiles) {
      const file = `${language}/${name}`;
      if (!translatedFiles.includes(name)) {
        problems.push({ file, key: '', problem: 'is missing: every en-GB namespace needs its file' });
        continue;
      }
      problems.push(...checkNamespace(file, language, readJson(path.join(localesDir, SOURCE_LANGUAGE, name)), readJson(path.join(localesDir, language, name))));
    }
    for (const name of translatedFiles) {
      if (!sourceFiles.includes(name)) problems.push({ file: `${language}/${name}`, key: '', problem: 'is not an en-GB namespace' });
    }
  }
  return problems;
};

export const LOCALES_DIR = path.resolve(import.meta.dirname, '../apps/web/public/locales');

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const problems = checkLocales(process.argv[2] ?? LOCALES_DIR);
  for (const { file, key, problem } of problems) console.error(`${file}${key === '' ? '' : ` ${key}`}: ${problem}`);
  if (problems.length > 0) {
    console.error(`\n✖ ${problems.length} translation problem${problems.length === 1 ? '' : 's'} (scripts/check-translations.ts)`);
    process.exit(1);
  }
  console.log('✔ translations: every cy key and plural form is there');
}
