/**
 * Bundle size of the bookings build (issue 3 "Measured, not asserted"): the gzipped JS and
 * CSS the home route loads before it is interactive, and what each lazy route chunk adds.
 * Reads the built files (WEB_OUT_DIR, default apps/web/dist; builds first if missing),
 * writes bench/results/bundle.json and prints one line.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '../..');
const outBase = path.resolve(process.env.WEB_OUT_DIR ?? path.join(root, 'apps/web/dist'));
const dist = path.join(outBase, 'bookings');
/** The budget: at most 125 KB of gzipped JS for the home route, everything included. */
const HOME_JS_BUDGET_KB = 125;

if (!fs.existsSync(path.join(dist, 'index.html'))) {
  const built = spawnSync(process.execPath, [path.join(root, 'apps/web/scripts/build-sources.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, WEB_OUT_DIR: outBase },
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const gzipCache = new Map<string, number>();
const gz = (file: string) => {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
};
const sum = (files: Iterable<string>, ext: string) =>
  [...files].filter((f) => f.endsWith(ext)).reduce((total, f) => total + gz(f), 0);

// What index.html loads straight away: the entry script, its modulepreloads and stylesheets.
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = new Set(
  [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!),
);

/** Every dynamic import in the built JS with the files Vite preloads for it (`__vite__mapDeps`). */
type LazyChunk = { chunk: string; deps: string[] };
const lazyChunks: LazyChunk[] = [];
for (const file of fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'))) {
  const code = fs.readFileSync(path.join(dist, 'assets', file), 'utf8');
  const table = /m\.f\|\|\(m\.f=(\[[^\]]*\])\)/.exec(code)?.[1];
  const names: string[] = table ? (JSON.parse(table) as string[]) : [];
  // import(`./X.js`) or import("./X.js"), maybe with .then(…), then the preload list.
  for (const match of code.matchAll(/import\(["`]\.\/([^"`]+\.js)["`]\)(?:\.then\([^)]*\))?(?:,__vite__mapDeps\(\[([\d,]*)\]\))?/g)) {
    const chunk = `assets/${match[1]}`;
    const deps = match[2] ? match[2].split(',').map((i) => names[Number(i)]!) : [chunk];
    if (!lazyChunks.some((c) => c.chunk === chunk)) lazyChunks.push({ chunk, deps: [...new Set([chunk, ...deps])] });
  }
}

const routeName = (chunk: string) => path.basename(chunk).replace(/-[\w-]{8}\.js$/, '');
const home = lazyChunks.find((c) => routeName(c.chunk) === 'HomeScreen');
if (!home) throw new Error('No HomeScreen chunk found in the build.');
const homeFiles = new Set([...initial, ...home.deps]);

const result = {
  measuredAt: new Date().toISOString(),
  dist,
  budgetKb: { homeJs: HOME_JS_BUDGET_KB },
  entry: { jsKb: kb(sum(initial, '.js')), cssKb: kb(sum(initial, '.css')), files: [...initial] },
  homeRoute: {
    jsKb: kb(sum(homeFiles, '.js')),
    cssKb: kb(sum(homeFiles, '.css')),
    withinBudget: kb(sum(homeFiles, '.js')) <= HOME_JS_BUDGET_KB,
    files: [...homeFiles].sort(),
  },
  // What each lazy chunk adds on top of the entry (its own file plus shared chunks not yet loaded).
  lazyChunks: lazyChunks
    .map(({ chunk, deps }) => {
      const extra = deps.filter((f) => !initial.has(f));
      return { name: routeName(chunk), chunk, ownKb: kb(gz(chunk)), addsJsKb: kb(sum(extra, '.js')), addsCssKb: kb(sum(extra, '.css')) };
    })
    .sort((a, b) => a.name.localeCompare(b.name)),
};

fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench/results/bundle.json'), `${JSON.stringify(result, null, 2)}\n`);
const biggest = [...result.lazyChunks].sort((a, b) => b.addsJsKb - a.addsJsKb)[0];
console.log(
  `bundle: home route ${result.homeRoute.jsKb} KB JS + ${result.homeRoute.cssKb} KB CSS gzipped ` +
    `(budget ${HOME_JS_BUDGET_KB} KB JS: ${result.homeRoute.withinBudget ? 'within' : 'OVER'}); ` +
    `entry ${result.entry.jsKb} KB JS; ${result.lazyChunks.length} lazy chunks, largest ${biggest?.name} +${biggest?.addsJsKb} KB`,
);
