#!/usr/bin/env node
// `npm test`: lint and typecheck (side by side), unit, API integration, then browser journeys.
// Stops at the first failure.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const allSteps = [
  ['lint', 'lint', ['run', 'lint']],
  ['typecheck', 'typecheck', ['run', 'typecheck']],
  ['unit', 'unit tests', ['run', 'test:unit']],
  ['api', 'API integration tests', ['run', 'test:api']],
  ['e2e', 'browser journeys', ['run', 'test:e2e']],
];
// `npm test -- api e2e` runs only those steps (the names in the first column), in this order.
const only = process.argv.slice(2);
const unknown = only.filter((key) => !allSteps.some(([k]) => k === key));
if (unknown.length > 0) {
  console.error(`Unknown step ${unknown.join(', ')}: choose from ${allSteps.map(([k]) => k).join(', ')}`);
  process.exit(2);
}
const steps = allSteps.filter(([key]) => only.length === 0 || only.includes(key)).map(([key, name, args]) => [name, args, key]);

/**
 * Under `faketime -m -f +30d npm test` (README "Test it") every process reads the shifted clock,
 * PostgreSQL included (apps/api/src/db/embedded.ts passes libfaketime on). libfaketime restarts an
 * interrupted epoll wait, which stops PostgreSQL's lock_timeout from firing; a small library
 * preloaded before it sends those calls straight to the C library. Built here with the machine's
 * C compiler, into a directory the PostgreSQL user can read.
 */
const withEpollPassThrough = (env) => {
  const preload = env.LD_PRELOAD ?? '';
  if (!/libfaketime/.test(preload) || /libepoll-passthrough/.test(preload)) return env;
  const source = path.join(import.meta.dirname, 'faketime/epoll-passthrough.c');
  const digest = createHash('sha256').update(fs.readFileSync(source)).digest('hex').slice(0, 12);
  const dir = path.join(os.tmpdir(), `leisure-faketime-${digest}`);
  const library = path.join(dir, 'libepoll-passthrough.so');
  if (!fs.existsSync(library)) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
    const built = spawnSync('cc', ['-shared', '-fPIC', '-O2', '-o', `${library}.tmp`, source, '-ldl'], { stdio: 'inherit' });
    if (built.status !== 0) {
      console.error('✖ a shifted clock needs a C compiler (cc) to build scripts/faketime/epoll-passthrough.c');
      process.exit(1);
    }
    fs.chmodSync(`${library}.tmp`, 0o755);
    fs.renameSync(`${library}.tmp`, library);
  }
  console.log(`Shifted clock (libfaketime): PostgreSQL's waits go through ${library}`);
  return { ...env, LD_PRELOAD: `${library} ${preload}` };
};

const env = withEpollPassThrough(process.env);

/**
 * Lint and typecheck are one single-threaded process each and read the same files: on the 2-core
 * CI machine they run side by side (about 30 s saved, docs/platform.md "Wall time"), each one's
 * output printed whole when it ends so the two never interleave. Every later step uses all cores.
 */
const SIDE_BY_SIDE = new Set(['lint', 'typecheck']);

const runBuffered = (name, args) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`\n▶ ${name}`);
      process.stdout.write(Buffer.concat(output));
      if (status === 0) console.log(`✔ ${name} (${seconds}s)`);
      else console.error(`\n✖ ${name} failed after ${seconds}s`);
      resolve(status ?? 1);
    });
  });

const runInline = (name, args) => {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync('npm', args, { stdio: 'inherit', env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds}s`);
    return result.status ?? 1;
  }
  console.log(`✔ ${name} (${seconds}s)`);
  return 0;
};

const sideBySide = steps.filter(([, , key]) => SIDE_BY_SIDE.has(key));
const inOrder = steps.filter(([, , key]) => !SIDE_BY_SIDE.has(key));
const firstFailure = (statuses) => statuses.find((status) => status !== 0);

const together = firstFailure(await Promise.all(sideBySide.map(([name, args]) => runBuffered(name, args))));
if (together !== undefined) process.exit(together);
for (const [name, args] of inOrder) {
  const status = runInline(name, args);
  if (status !== 0) process.exit(status);
}
