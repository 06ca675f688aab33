#!/usr/bin/env node
// `npm run dev`: the API under `node --watch` (restarts when a file it imports changes) on the
// embedded PostgreSQL in DATA_DIR (or DATABASE_URL), and the Vite dev server with hot reload
// that proxies /api to it. Ctrl-C (or SIGTERM) stops both; the API shuts PostgreSQL down cleanly.
//
//   npm run dev                      # the bookings site
//   npm run dev -- --source foh      # another source's build-time code
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const nodeBin = path.join(root, 'node_modules', '.bin', 'node');
const SOURCES = ['bookings', 'my-account', 'online-joining', 'foh'];

const { values } = parseArgs({ options: { source: { type: 'string', default: 'bookings' } } });
if (!SOURCES.includes(values.source)) {
  console.error(`Unknown source "${values.source}": use one of ${SOURCES.join(', ')}.`);
  process.exit(1);
}

if (!fs.existsSync(nodeBin) || !fs.existsSync(path.join(root, 'node_modules', 'vite'))) {
  console.log('Installing dependencies (npm ci)…');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const apiPort = Number(process.env.PORT || 3000);
const webPort = Number(process.env.DEV_WEB_PORT || 5173);
const apiUrl = `http://127.0.0.1:${apiPort}`;
const dataDir = path.resolve(root, process.env.DATA_DIR || 'data');

// The API serves a stub page per source in dev: the Vite plugin reads the <meta name="app-config">
// the API injects into it (apps/web/scripts/dev-app-config.ts), and a visit to the API's own port
// is pointed at the dev server.
const stubDist = path.join(dataDir, 'dev-web');
for (const source of SOURCES) {
  fs.mkdirSync(path.join(stubDist, source), { recursive: true });
  fs.writeFileSync(
    path.join(stubDist, source, 'index.html'),
    `<!doctype html>\n<html lang="en-GB">\n  <head>\n    <title>Development mode</title>\n  </head>\n  <body>\n    <p>Development mode: the site is at <a href="http://localhost:${webPort}/">http://localhost:${webPort}/</a>.</p>\n  </body>\n</html>\n`,
  );
}

// Each child leads its own process group, so stopping reaches the processes they start too
// (the API's PostgreSQL, Vite's esbuild) and nothing is left behind.
const children = [];
const start = (name, command, args, options) => {
  const child = spawn(command, args, { stdio: 'inherit', detached: true, ...options });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`\n${name} stopped (${signal ?? `exit code ${code}`}); stopping the rest.`);
      void stop(code || 1);
    }
  });
  children.push(child);
  return child;
};

const groupAlive = (pid) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

let stopping = false;
const stop = async (code = 0) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    try {
      // The API's watcher passes the signal to the server, which stops PostgreSQL itself after
      // closing its pool; signalling PostgreSQL directly would cut the pool's connections.
      process.kill(child === api ? child.pid : -child.pid, 'SIGINT');
    } catch {
      // already gone
    }
  }
  // The API's shutdown (HTTP, jobs, pool, PostgreSQL checkpoint) takes a moment; wait for it.
  const deadline = Date.now() + 20_000;
  while (children.some((child) => groupAlive(child.pid)) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  for (const child of children) {
    if (groupAlive(child.pid)) {
      console.error(`Process group ${child.pid} did not stop in time; killing it.`);
      process.kill(-child.pid, 'SIGKILL');
    }
  }
  process.exit(code);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

const api = start('The API', nodeBin, ['--watch', path.join(root, 'apps', 'api', 'src', 'server.ts')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    WEB_DIST_DIR: stubDist,
    // Development: the bookings pages may be framed by any origin (docs/security.md "Issue 22").
    NODE_ENV: 'development',
    PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${webPort}`,
  },
});
start('Vite', nodeBin, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), '--mode', values.source, '--port', String(webPort), '--strictPort'], {
  cwd: path.join(root, 'apps', 'web'),
  env: { ...process.env, DEV_API_URL: apiUrl },
});

console.log(
  [
    '',
    '  Development mode',
    `    site (hot reload):  http://localhost:${webPort}${values.source === 'bookings' ? '/' : `/_/${values.source}/`}   (${values.source})`,
    `    API (restarts on change): ${apiUrl}/api   docs: http://localhost:${webPort}/api/docs`,
    `    data: ${process.env.DATABASE_URL ? 'PostgreSQL at DATABASE_URL' : `embedded PostgreSQL in ${path.join(dataDir, 'postgres')}`}`,
    '  Press Ctrl-C to stop both.',
    '',
  ].join('\n'),
);
