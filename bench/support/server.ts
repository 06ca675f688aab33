// The real server under test for the benchmarks: `apps/api/src/server.ts` on free ports with a
// fresh embedded PostgreSQL in a new temp data directory (demo data seeded unless `env` says
// otherwise), stopped with SIGTERM and its data directory removed afterwards.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { embeddedConnectionString } from '../../apps/api/src/db/embedded.ts';
import { freePort, NODE, ROOT } from '../../e2e/support/server-process.ts';
import { waitForHealth } from './health.ts';

/** SIGTERM, then waits for the exit (the server shuts PostgreSQL down cleanly). */
export const stopChild = async (child: ChildProcess) => {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
};

export type BenchServer = { base: string; databaseUrl: string; dataDir: string; stop: () => Promise<void> };

export const startBenchServer = async ({
  name,
  logLevel,
  env = {},
  cpuProfDir,
  ports,
}: {
  /** Names the temp data directory (bench-<name>-…). */
  name: string;
  logLevel: string;
  env?: Record<string, string>;
  /** Writes a V8 CPU profile of the server to this directory. */
  cpuProfDir?: string | undefined;
  /** Fixed ports (a shared machine's allotment) instead of free ones. */
  ports?: { port: number; pgPort: number } | undefined;
}): Promise<BenchServer> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${name}-`));
  const [port, pgPort] = ports ? [ports.port, ports.pgPort] : [await freePort(), await freePort()];
  const profile = cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(cpuProfDir)}`] : [];
  const child = spawn(NODE, [...profile, path.join(ROOT, 'apps/api/src/server.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), EMBEDDED_PG_PORT: String(pgPort), DATA_DIR: dataDir, LOG_LEVEL: logLevel, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, () => child.exitCode === null);
  return {
    base,
    dataDir,
    databaseUrl: embeddedConnectionString(path.join(dataDir, 'postgres'), pgPort),
    stop: async () => {
      await stopChild(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
