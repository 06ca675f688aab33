import { Migrator } from 'kysely/migration';
import type { Db } from './connect.ts';
import { migrations } from './migrations/index.ts';

/** Runs every pending forward migration; throws on the first failure. */
export const migrateToLatest = async (db: Db): Promise<string[]> => {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  return (results ?? []).map((r) => r.migrationName);
};
