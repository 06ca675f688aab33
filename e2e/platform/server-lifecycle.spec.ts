import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, test } from '@playwright/test';
import { freePort, startServer, waitForHealthy } from '../support/server-process.ts';
import { embeddedConnectionString, startEmbeddedPostgres } from '../../apps/api/src/db/embedded.ts';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const query = async <T extends pg.QueryResultRow>(connectionString: string, text: string, values: unknown[] = []) => {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
};

test('the server keeps its data across a clean stop and restart, and refuses a second start', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookings-restart-'));
  const [port, pgPort, port2] = [await freePort(), await freePort(), await freePort()];
  const env = { DATA_DIR: dataDir, PORT: String(port), EMBEDDED_PG_PORT: String(pgPort) };
  let dbUrl: string;

  const first = startServer(env);
  try {
    await waitForHealthy(first, port);
    // The server connects with the generated credentials kept in the data directory.
    dbUrl = embeddedConnectionString(path.join(dataDir, 'postgres'), pgPort);
    expect(first.output()).toContain(`Bookings is running at http://localhost:${port}`);
    expect(first.output()).toContain('Demo accounts (the demo data is loaded):');
    expect(first.output()).toContain('customer@example.com');
    expect(first.output()).toContain(path.join(dataDir, 'postgres'));
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);

    // Something a user did: a row written while the server runs.
    await query(dbUrl, "INSERT INTO client_domains (client_id, host) SELECT id, 'restart-check.example' FROM clients LIMIT 1");

    // A second server on the same data directory stops with a clear message and leaves the first alone.
    const second = startServer({ ...env, PORT: String(port2) });
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toMatch(/Another server \(pid \d+\) is already running with the data directory/);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  } finally {
    expect(await first.stop('SIGTERM')).toBe(0);
  }
  expect(first.output()).toContain('stopped cleanly');
  expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

  const again = startServer(env);
  try {
    await waitForHealthy(again, port);
    const rows = await query<{ host: string }>(dbUrl, "SELECT host FROM client_domains WHERE host = 'restart-check.example'");
    expect(rows).toHaveLength(1);
    // The demo logins are still printed: the demo data loaded on the first start is there.
    expect(again.output()).toContain('Demo accounts (the demo data is loaded):');
    // The demo data is loaded once, not again on restart.
    const clients = await query<{ count: string }>(dbUrl, 'SELECT count(*)::text AS count FROM clients');
    expect(clients[0]?.count).toBe('1');
  } finally {
    expect(await again.stop('SIGINT')).toBe(0);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('with DATABASE_URL set the server uses that PostgreSQL and starts no embedded one', async () => {
  const externalDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookings-external-pg-'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookings-external-data-'));
  const external = await startEmbeddedPostgres({ databaseDir: path.join(externalDir, 'pg'), port: await freePort(), database: 'shop' });
  const port = await freePort();
  const server = startServer({ DATABASE_URL: external.connectionString, DATA_DIR: dataDir, PORT: String(port) });
  try {
    await waitForHealthy(server, port);
    expect(server.output()).toContain('Data: PostgreSQL at DATABASE_URL');
    const venues = await query<{ count: string }>(external.connectionString, 'SELECT count(*)::text AS count FROM venues');
    expect(Number(venues[0]?.count)).toBeGreaterThanOrEqual(12);
    expect(fs.existsSync(path.join(dataDir, 'postgres'))).toBe(false);
  } finally {
    expect(await server.stop()).toBe(0);
    await external.stop();
    fs.rmSync(externalDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a bad configuration value stops the server with a message naming the variable', async () => {
  const server = startServer({ PORT: 'eighty', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bookings-badcfg-')) });
  expect(await server.exited).toBe(1);
  expect(server.output()).toContain('PORT="eighty" is invalid: expected a whole number from 1 to 65535');
});
