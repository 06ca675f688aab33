import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Zod stays out of the web app's chunks (issue 28): its set-up runs when a chunk that carries it
 * is evaluated, and a constant taken from a contract module that also defines schemas brings the
 * whole of zod into that screen's start (a timetable day's blocking time fell by ~135 ms at 4x
 * CPU once ReleasePanel took its number from a module of its own). The web app takes only types
 * from schema modules; numbers and texts it shows live in zod-free contract modules
 * (`releases/limits.ts`, `cart/discount-limits.ts`, `foh/kiosk-terminal-limits.ts`, `rules/*`).
 */
const root = path.resolve(import.meta.dirname, '..');
const webSrc = path.join(root, 'apps/web/src');
const contractSrc = path.join(root, 'packages/contract/src');

/** Web files allowed a zod-carrying contract import, with the reason. */
const ALLOWED: Record<string, string> = {};

const filesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.startsWith('test-') ? [full] : [];
  });

/** The modules a file imports for their values (not `import type`, not `export type`). */
const valueImports = (code: string): string[] =>
  [...code.matchAll(/^(?:import|export)\s+(?!type\b)([^;]*?)\s+from\s+'([^']+)'/gms)]
    .filter(([, what]) => !/^\{\s*(?:type\s+\w+(?:\s+as\s+\w+)?\s*,?\s*)+\}$/.test(what!.trim()))
    .map(([, , from]) => from!);

const carriesZod = new Map<string, boolean>();
/** Whether evaluating the contract module `file` evaluates zod. */
const contractCarriesZod = (file: string): boolean => {
  if (carriesZod.has(file)) return carriesZod.get(file)!;
  carriesZod.set(file, false);
  const code = fs.readFileSync(file, 'utf8');
  const result = valueImports(code).some((from) => {
    if (from === 'zod' || from.startsWith('zod/')) return true;
    if (!from.startsWith('.')) return false;
    return contractCarriesZod(path.resolve(path.dirname(file), from));
  });
  carriesZod.set(file, result);
  return result;
};

describe('zod in the web app', () => {
  it('no web module evaluates zod: schema modules give the web app types only', () => {
    const offenders = filesUnder(webSrc).flatMap((file) => {
      const relative = path.relative(root, file);
      if (ALLOWED[relative]) return [];
      return valueImports(fs.readFileSync(file, 'utf8'))
        .filter((from) => from === 'zod' || (from.startsWith('@app/contract/') && contractCarriesZod(path.join(contractSrc, `${from.slice('@app/contract/'.length)}.ts`))))
        .map((from) => `${relative} → ${from}`);
    });
    expect(offenders).toEqual([]);
  });

  it('the check sees a constant taken from a schema module, and not one from a module of numbers', () => {
    expect(contractCarriesZod(path.join(contractSrc, 'releases/releases.ts'))).toBe(true);
    expect(contractCarriesZod(path.join(contractSrc, 'releases/limits.ts'))).toBe(false);
    expect(valueImports("import { A } from '@app/contract/x';\nimport type { B } from '@app/contract/y';\nimport { type C } from '@app/contract/z';\n")).toEqual(['@app/contract/x']);
  });
});
