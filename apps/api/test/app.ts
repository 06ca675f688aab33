import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig } from '../src/lib/config.ts';
import type { Db } from '../src/db/connect.ts';
import { createTestDatabase } from './db.ts';

export type TestContext = { app: App; db: Db; url: string };

/**
 * Per test file: a cloned database and the real app on it (requests through `app.inject`).
 * Call at the top of a test file; read `ctx.app` / `ctx.db` inside tests.
 */
export const useTestApp = (env: Record<string, string> = {}): TestContext => {
  const ctx = {} as TestContext;
  let drop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    const config = loadConfig({ ...env, DATABASE_URL: database.url, LOG_LEVEL: 'silent' });
    ctx.db = database.db;
    ctx.url = database.url;
    ctx.app = await buildApp({ config, db: database.db, serveWeb: false, validateResponses: true });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await drop();
  });
  return ctx;
};
