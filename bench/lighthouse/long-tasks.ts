/// <reference lib="dom" />
/**
 * Long tasks at load, build against build (issue 28, docs/performance.md "Public pages: pricing,
 * not found, TBT"): on a shared machine Lighthouse's TBT moves with the load more than with the
 * page, so this starts one server per build (LONG_TASKS_DISTS=dirA,dirB), opens each page in
 * Chromium with the CPU slowed 4x, alternating the builds run by run (LONG_TASKS_RUNS, default 5),
 * and records every long task (> 50 ms) from navigation until the app is live plus 2 s: their
 * count, the longest, and their blocking time (the sum of each one's time over 50 ms, TBT's rule,
 * without Lighthouse's simulation). A page that names a site (pages.ts `login`) is opened logged in
 * as the demo customer; page errors (a hydration error among them) are counted. Prints medians
 * per build and page, and each run's tasks.
 * Run: node bench/lighthouse/long-tasks.ts
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../../e2e/support/chromium.ts';
import { freePort, NODE, ROOT } from '../../e2e/support/server-process.ts';
import { waitForHealth } from '../support/health.ts';
import { BENCH_PAGES } from './pages.ts';

const dists = (process.env.LONG_TASKS_DISTS ?? path.join(ROOT, 'apps/web/dist')).split(',').map((dir) => path.resolve(dir));
const RUNS = Number(process.env.LONG_TASKS_RUNS ?? 5);
const names = process.env.LONG_TASKS_PAGES?.split(',') ?? ['timetable', 'course-details', 'pricing'];
const pages = BENCH_PAGES.filter((page) => names.includes(page.name));

const startServer = async (webDist: string) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-long-tasks-'));
  const [port, pgPort] = [await freePort(), await freePort()];
  const child = spawn(NODE, [path.join(ROOT, 'apps/api/src/server.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), EMBEDDED_PG_PORT: String(pgPort), DATA_DIR: dataDir, WEB_DIST_DIR: webDist, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://localhost:${port}`;
  await waitForHealth(base, () => child.exitCode === null);
  return {
    base,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

type Run = { tasks: { start: number; duration: number }[]; blockingMs: number; longestMs: number; pageErrors: number };
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const servers = await Promise.all(dists.map(startServer));
// Stopped early (Ctrl-C, kill): stop the servers and their databases too.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void Promise.allSettled(servers.map((server) => server.stop())).finally(() => process.exit(130)));
}
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
const results = new Map<string, Run[]>();
try {
  for (let run = 0; run < RUNS; run++) {
    for (const page of pages) {
      // Alternate the builds' order run by run, so neither always goes first.
      const order = run % 2 === 0 ? servers.map((_, i) => i) : servers.map((_, i) => servers.length - 1 - i);
      for (const i of order) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
        const tab = await context.newPage();
        const cdp = await context.newCDPSession(tab);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await tab.addInitScript(() => {
          const record = window as unknown as { longTasks: { start: number; duration: number }[] };
          record.longTasks = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) record.longTasks.push({ start: Math.round(entry.startTime), duration: Math.round(entry.duration) });
          }).observe({ type: 'longtask', buffered: true });
        });
        // A page that names a site is measured logged in as the demo customer (the context's cookie jar).
        if (page.login) {
          const login = await context.request.post(`${servers[i]!.base}/api/auth/customer/login`, {
            headers: { 'x-source': page.login },
            data: { username: 'customer@example.com', password: 'Demo1234!' },
          });
          if (!login.ok()) throw new Error(`login for ${page.path} failed: ${login.status()}`);
        }
        // A hydration error (React's 418) throws the server's HTML away and draws the screen again: counted.
        let pageErrors = 0;
        tab.on('pageerror', () => (pageErrors += 1));
        await tab.goto(`${servers[i]!.base}${page.path}`);
        await tab.locator('html[data-ready="true"]').waitFor({ state: 'attached', timeout: 60_000 });
        await tab.waitForTimeout(2000);
        const tasks = await tab.evaluate(() => (window as unknown as { longTasks: { start: number; duration: number }[] }).longTasks);
        await context.close();
        const key = `${path.basename(dists[i]!)} ${page.name}`;
        const entry: Run = {
          tasks,
          blockingMs: tasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
          longestMs: Math.max(0, ...tasks.map((task) => task.duration)),
          pageErrors,
        };
        results.set(key, [...(results.get(key) ?? []), entry]);
        console.log(
          `${key} run ${run + 1}: ${tasks.length} long tasks, longest ${entry.longestMs} ms, blocking ${entry.blockingMs} ms, page errors ${pageErrors} [${tasks.map((t) => `${t.duration}@${t.start}`).join(' ')}]`,
        );
      }
    }
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((server) => server.stop()));
}
console.log(`\nmedians of ${RUNS} runs (CPU 4x slower, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}):`);
for (const [key, runs] of results) {
  console.log(
    `${key}: long tasks ${median(runs.map((r) => r.tasks.length))}, longest ${median(runs.map((r) => r.longestMs))} ms, blocking ${median(runs.map((r) => r.blockingMs))} ms, runs with a page error ${runs.filter((r) => r.pageErrors > 0).length} of ${runs.length}`,
  );
}
