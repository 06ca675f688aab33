// Startup benchmark (issue 2): time from `npm start` to a healthy /api/health on a cold first
// start (web build + database initialisation included, install excluded) and on a warm restart,
// and the idle memory of the server with its embedded PostgreSQL.
// Run: npm run bench -- startup   (writes bench/results/startup.json)
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../e2e/support/server-process.ts';

const root = path.resolve(import.meta.dirname, '../..');
const resultsDir = path.join(root, 'bench/results');

const descendants = (pid: number): number[] => {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry), ...descendants(Number(entry)));
    } catch {
      // The process ended while we looked.
    }
  }
  return children;
};

const memoryOf = (pids: number[]) => {
  let rssKb = 0;
  let pssKb = 0;
  for (const pid of pids) {
    try {
      const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      rssKb += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      pssKb += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    } catch {
      // The process ended while we looked.
    }
  }
  return { rssMb: Math.round(rssKb / 1024), pssMb: Math.round(pssKb / 1024) };
};

const start = (env: Record<string, string>) => {
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: 'ignore',
    detached: true,
  });
  return child;
};

const timeToHealthy = async (child: ChildProcess, port: number, started: number) => {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok).catch(() => false);
    if (ok) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 50));
  }
};

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    process.kill(-child.pid!, 'SIGTERM');
  });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-startup-'));
const distDir = path.join(dataDir, 'web-dist');
const port = await freePort();
const env = {
  DATA_DIR: dataDir,
  WEB_DIST_DIR: distDir,
  PORT: String(port),
  EMBEDDED_PG_PORT: String(await freePort()),
};

let started = Date.now();
let child = start(env);
const coldMs = await timeToHealthy(child, port, started);
await stop(child);

started = Date.now();
child = start(env);
const warmMs = await timeToHealthy(child, port, started);
// Let the server and PostgreSQL settle to idle before reading memory.
await new Promise((r) => setTimeout(r, 3000));
// The product is the server process and its PostgreSQL; npm and the start wrapper are reported apart.
const tree = descendants(child.pid!);
const serverPid = tree.find((pid) => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('apps/api/src/server.ts'));
if (!serverPid) throw new Error('server process not found');
const memory = memoryOf([serverPid, ...descendants(serverPid)]);
const wrapperMemory = memoryOf([child.pid!, ...tree.filter((pid) => pid !== serverPid && !descendants(serverPid).includes(pid))]);
await stop(child);
fs.rmSync(dataDir, { recursive: true, force: true });

const result = {
  benchmark: 'startup',
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version },
  coldStartMs: coldMs,
  warmRestartMs: warmMs,
  idleMemory: memory,
  startWrapperMemory: wrapperMemory,
  targets: { warmRestartMs: 5000, idleRssMb: 300 },
};
fs.mkdirSync(resultsDir, { recursive: true });
fs.writeFileSync(path.join(resultsDir, 'startup.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log(
  `startup: cold ${(coldMs / 1000).toFixed(1)} s, warm ${(warmMs / 1000).toFixed(1)} s, server + PostgreSQL idle RSS ${memory.rssMb} MB (PSS ${memory.pssMb} MB) — targets warm < 5 s, < 300 MB`,
);
