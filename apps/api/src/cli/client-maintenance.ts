import path from 'node:path';
import { loadConfig } from '../lib/config.ts';
import { AlreadyRunningError, acquireDataDirLock } from '../lib/lock.ts';
import { createDb } from '../db/connect.ts';
import { embeddedConnectionString, startEmbeddedPostgres } from '../db/embedded.ts';
import { setMaintenanceBySlug } from '../modules/theme/service.ts';

const USAGE = 'Usage: npm run client:maintenance -- on|off [--client <slug>]';

/**
 * `npm run client:maintenance -- on|off [--client slug]`: puts a client into maintenance
 * (GET /api/frontend/theme answers 503 and the site shows the maintenance page) or takes it
 * out. Works against DATABASE_URL, the embedded database of a running server, or a stopped one.
 */
const main = async (args: string[]) => {
  const mode = args[0];
  const clientIndex = args.indexOf('--client');
  const config = loadConfig();
  const slug = clientIndex >= 0 ? args[clientIndex + 1] : config.DEFAULT_CLIENT;
  if ((mode !== 'on' && mode !== 'off') || !slug) throw new Error(USAGE);

  let connectionString = config.DATABASE_URL;
  let cleanup = async () => {};
  if (!connectionString) {
    try {
      const release = acquireDataDirLock(config.dataDir);
      const embedded = await startEmbeddedPostgres({
        databaseDir: path.join(config.dataDir, 'postgres'),
        port: config.EMBEDDED_PG_PORT,
        runtimeDir: config.EMBEDDED_PG_RUNTIME_DIR,
      }).catch((error: unknown) => {
        release();
        throw error;
      });
      connectionString = embedded.connectionString;
      cleanup = async () => {
        await embedded.stop();
        release();
      };
    } catch (error) {
      if (!(error instanceof AlreadyRunningError)) throw error;
      // The server holds the data directory: talk to the PostgreSQL it started (loopback only).
      connectionString = embeddedConnectionString(path.join(config.dataDir, 'postgres'), config.EMBEDDED_PG_PORT);
    }
  }
  const db = createDb(connectionString, 1);
  try {
    const found = await setMaintenanceBySlug(db, slug, mode === 'on');
    if (!found) throw new Error(`No client with the slug '${slug}'.`);
    console.log(
      mode === 'on'
        ? `Client '${slug}' is in maintenance: the site shows the maintenance page.`
        : `Client '${slug}' is out of maintenance: the site is available again.`,
    );
  } finally {
    await db.destroy();
    await cleanup();
  }
};

await main(process.argv.slice(2)).catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
