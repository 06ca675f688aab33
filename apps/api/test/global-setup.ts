import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded.ts';
import { createDb } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seedDemoData } from '../src/db/seed/seed.ts';
import { migrateJobs } from '../src/jobs/runner.ts';

export const TEMPLATE_DB = 'bookings_template';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  export interface ProvidedContext {
    adminConnectionString: string;
  }
}

let embedded: EmbeddedDatabase | undefined;
let tempDir: string | undefined;

/**
 * One real PostgreSQL per run: TEST_DATABASE_URL (any server) or an embedded one in a temp dir.
 * A template database is migrated and seeded once; each test file clones it (test/db.ts).
 */
export const setup = async (project: TestProject) => {
  let admin = process.env.TEST_DATABASE_URL;
  if (!admin) {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookings-test-pg-'));
    const port = 55000 + Math.floor(Math.random() * 4000);
    embedded = await startEmbeddedPostgres({ databaseDir: path.join(tempDir, 'pg'), port });
    // The superuser (random password, from the cluster's credentials file) may clone templates.
    admin = embedded.adminConnectionString;
  }
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await client.end();

  const templateUrl = new URL(admin);
  templateUrl.pathname = `/${TEMPLATE_DB}`;
  const db = createDb(templateUrl.toString(), 2);
  await migrateToLatest(db);
  await seedDemoData(db);
  await db.destroy();
  // The job queue's schema too, so no test file pays for installing it.
  await migrateJobs(templateUrl.toString());

  project.provide('adminConnectionString', admin);
};

export const teardown = async () => {
  await embedded?.stop();
  if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
};
