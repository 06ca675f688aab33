import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { NODE, ROOT, freePort } from '../support/server-process.ts';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

const HOME_SCREEN = path.join(ROOT, 'apps/web/src/features/venues/HomeScreen.tsx');
const HEADING = "{t('home.heading')}</h1>";
const API_FILE = path.join(ROOT, 'apps/api/src/modules/health/routes.ts');

test('npm run dev serves the site with hot reload, restarts the API on change, and stops cleanly', async ({ page }) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookings-dev-'));
  fs.chmodSync(dataDir, 0o755);
  const [apiPort, webPort, pgPort] = [await freePort(), await freePort(), await freePort()];
  const child = spawn(NODE, [path.join(ROOT, 'scripts/dev.mjs')], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(apiPort), DEV_WEB_PORT: String(webPort), EMBEDDED_PG_PORT: String(pgPort), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const original = fs.readFileSync(HOME_SCREEN, 'utf8');
  const site = `http://localhost:${webPort}`;
  const apiHealthy = () => fetch(`${site}/api/health`).then((r) => r.status === 200, () => false);

  try {
    await expect.poll(apiHealthy, { timeout: 120_000, intervals: [250] }).toBe(true);
    expect(output).toContain(`site (hot reload):  ${site}/`);

    // The page runs with the configuration the API injects in production.
    await page.goto(`${site}/`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('meta[name="app-config"]')).toHaveAttribute('content', /"apiBase":"\/api"/);
    await expect(page.getByTestId('venue-card').first()).toBeVisible({ timeout: 30_000 });

    // On a cold dependency cache Vite may reload the first visit once, after it has crawled the
    // page's imports ("optimized dependencies changed. reloading"). The second visit starts from
    // a settled cache, so a reload seen below comes from the edit itself.
    await page.reload();
    await expect(page.getByTestId('venue-card').first()).toBeVisible({ timeout: 30_000 });
    const consoleLines: string[] = [];
    page.on('console', (message) => consoleLines.push(message.text().slice(0, 300)));
    page.on('load', () => consoleLines.push('(the page loaded again)'));

    // Hot reload: the edit shows on the same page, without a reload.
    expect(original, 'the heading this test edits has moved').toContain(HEADING);
    await page.evaluate(() => ((window as { devModeMarker?: boolean }).devModeMarker = true));
    const edited = original.replace(HEADING, "{t('home.heading')} (hot reloaded)</h1>");
    // The watcher may still be taking its first look at the tree on a busy machine and miss one
    // write: each look that does not find the edit on the page writes it again.
    await expect
      .poll(
        async () => {
          const heading = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
          if (!heading.includes('(hot reloaded)')) fs.writeFileSync(HOME_SCREEN, edited);
          return heading;
        },
        { timeout: 60_000, intervals: [5_000] },
      )
      .toContain('(hot reloaded)');
    expect(
      await page.evaluate(() => (window as { devModeMarker?: boolean }).devModeMarker),
      `the edit reloaded the page instead of replacing the module.\nbrowser console:\n${consoleLines.join('\n')}\nvite:\n${output
        .split('\n')
        .filter((line) => line.includes('vite') || line.includes('hmr'))
        .slice(-20)
        .join('\n')}`,
    ).toBe(true);
    fs.writeFileSync(HOME_SCREEN, original);

    // A change to a file the API imports restarts it, through its clean shutdown.
    const now = new Date();
    fs.utimesSync(API_FILE, now, now);
    await expect.poll(() => output.match(/Bookings is running/g)?.length ?? 0, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
    expect(output).toContain('Restarting');
    expect(output).toContain('stopped cleanly');
    await expect.poll(apiHealthy, { timeout: 30_000 }).toBe(true);
  } finally {
    fs.writeFileSync(HOME_SCREEN, original);
    child.kill('SIGINT');
    expect(await exited).toBe(0);
  }
  // PostgreSQL removes its pid file only on a clean shutdown; nothing is left listening.
  expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  expect(await fetch(`${site}/`).then(() => 'answering', () => 'closed')).toBe('closed');
  expect(await fetch(`http://127.0.0.1:${apiPort}/api/health`).then(() => 'answering', () => 'closed')).toBe('closed');
  fs.rmSync(dataDir, { recursive: true, force: true });
});
