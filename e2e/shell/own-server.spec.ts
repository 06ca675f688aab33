/// <reference lib="dom" />
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/a11y.ts';
import { freePort, NODE, ROOT, startServer, waitForHealthy, type RunningServer } from '../support/server-process.ts';
import { embeddedConnectionString } from '../../apps/api/src/db/embedded.ts';

/**
 * Journeys that change the client's settings (maintenance, footer HTML, tag manager) run
 * against a server of their own, so they never disturb the shared one.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let server: RunningServer;
let env: Record<string, string>;
let site: string;
let dbUrl: string;

const sql = async (text: string, values: unknown[] = []) => {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
};

/** The operator's command (docs/shell.md), run as an operator would while the server is up. */
const maintenance = (mode: 'on' | 'off') => {
  const result = spawnSync(NODE, [path.join(ROOT, 'apps/api/src/cli/client-maintenance.ts'), mode, '--client', 'active-north-west'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
};

test.beforeAll(async () => {
  // A server of its own: a new cluster, the migrations and the demo data take over 30 s on a
  // busy 2-core machine (the file's configured timeout covers its tests, not this hook).
  test.setTimeout(120_000);
  const [port, pgPort] = [await freePort(), await freePort()];
  env = {
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bookings-shell-')),
    PORT: String(port),
    EMBEDDED_PG_PORT: String(pgPort),
    // Hosts not in client_domains fall back to this client, which does not exist.
    DEFAULT_CLIENT: 'no-such-client',
  };
  site = `http://localhost:${port}`;
  server = startServer(env);
  await waitForHealthy(server, port);
  dbUrl = embeddedConnectionString(path.join(env.DATA_DIR!, 'postgres'), pgPort);
});

test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(env.DATA_DIR!, { recursive: true, force: true });
});

test('a client in maintenance shows the maintenance page, and the site returns when it ends', async ({ page }) => {
  expect(maintenance('on')).toContain("Client 'active-north-west' is in maintenance");
  try {
    await page.goto(`${site}/basket`);
    await expect(page.getByRole('heading', { name: 'Service disruption' })).toBeVisible();
    await expect(page.getByText('Unable to access the site due to planned maintenance.')).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page).toHaveTitle('Bookings | Service disruption');
    await expectNoAxeViolations(page);
  } finally {
    maintenance('off');
  }
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping basket' })).toBeVisible();
});

test('any other theme failure shows the full-page error', async ({ page }) => {
  // A host the operator never configured: the theme request answers 404.
  const port = new URL(site).port;
  await page.goto(`http://unconfigured.localhost:${port}/basket`);
  await expect(page.getByRole('heading', { name: 'We may have dropped the ball on this one.' })).toBeVisible();
  await expect(
    page.getByText('The page failed to load correctly. Try refreshing the page or return to the home page.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
  await expectNoAxeViolations(page);
});

test("hostile footer HTML is shown without running any of it", async ({ page, context }) => {
  await sql(`UPDATE venues SET footer_html = $1 WHERE slug = 'bury-leisure-centre'`, [
    [
      '<h2 onmouseover="window.pwned=1">Bury Leisure Centre</h2>',
      '<script>window.pwned = 2</script>',
      '<img src="https://example.invalid/x.png" onerror="window.pwned=3" alt="Pool">',
      '<a href="javascript:window.pwned=4">Opening times</a>',
      '<p>Open every day</p>',
    ].join(''),
  ]);
  await context.addCookies([
    {
      name: 'selected_venue',
      value: encodeURIComponent(JSON.stringify({ slug: 'bury-leisure-centre', selectedSlugs: ['bury-leisure-centre'] })),
      url: site,
    },
  ]);
  await page.route('https://example.invalid/**', (route) => route.abort());
  await page.goto(`${site}/basket`);
  const footer = page.getByTestId('venue-footer');
  await expect(footer.getByRole('heading', { name: 'Bury Leisure Centre' })).toBeVisible();
  await expect(footer).toContainText('Open every day');
  await footer.getByRole('heading', { name: 'Bury Leisure Centre' }).hover();
  await footer.getByText('Opening times').click();
  const html = await footer.innerHTML();
  expect(html).not.toMatch(/onmouseover|onerror|<script|javascript:/i);
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
});

test('page views go to the tag manager when the client configures it, except on redirect pages', async ({ page }) => {
  await sql(`UPDATE clients SET gtm_id = 'GTM-TEST1', gtm_auth = 'abc', gtm_preview = 'env-5' WHERE slug = 'active-north-west'`);
  const gtmRequests: string[] = [];
  await page.route('https://www.googletagmanager.com/**', (route) => {
    gtmRequests.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: '' });
  });
  try {
    await page.goto(`${site}/basket`);
    await expect(page.getByRole('heading', { level: 1, name: 'Shopping basket' })).toBeVisible();
    await expect.poll(() => gtmRequests.length).toBe(1);
    const url = new URL(gtmRequests[0]!);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ id: 'GTM-TEST1', gtm_auth: 'abc', gtm_preview: 'env-5' });
    const pageViews = () =>
      page.evaluate(() =>
        ((window as unknown as { dataLayer: { event: string; page?: { path: string } }[] }).dataLayer ?? [])
          .filter((entry) => entry.event === 'pageview')
          .map((entry) => entry.page?.path),
      );
    await expect.poll(pageViews).toEqual(['/basket']);
    // The redirect page sends the visitor home; only the home page counts.
    await page.getByRole('main').getByRole('link', { name: 'Book an activity' }).click();
    await expect(page).toHaveURL(`${site}/`);
    await expect.poll(pageViews).toEqual(['/basket', '/']);
  } finally {
    await sql(`UPDATE clients SET gtm_id = NULL, gtm_auth = NULL, gtm_preview = NULL`);
  }
});

test("'Buy a membership' shows only when the client has online joining enabled", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await sql(`UPDATE clients SET online_joining_enabled = false WHERE slug = 'active-north-west'`);
  try {
    await page.goto(`${site}/basket`);
    await expect(page.getByTestId('nav-links').getByRole('link')).toHaveText(['Book an activity']);
  } finally {
    await sql(`UPDATE clients SET online_joining_enabled = true WHERE slug = 'active-north-west'`);
  }
  await page.reload();
  await expect(page.getByTestId('nav-links').getByRole('link')).toHaveText(['Book an activity', 'Buy a membership']);
});
