import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

/** True when the database answers a trivial query. */
export const pingDatabase = async (db: Db): Promise<boolean> =>
  sql`SELECT 1`
    .execute(db)
    .then(() => true)
    .catch(() => false);
