import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig } from '../src/lib/config.ts';
import { createTestDatabase } from './db.ts';

export type SpaTestContext = { app: App; dist: string };

/**
 * The real app serving a small stand-in build: per source an index.html marked with
 * `data-source` and `assets/main-abc.js`, so tests can tell which bundle answered.
 */
export const useSpaTestApp = (sources: readonly string[], env: Record<string, string> = {}): SpaTestContext => {
  const ctx = { dist: fs.mkdtempSync(path.join(os.tmpdir(), 'spa-dist-')) } as SpaTestContext;
  let drop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    for (const source of sources) {
      fs.mkdirSync(path.join(ctx.dist, source, 'assets'), { recursive: true });
      fs.writeFileSync(path.join(ctx.dist, source, 'index.html'), `<html data-source="${source}"><head></head><body></body></html>`);
      fs.writeFileSync(path.join(ctx.dist, source, 'assets', 'main-abc.js'), `console.log("${source}")`);
    }
    const database = await createTestDatabase();
    drop = database.drop;
    ctx.app = await buildApp({ config: loadConfig({ DATABASE_URL: database.url, WEB_DIST_DIR: ctx.dist, ...env }), db: database.db });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await drop();
    fs.rmSync(ctx.dist, { recursive: true, force: true });
  });
  return ctx;
};
