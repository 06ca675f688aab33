import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * The import boundaries of eslint.config.js, proved on fixture files written into the real
 * tree (the rules resolve imports to files, so the files must exist) and removed afterwards.
 */
// ESLint runs in-process; the first lint loads the TypeScript parser.
vi.setConfig({ testTimeout: 60_000 });

const root = path.resolve(import.meta.dirname, '..');
const tag = `lint-fixture-${process.pid}`;
const created: string[] = [];
let eslint: ESLint;

const write = (relative: string, code: string) => {
  const file = path.join(root, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, code);
  created.push(file);
  return relative;
};

/** The rule ids ESLint reports for `code` as if it were the file at `relative`. */
const rulesFired = async (relative: string, code?: string) => {
  const filePath = path.join(root, relative);
  const [result] = await eslint.lintText(code ?? fs.readFileSync(filePath, 'utf8'), { filePath });
  return result!.messages.map((m) => m.ruleId);
};

beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });
  write(`apps/web/src/features/venues/${tag}-target.ts`, 'export const shared = 1;\n');
  write(`apps/web/src/features/catalogue/${tag}-target.ts`, 'export const shared = 1;\n');
  write(`apps/api/src/modules/${tag}/service.ts`, 'export const shared = 1;\n');
  write(`apps/api/src/lib/${tag}-cycle-a.ts`, `import { b } from './${tag}-cycle-b.ts';\nexport const a = () => b;\n`);
  write(`apps/api/src/lib/${tag}-cycle-b.ts`, `import { a } from './${tag}-cycle-a.ts';\nexport const b = () => a;\n`);
  // Closed only by a type import, and only by a lazy import(): circles all the same (issue 19).
  write(`apps/api/src/lib/${tag}-type-a.ts`, `import { b } from './${tag}-type-b.ts';\nexport type A = { n: number };\nexport const a = b;\n`);
  write(`apps/api/src/lib/${tag}-type-b.ts`, `import type { A } from './${tag}-type-a.ts';\nexport const b = (x: A) => x.n;\n`);
  write(`apps/web/src/lib/${tag}-lazy-a.ts`, `export const a = 1;\nexport const load = () => import('./${tag}-lazy-b.ts');\n`);
  write(`apps/web/src/lib/${tag}-lazy-b.ts`, `import { a } from './${tag}-lazy-a.ts';\nexport const b = a;\n`);
});

afterAll(() => {
  for (const file of created) fs.rmSync(file, { force: true });
  fs.rmSync(path.join(root, `apps/api/src/modules/${tag}`), { recursive: true, force: true });
});

describe('web boundaries', () => {
  it('fails a feature importing another feature', async () => {
    const code = `import { shared } from '../venues/${tag}-target.ts';\nexport const x = shared;\n`;
    expect(await rulesFired(`apps/web/src/features/catalogue/${tag}.ts`, code)).toContain('import-x/no-restricted-paths');
  });

  it('fails web lib/ importing a feature', async () => {
    const code = `import { shared } from '../features/venues/${tag}-target.ts';\nexport const x = shared;\n`;
    expect(await rulesFired(`apps/web/src/lib/${tag}.ts`, code)).toContain('import-x/no-restricted-paths');
  });

  it('lets a feature import lib/ and its own files', async () => {
    const code = `import { shared } from './${tag}-target.ts';\nimport { runtimeConfig } from '../../lib/runtime-config.ts';\nexport const x = [shared, runtimeConfig];\n`;
    expect(await rulesFired(`apps/web/src/features/venues/${tag}.ts`, code)).not.toContain('import-x/no-restricted-paths');
  });

  it('lets a feature use the auth slice through its public entry only', async () => {
    const viaEntry = `import { isLoggedIn } from '../auth/public.ts';\nexport const x = isLoggedIn;\n`;
    expect(await rulesFired(`apps/web/src/features/shell/${tag}.ts`, viaEntry)).not.toContain('import-x/no-restricted-paths');
    const internal = `import { openLoginModal } from '../auth/login-modal.ts';\nexport const x = openLoginModal;\n`;
    expect(await rulesFired(`apps/web/src/features/shell/${tag}.ts`, internal)).toContain('import-x/no-restricted-paths');
  });

  it('has no per-file exceptions: the home screen passes as it is and fails on any cross-feature import', async () => {
    const config = await import('../eslint.config.js');
    expect(config).not.toHaveProperty('KNOWN_CROSS_FEATURE_IMPORTS');
    const importer = 'apps/web/src/features/venues/HomeScreen.tsx';
    expect(await rulesFired(importer)).not.toContain('import-x/no-restricted-paths');
    const code = `import { shared } from '../catalogue/${tag}-target.ts';\nexport const x = shared;\n`;
    expect(await rulesFired(importer, code)).toContain('import-x/no-restricted-paths');
  });
});

describe('API boundaries', () => {
  it('fails API lib/ importing a module', async () => {
    const code = `import { shared } from '../modules/${tag}/service.ts';\nexport const x = shared;\n`;
    expect(await rulesFired(`apps/api/src/lib/${tag}.ts`, code)).toContain('import-x/no-restricted-paths');
  });

  it('fails an import cycle', async () => {
    expect(await rulesFired(`apps/api/src/lib/${tag}-cycle-a.ts`)).toContain('import-x/no-cycle');
  });

  it('fails a cycle closed by a type import, on both sides', async () => {
    expect(await rulesFired(`apps/api/src/lib/${tag}-type-a.ts`)).toContain('import-x/no-cycle');
    expect(await rulesFired(`apps/api/src/lib/${tag}-type-b.ts`)).toContain('import-x/no-cycle');
  });

  it('fails a cycle closed by a dynamic import()', async () => {
    expect(await rulesFired(`apps/web/src/lib/${tag}-lazy-a.ts`)).toContain('import-x/no-cycle');
    expect(await rulesFired(`apps/web/src/lib/${tag}-lazy-b.ts`)).toContain('import-x/no-cycle');
  });

  it('fails Kysely imported in a service', async () => {
    const code = `import { sql } from 'kysely';\nexport const now = sql\`now()\`;\n`;
    expect(await rulesFired(`apps/api/src/modules/${tag}/service.ts`, code)).toContain('@typescript-eslint/no-restricted-imports');
  });

  it('fails a query built on the db handle in a service or route', async () => {
    const code = [
      `type Db = { selectFrom: (t: string) => unknown };`,
      `export const list = (db: Db) => db.selectFrom('venues');`,
      `export const viaApp = (app: { db: Db }) => app.db.selectFrom('venues');`,
      '',
    ].join('\n');
    const fired = await rulesFired(`apps/api/src/modules/${tag}/routes.ts`, code);
    expect(fired.filter((r) => r === 'no-restricted-syntax')).toHaveLength(2);
  });

  it('lets a repository use Kysely', async () => {
    const code = `import { sql } from 'kysely';\ntype Db = { selectFrom: (t: string) => unknown };\nexport const now = sql\`now()\`;\nexport const list = (db: Db) => db.selectFrom('venues');\n`;
    const fired = await rulesFired(`apps/api/src/modules/${tag}/repository.ts`, code);
    expect(fired).not.toContain('@typescript-eslint/no-restricted-imports');
    expect(fired).not.toContain('no-restricted-syntax');
  });
});
