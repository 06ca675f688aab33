import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db.ts';
import type { Db } from './connect.ts';
import { migrateToLatest } from './migrate.ts';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
});
afterAll(async () => drop());

it('runs a migration that lands after a higher-numbered one has run (0033 after 0040)', async () => {
  // A database migrated before 0033 existed: 0040 has run, 0033 has not.
  await sql`DELETE FROM kysely_migration WHERE name = '0033_session_security'`.execute(db);
  await sql`ALTER TABLE sessions DROP COLUMN last_seen_at`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN emergency_contact_name, DROP COLUMN emergency_contact_phone, DROP COLUMN marketing_sms`.execute(db);
  expect(await migrateToLatest(db)).toEqual(['0033_session_security']);
  const { rows } = await sql<{ column_name: string }>`
    SELECT column_name FROM information_schema.columns WHERE table_name = 'sessions' AND column_name = 'last_seen_at'`.execute(db);
  expect(rows).toHaveLength(1);
  expect(await migrateToLatest(db)).toEqual([]);
});
