import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrations } from './migrations/index.ts';

const dir = path.join(import.meta.dirname, 'migrations');
const files = fs
  .readdirSync(dir)
  .filter((name) => name.endsWith('.ts') && name !== 'index.ts' && !name.includes('.test.'))
  .map((name) => name.replace(/\.ts$/, ''))
  .sort();

describe('migrations/index.ts', () => {
  it('registers every migration file, and only those', () => {
    expect(Object.keys(migrations).sort()).toEqual(files);
  });

  it('lists them in file-name order, which is the order they run in', () => {
    expect(Object.keys(migrations)).toEqual([...Object.keys(migrations)].sort());
  });

  it.each(files)('registers %s under its own file', async (name) => {
    const module = (await import(path.join(dir, `${name}.ts`))) as { up: unknown };
    expect(typeof module.up).toBe('function');
    expect(migrations[name]?.up).toBe(module.up);
  });
});
