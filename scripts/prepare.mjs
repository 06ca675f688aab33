// What `npm start` and `npm run start:cluster` do before a server runs: install what is missing,
// build the web bundles when they are missing or older than their sources. Plain JavaScript on
// purpose: on a fresh clone this runs on whatever Node the machine has.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The project's pinned Node (node@24), installed by npm ci. */
export const nodeBin = path.join(root, 'node_modules', '.bin', 'node');

const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const newestMtime = (dir) => {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath ?? entry.path, entry.name);
    if (full.includes(`${path.sep}node_modules${path.sep}`)) continue;
    newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
};

/** Installs dependencies when missing and (re)builds the web app when stale; exits on failure. */
export const prepare = () => {
  if (!fs.existsSync(nodeBin) || !fs.existsSync(path.join(root, 'node_modules', 'fastify'))) {
    console.log('Installing dependencies (npm ci)…');
    run('npm', [fs.existsSync(path.join(root, 'package-lock.json')) ? 'ci' : 'install', '--no-audit', '--no-fund']);
  }

  const web = path.join(root, 'apps', 'web');
  // The server serves WEB_DIST_DIR when set, so that is where a missing build goes.
  const distDir = path.resolve(root, process.env.WEB_DIST_DIR ?? path.join(web, 'dist'));
  const stamp = path.join(distDir, '.build-stamp');
  const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  const sourcesAt = Math.max(
    newestMtime(path.join(web, 'src')),
    newestMtime(path.join(web, 'public')),
    newestMtime(path.join(root, 'packages', 'contract', 'src')),
    fs.statSync(path.join(web, 'index.html')).mtimeMs,
    fs.statSync(path.join(web, 'vite.config.ts')).mtimeMs,
  );
  if (process.env.SKIP_WEB_BUILD !== 'true' && sourcesAt > builtAt) {
    console.log('Building the web app…');
    const result = spawnSync(nodeBin, [path.join(web, 'scripts', 'build-sources.ts')], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, WEB_OUT_DIR: distDir },
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
};

/**
 * Runs `script` on the pinned Node in the foreground. Ctrl-C reaches the whole process group;
 * SIGTERM sent to this process alone is passed on. This process waits for the child's clean
 * shutdown and exits with its code.
 */
export const runForeground = (script) => {
  const child = spawn(nodeBin, [path.join(root, script)], { cwd: root, stdio: 'inherit' });
  process.on('SIGINT', () => child.kill('SIGINT'));
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
};
