import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The console's Welsh (issue 27's `cy` locale, the `manage` namespace): every en-GB key is there,
 * with the same {{interpolations}}; where en-GB has _one/_other, Welsh has all six plural forms.
 */
const locales = path.resolve(import.meta.dirname, '../../../public/locales');
const read = (lang: string) => JSON.parse(fs.readFileSync(path.join(locales, lang, 'manage.json'), 'utf8')) as Record<string, unknown>;
const flat = (o: Record<string, unknown>, prefix = ''): Record<string, string> =>
  Object.fromEntries(Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? Object.entries(flat(v as Record<string, unknown>, `${prefix}${k}.`)) : [[`${prefix}${k}`, String(v)]])));
const PLURAL = /_(zero|one|two|few|many|other)$/;
const names = (text: string) => [...new Set([...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]))].sort();

describe('the manage namespace in Welsh', () => {
  const en = flat(read('en-GB'));
  const cy = flat(read('cy'));
  it('has every key of en-GB, each plural in all six Welsh forms, and nothing else', () => {
    const plurals = new Set(Object.keys(en).filter((k) => /_(one|other)$/.test(k)).map((k) => k.replace(PLURAL, '')));
    const expected = new Set(Object.keys(en).flatMap((k) => (plurals.has(k.replace(PLURAL, '')) ? ['zero', 'one', 'two', 'few', 'many', 'other'].map((s) => `${k.replace(PLURAL, '')}_${s}`) : [k])));
    expect(Object.keys(cy).sort()).toEqual([...expected].sort());
  });
  it('keeps the same interpolations, and is not English left untranslated', () => {
    for (const [key, text] of Object.entries(cy)) {
      const source = en[key] ?? en[`${key.replace(PLURAL, '')}_other`]!;
      expect([key, names(text)]).toEqual([key, names(source)]);
    }
    const same = Object.keys(cy).filter((k) => cy[k] === en[k] && !/^[—\s{}\w.]*$/.test(cy[k]!) && !/^\{\{\w+\}\}$/.test(cy[k]!));
    expect(same).toEqual([]);
  });
});
