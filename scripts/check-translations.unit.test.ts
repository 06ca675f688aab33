import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkLocales, checkNamespace, checkSource, pluralCategories } from './check-translations.ts';

const WELSH_PLURAL = {
  items_zero: 'Dim eitemau',
  items_one: '{{count}} eitem',
  items_two: '{{count}} eitem',
  items_few: '{{count}} eitem',
  items_many: '{{count}} eitem',
  items_other: '{{count}} eitem',
};
const source = { title: 'Book {{activity}} at {{venue}}', nav: { basket: 'Shopping basket' }, items_one: '{{count}} item', items_other: '{{count}} items' };
const welsh = { title: 'Archebu {{activity}} yn {{venue}}', nav: { basket: 'Basged siopa' }, ...WELSH_PLURAL };

describe('the translations check (issue 27)', () => {
  it('asks for the plural forms Intl.PluralRules selects', () => {
    expect(pluralCategories('cy')).toEqual(['zero', 'one', 'two', 'few', 'many', 'other']);
    expect(pluralCategories('en-GB')).toEqual(['one', 'other']);
  });

  it('passes a complete translation', () => {
    expect(checkNamespace('cy/x.json', 'cy', source, welsh)).toEqual([]);
    expect(checkSource('en-GB/x.json', source)).toEqual([]);
  });

  it('fails on a missing key, nested or not', () => {
    const { nav: _, ...withoutNav } = welsh;
    expect(checkNamespace('cy/x.json', 'cy', source, withoutNav)).toEqual([{ file: 'cy/x.json', key: 'nav.basket', problem: 'is missing (en-GB: "Shopping basket")' }]);
  });

  it('fails on a key en-GB does not have', () => {
    expect(checkNamespace('cy/x.json', 'cy', source, { ...welsh, extra: 'Ychwanegol' })).toEqual([{ file: 'cy/x.json', key: 'extra', problem: 'is not in en-GB' }]);
  });

  it('fails on a missing _few', () => {
    const { items_few: _, ...withoutFew } = welsh;
    expect(checkNamespace('cy/x.json', 'cy', source, withoutFew)).toEqual([{ file: 'cy/x.json', key: 'items_few', problem: "is missing: Intl.PluralRules('cy') selects 'few'" }]);
  });

  it('fails on a plural given only as en-GB gives it', () => {
    const { items_zero: _z, items_two: _t, items_many: _m, ...asEnglish } = welsh;
    const problems = checkNamespace('cy/x.json', 'cy', source, asEnglish);
    expect(problems.map((problem) => problem.key)).toEqual(['items_zero', 'items_two', 'items_many']);
  });

  it('fails on a plural written as one text', () => {
    const { items_zero: _z, items_one: _o, items_two: _t, items_few: _f, items_many: _m, items_other: _x, ...rest } = welsh;
    expect(checkNamespace('cy/x.json', 'cy', source, { ...rest, items: 'eitemau' })).toEqual([
      expect.objectContaining({ key: 'items_other', problem: expect.stringMatching(/^is missing: a plural needs items_zero, items_one/) }),
    ]);
  });

  it('fails on a changed or dropped interpolation', () => {
    expect(checkNamespace('cy/x.json', 'cy', source, { ...welsh, title: 'Archebu {{gweithgaredd}} yn {{venue}}' })).toEqual([
      { file: 'cy/x.json', key: 'title', problem: 'has interpolations gweithgaredd, venue, en-GB has activity, venue' },
    ]);
    expect(checkNamespace('cy/x.json', 'cy', source, { ...welsh, title: 'Archebu yn {{venue}}' })).toHaveLength(1);
  });

  it('lets a plural form leave out {{count}} but not add another interpolation', () => {
    expect(checkNamespace('cy/x.json', 'cy', source, { ...welsh, items_one: 'Un eitem' })).toEqual([]);
    const withVenue = { items_one: '1 item at {{venue}}', items_other: '{{count}} items at {{venue}}' };
    const welshWithVenue = { ...WELSH_PLURAL, items_one: 'Un eitem yn {{venue}}', items_two: 'Dwy eitem yn {{venue}}', items_few: '{{count}} eitem yn {{venue}}', items_many: '{{count}} eitem yn {{venue}}', items_other: '{{count}} eitem yn {{venue}}' };
    expect(checkNamespace('cy/x.json', 'cy', withVenue, welshWithVenue)).toEqual([]);
    expect(checkNamespace('cy/x.json', 'cy', withVenue, { ...welshWithVenue, items_few: '{{count}} eitem' })).toEqual([
      { file: 'cy/x.json', key: 'items_few', problem: 'has interpolations count, en-GB has count, venue' },
    ]);
    expect(checkNamespace('cy/x.json', 'cy', source, { ...welsh, items_two: '{{count}} eitem yn {{venue}}' })).toEqual([
      { file: 'cy/x.json', key: 'items_two', problem: 'has interpolations count, venue, en-GB has count' },
    ]);
  });

  it('fails on changed nesting and tags', () => {
    const nested = { hint: 'See $t(nav.basket) <strong>now</strong>', nav: { basket: 'Shopping basket' } };
    expect(checkNamespace('cy/x.json', 'cy', nested, { hint: 'Gweler $t(nav.basged) <strong>nawr</strong>', nav: { basket: 'Basged' } })).toEqual([
      { file: 'cy/x.json', key: 'hint', problem: 'nests nav.basged, en-GB nests nav.basket' },
    ]);
    expect(checkNamespace('cy/x.json', 'cy', nested, { hint: 'Gweler $t(nav.basket) nawr', nav: { basket: 'Basged' } })).toEqual([
      { file: 'cy/x.json', key: 'hint', problem: 'has tags none, en-GB has </strong>, <strong>' },
    ]);
  });

  it('checks a list item by item', () => {
    const lists = { canDo: ['zoom in', 'use a keyboard'] };
    expect(checkNamespace('cy/x.json', 'cy', lists, { canDo: ['chwyddo', 'defnyddio bysellfwrdd'] })).toEqual([]);
    expect(checkNamespace('cy/x.json', 'cy', lists, { canDo: ['chwyddo'] })).toEqual([{ file: 'cy/x.json', key: 'canDo.1', problem: 'is missing (en-GB: "use a keyboard")' }]);
  });

  it('fails on an empty value in either language', () => {
    expect(checkNamespace('cy/x.json', 'cy', source, { ...welsh, title: '  ' })).toEqual([{ file: 'cy/x.json', key: 'title', problem: 'is empty' }]);
    expect(checkSource('en-GB/x.json', { ...source, title: '' })).toEqual([{ file: 'en-GB/x.json', key: 'title', problem: 'is empty' }]);
  });

  it('fails on an en-GB plural without its other form', () => {
    expect(checkSource('en-GB/x.json', { items_one: 'one', items_other: 'many', things_other: 'things' })).toEqual([
      { file: 'en-GB/x.json', key: 'things_one', problem: 'is missing: en-GB plurals need one, other' },
    ]);
  });

  describe('over a locales directory', () => {
    let dir = '';
    afterEach(() => rmSync(dir, { recursive: true, force: true }));
    const write = (language: string, ns: string, value: unknown) => {
      mkdirSync(path.join(dir, language), { recursive: true });
      writeFileSync(path.join(dir, language, `${ns}.json`), JSON.stringify(value));
    };

    it('names a namespace with no cy file and one en-GB does not have', () => {
      dir = mkdtempSync(path.join(os.tmpdir(), 'check-translations-'));
      write('en-GB', 'common', source);
      write('en-GB', 'basket', { title: 'Basket' });
      write('cy', 'common', welsh);
      write('cy', 'extra', { title: 'Ychwanegol' });
      expect(checkLocales(dir)).toEqual([
        { file: 'cy/basket.json', key: '', problem: 'is missing: every en-GB namespace needs its file' },
        { file: 'cy/extra.json', key: '', problem: 'is not an en-GB namespace' },
      ]);
    });
  });
});
