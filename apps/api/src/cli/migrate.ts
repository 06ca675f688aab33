import path from 'node:path';
import { loadConfig } from '../lib/config.ts';
import { acquireDataDirLock } from '../lib/lock.ts';
import { createDb } from '../db/connect.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedDemoData } from '../db/seed/seed.ts';
import { migrateJobs } from '../jobs/runner.ts';

/** `npm run db:migrate` and `npm run db:seed`: against DATABASE_URL or the embedded database. */
export const runDbCommand = async (command: 'migrate' | 'seed') => {
  const config = loadConfig();
  const release = config.DATABASE_URL ? () => {} : acquireDataDirLock(config.dataDir);
  const embedded = config.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({
        databaseDir: path.join(config.dataDir, 'postgres'),
        port: config.EMBEDDED_PG_PORT,
        runtimeDir: config.EMBEDDED_PG_RUNTIME_DIR,
      });
  const connectionString = config.DATABASE_URL ?? embedded!.connectionString;
  const db = createDb(connectionString, 2);
  try {
    const applied = await migrateToLatest(db);
    await migrateJobs(connectionString);
    console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database schema is up to date.');
    if (command === 'seed') {
      const { seeded } = await seedDemoData(db);
      console.log(seeded ? 'Demo data loaded.' : 'The database already has data; nothing seeded.');
    }
  } finally {
    await db.destroy();
    await embedded?.stop();
    release();
  }
};

if (import.meta.main) {
  await runDbCommand('migrate').catch((error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  });
}
