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

  it('keeps zod out of the web-shared contract rules', () => {
    const offenders = sourcesUnder(CONTRACT_RULES)
      .filter((file) => importsOf(readFileSync(path.join(CONTRACT_RULES, file), 'utf8')).some((spec) => spec === 'zod' || spec.startsWith('../')));
    expect(offenders).toEqual([]);
  });
});
