import { Migrator } from 'kysely/migration';
import type { Db } from './connect.ts';
import { migrations } from './migrations/index.ts';

/** Runs every pending forward migration; throws on the first failure. */
export const migrateToLatest = async (db: Db): Promise<string[]> => {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Numbers are handed out per piece of work, so one can land after a higher one has run
    // (0033 after 0040): a database that has the higher one still runs the lower one.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  return (results ?? []).map((r) => r.migrationName);
};
