import type { CatalogPart } from './catalogue.ts';

/**
 * Welsh for zod's own English messages (zod/v4/locales/en.js), which a field gets when its
 * schema gives no message of its own: 'Invalid input: expected string, received undefined',
 * 'Too big: expected number to be <=100', 'Invalid email address', … Patterns, first match wins.
 */
const TYPES: Readonly<Record<string, string>> = {
  string: 'testun',
  number: 'rhif',
  int: 'rhif cyfan',
  boolean: 'gwir neu gau',
  object: 'gwrthrych',
  array: 'rhestr',
  date: 'dyddiad',
  bigint: 'rhif',
  undefined: 'dim byd',
  null: 'null',
  nonoptional: 'gwerth',
  NaN: 'NaN',
};
const FORMATS: Readonly<Record<string, string>> = {
  'email address': 'Cyfeiriad e-bost annilys',
  URL: 'URL annilys',
  UUID: 'UUID annilys',
  UUIDv4: 'UUIDv4 annilys',
  GUID: 'GUID annilys',
  'ISO datetime': 'Dyddiad ac amser ISO annilys',
  'ISO date': 'Dyddiad ISO annilys',
  'ISO time': 'Amser ISO annilys',
  'ISO duration': 'Hyd ISO annilys',
  'IPv4 address': 'Cyfeiriad IPv4 annilys',
  'IPv6 address': 'Cyfeiriad IPv6 annilys',
  'E.164 number': 'Rhif E.164 annilys',
  'base64-encoded string': 'Testun base64 annilys',
  'JSON string': 'Testun JSON annilys',
  input: 'Mewnbwn annilys',
};
const UNITS: Readonly<Record<string, string>> = { characters: 'nod', items: 'eitem', entries: 'cofnod', bytes: 'beit', elements: 'elfen' };
const ORIGINS: Readonly<Record<string, string>> = { string: 'testun', number: 'rhif', int: 'rhif cyfan', array: 'rhestr', set: 'set', map: 'map', file: 'ffeil', date: 'dyddiad', bigint: 'rhif', value: 'gwerth' };

const type = (name: string) => TYPES[name] ?? name;
const origin = (name: string) => ORIGINS[name] ?? name;
/** A bound of zod's ('<=100', '<100', 'exactly 2', '>=1', '>0') with its noun: '100 nod ar y mwyaf', 'llai na 100 nod', '2 nod yn union'. */
const bound = (text: string, big: boolean, unit = '') => {
  const match = /^(exactly |<=|>=|<|>)(.*)$/.exec(text);
  const counted = (n: string) => (unit ? `${n} ${UNITS[unit] ?? unit}` : n);
  if (!match) return counted(text);
  const [, op, n] = match as unknown as [string, string, string];
  if (op === 'exactly ') return `${counted(n)} yn union`;
  if (op === '<=' || op === '>=') return `${counted(n)} ${big ? 'ar y mwyaf' : 'o leiaf'}`;
  return `${big ? 'llai' : 'mwy'} na ${counted(n)}`;
};
/** '<=3 characters', 'exactly 2 characters': the bound and its unit. */
const sized = (rest: string, big: boolean) => {
  const cut = rest.lastIndexOf(' ');
  return bound(rest.slice(0, cut), big, rest.slice(cut + 1));
};
/** 'yn' before a bound: 'yn 10 ar y mwyaf', 'yn fwy na 0' (soft mutation), 'yn llai na 5'. */
const isBound = (text: string) => `yn ${text.replace(/^mwy /, 'fwy ')}`;

export const zod: CatalogPart = {
  exact: {
    'Invalid input': 'Mewnbwn annilys',
    'Invalid input: more than one option matched': 'Mewnbwn annilys: roedd mwy nag un opsiwn yn cyfateb',
  },
  patterns: [
    ['Invalid input: expected {expected}, received {received}', (v) => `Mewnbwn annilys: roedd disgwyl ${type(v.expected!)}, cafwyd ${type(v.received!)}`],
    ['Invalid input: expected {value}', 'Mewnbwn annilys: roedd disgwyl {value}'],
    ['Invalid option: expected one of {values}', 'Dewis annilys: roedd disgwyl un o {values}'],
    ['Too big: expected {origin} to have {rest}', (v) => `Rhy fawr: rhaid i'r ${origin(v.origin!)} gynnwys ${sized(v.rest!, true)}`],
    ['Too big: expected {origin} to be {bound}', (v) => `Rhy fawr: rhaid i'r ${origin(v.origin!)} fod ${isBound(bound(v.bound!, true))}`],
    ['Too small: expected {origin} to have {rest}', (v) => `Rhy fach: rhaid i'r ${origin(v.origin!)} gynnwys ${sized(v.rest!, false)}`],
    ['Too small: expected {origin} to be {bound}', (v) => `Rhy fach: rhaid i'r ${origin(v.origin!)} fod ${isBound(bound(v.bound!, false))}`],
    ['Invalid string: must match pattern {pattern}', "Testun annilys: rhaid iddo gyd-fynd â'r patrwm {pattern}"],
    ['Invalid string: must start with "{prefix}"', 'Testun annilys: rhaid iddo ddechrau â "{prefix}"'],
    ['Invalid string: must end with "{suffix}"', 'Testun annilys: rhaid iddo orffen â "{suffix}"'],
    ['Invalid string: must include "{text}"', 'Testun annilys: rhaid iddo gynnwys "{text}"'],
    ['Invalid number: must be a multiple of {n}', 'Rhif annilys: rhaid iddo fod yn lluosrif o {n}'],
    ['Unrecognized key: {keys}', 'Allwedd anhysbys: {keys}'],
    ['Unrecognized keys: {keys}', 'Allweddi anhysbys: {keys}'],
    ['Invalid key in {origin}', (v) => `Allwedd annilys yn y ${origin(v.origin!)}`],
    ['Invalid value in {origin}', (v) => `Gwerth annilys yn y ${origin(v.origin!)}`],
    ['Invalid discriminator value. Expected {options}', 'Gwerth gwahaniaethu annilys. Roedd disgwyl {options}'],
    ['Invalid {format}', (v) => FORMATS[v.format!] ?? `${v.format} annilys`],
  ],
};
