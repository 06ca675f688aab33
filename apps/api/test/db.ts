import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb, type Db } from '../src/db/connect.ts';

const TEMPLATE_DB = 'bookings_template';

/** A fresh database for one test file, cloned from the migrated and seeded template. */
export const createTestDatabase = async (): Promise<{ db: Db; url: string; drop: () => Promise<void> }> => {
  const admin = inject('adminConnectionString');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const db = createDb(url.toString(), 5);
  return {
    db,
    url: url.toString(),
    drop: async () => {
      await db.destroy();
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
};
