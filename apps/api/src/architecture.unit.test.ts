import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The layer rules of docs/architecture.md, checked on the real source files. */
const SRC = path.dirname(fileURLToPath(import.meta.url));
const CONTRACT_RULES = path.join(SRC, '../../../packages/contract/src/rules');

const sourcesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'))
    .map((file) => file.split(path.sep).join('/'));

const files = sourcesUnder(SRC).map((file) => ({ file, text: readFileSync(path.join(SRC, file), 'utf8') }));
const importsOf = (text: string) => [...text.matchAll(/^import\s[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1]!);

/**
 * Which module may import which other module's service (docs/architecture.md "Modules"): the
 * dependency direction of issue 19 — orders → basket → holds, orders → payments, waitlist →
 * holds, every module → account — and the older edges. A module absent from this list, or an
 * import of another module's file other than its service.ts, is an offender. Routes files count
 * as their module's (basket's routes look up the deferred session through auth).
 */
export const MODULE_DEPENDENCIES: Readonly<Record<string, readonly string[]>> = {
  account: [],
  // Check-in and no-shows (docs/front-of-house.md "Attendance"): the fee email.
  attendance: ['email'],
  auth: ['account', 'bookings', 'credits', 'email', 'venues'],
  // A course item is held and shown by courses (docs/courses.md).
  // The basket's prices and the ticket age rule are pricing's (issue 21: one price rule for timetable and basket).
  basket: ['account', 'auth', 'courses', 'credits', 'holdings', 'holds', 'pricing'],
  // A cancellation queues its email (issue 21).
  bookings: ['account', 'credits', 'email'],
  catalogue: ['venues'],
  // A course waitlist offer is emailed (docs/courses.md "Waitlist").
  courses: ['account', 'bookings', 'credits', 'email', 'holds'],
  client: [],
  credits: ['account'],
  email: [],
  // The till (docs/front-of-house.md): the customer's own basket and orders.complete, as online;
  // booking on behalf (holds), the customer panel (credits, memberships), check-in (attendance),
  // the kiosk's short session and its PIN throttle (auth).
  // Walk-in sales (walk-ins: the till's walk-in account, the guest rule). The panel's courses (courses).
  // The kiosk's card terminal payments (kiosk-terminal, docs/kiosk.md "Paying at the card reader").
  foh: ['account', 'attendance', 'auth', 'basket', 'courses', 'credits', 'holds', 'kiosk-terminal', 'memberships', 'orders', 'payments', 'walk-ins'],
  footer: ['venues'],
  geocoding: [],
  health: [],
  holdings: ['credits'],
  // The add's refusal reads the unpaid late-cancellation fees' message from bookings.
  holds: ['account', 'bookings'],
  // The kiosk pays at the venue's card terminal (docs/kiosk.md "Paying at the card reader"): the
  // basket's total and the order through orders, the terminal (a simulator) through payments.
  'kiosk-terminal': ['account', 'orders', 'payments'],
  live: ['timetable'],
  // The operator console (docs/operator-tools.md): an occurrence's bookings cancelled and credited
  // through bookings, emails, the venue lookup, a new series' occurrences made by the timetable.
  manage: ['account', 'bookings', 'email', 'footer', 'timetable', 'venues'],
  // Online joining (docs/memberships.md): sold through payments and orders; venues for the venue.
  memberships: ['account', 'email', 'orders', 'payments', 'venues'],
  // OpenActive feeds (docs/openactive.md) read their own table and the source rows; no other module.
  openactive: [],
  orders: ['account', 'basket', 'bookings', 'courses', 'credits', 'email', 'holdings', 'payments', 'questions', 'terms'],
  payments: ['account'],
  pricing: ['account', 'holdings'],
  questions: ['account', 'basket'],
  // A fair release (docs/release.md): judged as the basket's add (holds, pricing), granted through
  // the basket, else the waitlist; the day's opening is the timetable's booking-window rule.
  releases: ['account', 'basket', 'email', 'holds', 'pricing', 'timetable', 'waitlist'],
  spa: ['catalogue'],
  terms: ['account', 'basket'],
  // Changing the theme or the maintenance switch is a manager's (the console's role check).
  theme: ['manage', 'venues'],
  // Each row shows the caller's price by pricing's rule (issue 21).
  timetable: ['account', 'auth', 'catalogue', 'pricing', 'venues'],
  venues: [],
  // A till's walk-in account and which activities allow guests (docs/front-of-house.md "Walk-in sales").
  'walk-ins': [],
  // An offer is a claim (holds) and an item in the waiter's basket (basket).
  waitlist: ['account', 'basket', 'email', 'holds'],
};

/**
 * Imports from a module's files that cross into another module: anything but its service.ts,
 * or a service the allow-list does not give that module. `files` are paths under src/.
 */
export const moduleImportOffenders = (sources: readonly { file: string; text: string }[], allowed: Readonly<Record<string, readonly string[]>>) => {
  const offenders: string[] = [];
  for (const { file, text } of sources) {
    const own = /^modules\/([\w-]+)\//.exec(file)?.[1];
    if (!own) continue;
    if (!(own in allowed)) offenders.push(`${file}: module '${own}' is not in the allow-list`);
    for (const spec of importsOf(text).filter((s) => s.startsWith('.'))) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
      const other = /^modules\/([\w-]+)\/(.+)$/.exec(target);
      if (!other || other[1] === own) continue;
      if (other[2] !== 'service.ts') offenders.push(`${file} → ${spec} (not ${other[1]}'s service)`);
      else if (!allowed[own]?.includes(other[1]!)) offenders.push(`${file} → ${spec} (${own} may not import ${other[1]})`);
    }
  }
  return offenders;
};

/** A service's exports that hand out its repository: re-exported functions or row types. */
export const repositoryReexports = (sources: readonly { file: string; text: string }[]) =>
  sources
    .filter(({ file }) => /^modules\/[\w-]+\/service\.ts$/.test(file))
    .flatMap(({ file, text }) =>
      [...text.matchAll(/^export\s+(?:type\s+)?(?:\*|\{[^}]*\})\s+from\s+'\.\/repository\.ts'|^export\s+(?:type|const)\s+\w+(?:<[^>]*>)?\s*=\s*repo\.\w+\s*;/gm)].map(
        (m) => `${file}: ${m[0]}`,
      ),
    );

/** Library adapters allowed to build SQL outside repositories and db/ (docs/architecture.md "Known exceptions"). */
const QUERY_EXCEPTIONS = new Set<string>([]);
const QUERY_BUILDING = /from 'kysely'|\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(/;

describe('API layer rules', () => {
  it('finds the source files it checks', () => {
    expect(files.map((f) => f.file)).toEqual(expect.arrayContaining(['app.ts', 'modules/venues/repository.ts', 'lib/errors.ts']));
  });

  it('builds queries only in repositories and db/', () => {
    const offenders = files
      .filter(({ text }) => QUERY_BUILDING.test(text))
      .map(({ file }) => file)
      .filter((file) => !file.startsWith('db/') && !file.endsWith('/repository.ts') && !QUERY_EXCEPTIONS.has(file));
    expect(offenders).toEqual([]);
  });

  it('never imports a module from lib/', () => {
    const offenders = files
      .filter(({ file }) => file.startsWith('lib/'))
      .filter(({ text }) => importsOf(text).some((spec) => spec.includes('/modules/')))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });

  it('reaches another module only through its service, and a route never reaches a repository', () => {
    const offenders: string[] = [];
    for (const { file, text } of files.filter((f) => f.file.startsWith('modules/'))) {
      for (const spec of importsOf(text)) {
        if (/^\.\.\/[\w-]+\//.test(spec) && !/^\.\.\/[\w-]+\/service\.ts$/.test(spec)) offenders.push(`${file} → ${spec}`);
        if (file.endsWith('/routes.ts') && spec === './repository.ts') offenders.push(`${file} → ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('lets a module import only the services its allow-list names', () => {
    expect(moduleImportOffenders(files, MODULE_DEPENDENCIES)).toEqual([]);
  });

  it('names every module in the allow-list, and the allowed imports never go round in a circle', () => {
    const modules = readdirSync(path.join(SRC, 'modules'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    expect(Object.keys(MODULE_DEPENDENCIES).sort()).toEqual(modules.sort());
    const visiting = new Set<string>();
    const done = new Set<string>();
    const cycles: string[] = [];
    const visit = (name: string, trail: string[]) => {
      if (done.has(name)) return;
      if (visiting.has(name)) return void cycles.push([...trail, name].join(' → '));
      visiting.add(name);
      for (const next of MODULE_DEPENDENCIES[name] ?? []) visit(next, [...trail, name]);
      visiting.delete(name);
      done.add(name);
    };
    for (const name of Object.keys(MODULE_DEPENDENCIES)) visit(name, []);
    expect(cycles).toEqual([]);
  });

  it('fires on a probe that breaks the allow-list', () => {
    const probe = [
      // holds is below basket: it may not import it.
      { file: 'modules/holds/service.ts', text: "import { cartView } from '../basket/service.ts';\n" },
      // a provider file reaching another module's repository from two folders down.
      { file: 'modules/payments/providers/probe.ts', text: "import { findOrder } from '../../orders/repository.ts';\n" },
      // a module nobody listed.
      { file: 'modules/probe/service.ts', text: "export const probe = 1;\n" },
      // allowed: orders → basket.
      { file: 'modules/orders/service.ts', text: "import * as basket from '../basket/service.ts';\n" },
    ];
    expect(moduleImportOffenders(probe, MODULE_DEPENDENCIES)).toEqual([
      "modules/holds/service.ts → ../basket/service.ts (holds may not import basket)",
      "modules/payments/providers/probe.ts → ../../orders/repository.ts (not orders's service)",
      "modules/probe/service.ts: module 'probe' is not in the allow-list",
    ]);
  });

  it('never re-exports a repository from a service', () => {
    expect(repositoryReexports(files)).toEqual([]);
    const probe = [
      { file: 'modules/basket/service.ts', text: "export type CheckoutItem = repo.CheckoutItemRow;\nexport { findOpenCart } from './repository.ts';\n" },
      { file: 'modules/basket/view.ts', text: "export { findOpenCart } from './repository.ts';\n" },
    ];
    expect(repositoryReexports(probe)).toEqual([
      "modules/basket/service.ts: export type CheckoutItem = repo.CheckoutItemRow;",
      "modules/basket/service.ts: export { findOpenCart } from './repository.ts'",
    ]);
  });

  it('keeps zod out of the web-shared contract rules', () => {
    const offenders = sourcesUnder(CONTRACT_RULES)
      .filter((file) => importsOf(readFileSync(path.join(CONTRACT_RULES, file), 'utf8')).some((spec) => spec === 'zod' || spec.startsWith('../')));
    expect(offenders).toEqual([]);
  });
});
