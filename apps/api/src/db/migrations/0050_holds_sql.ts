import { readFileSync } from 'node:fs';
import { type Kysely, sql } from 'kysely';

/** The holds functions' current bodies, in one file (docs/holds.md). */
export const HOLDS_SQL = new URL('../sql/holds.sql', import.meta.url);

/**
 * `hold_place()` and `cart_add_item()` as `db/sql/holds.sql` has them (CREATE OR REPLACE, same
 * signatures and bodies as 0011): from here on their text lives in that file, not in migrations.
 * A later change edits the file and adds a migration that loads it again.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql.raw(readFileSync(HOLDS_SQL, 'utf8')).execute(db);
};
