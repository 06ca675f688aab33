import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, journeyChromiumPath } from './support/chromium.ts';

const root = path.resolve(import.meta.dirname, '..');
// A fresh database per run: the server's data lives in a new temp dir (set once, inherited by workers).
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'bookings-e2e-'));
process.env.E2E_PORT ??= String(3200 + Math.floor(Math.random() * 500));
process.env.E2E_PG_PORT ??= String(56000 + Math.floor(Math.random() * 2000));
const port = Number(process.env.E2E_PORT);
export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Journeys that book have customers of their own (support/customer.ts newCustomer), so any two
  // tests may run at once (issue 19); a file whose tests follow one another says so itself.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_500 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: path.join(root, 'test-results'),
  use: {
    baseURL,
    // A failed journey keeps its trace (actions, DOM snapshots, network) but no screencast: the
    // screenshots Playwright records for every action cost the browser and its GPU process about
    // a quarter of the journeys' CPU on the 2-core CI machine, every run, for traces that are
    // thrown away unless a journey fails (docs/platform.md "Wall time").
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false },
    launchOptions: { executablePath: journeyChromiumPath(), args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: journeyChromiumPath(), args: CHROMIUM_ARGS } } },
  ],
  webServer: {
    // E2E_CLUSTER=true: the journeys go through `npm run start:cluster`'s HAProxy and 3 instances (docs/scaling.md).
    command: `${path.join(root, 'node_modules/.bin/node')} ${path.join(root, process.env.E2E_CLUSTER === 'true' ? 'apps/api/src/cli/cluster.ts' : 'apps/api/src/server.ts')}`,
    cwd: root,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      ...(process.env as Record<string, string>),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      EMBEDDED_PG_PORT: process.env.E2E_PG_PORT,
      LOG_LEVEL: 'warn',
      // Playwright's API client reuses an idle connection without reading 'Keep-Alive: timeout=5',
      // so a request sent just as the server closed it failed with ECONNRESET (a journey's API
      // call about 5 s after its previous one). Longer than any journey's pause, as a server
      // behind a load balancer keeps connections longer than the balancer does (docs/security.md).
      KEEP_ALIVE_TIMEOUT_MS: '65000',
      // Journeys that make customers through the API say where each comes from (X-Forwarded-For,
      // support/signup.ts), so the per-address sign-up limit sees many visitors, as in real use.
      TRUST_PROXY: '127.0.0.1,::1',
      // No map tiles leave the machine during tests.
      MAP_TILE_URL: `${baseURL}/test-tiles/{z}/{x}/{y}.png`,
    },
  },
});
