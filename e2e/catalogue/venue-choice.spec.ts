import { expect, test } from '@playwright/test';
import { chooseVenue } from './helpers.ts';
import { waitForApp } from '../support/app.ts';

test.describe('choosing a venue on the home page', () => {
  test('searches venues by name as you type, case-insensitively, showing name and address cards', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Bookings | Choose a venue');
    const list = page.getByTestId('venue-list');
    await expect(list.getByTestId('venue-card').first()).toBeVisible();
    expect(await list.getByTestId('venue-card').count()).toBeGreaterThanOrEqual(16);

    await page.getByTestId('search-venue').fill('LEISURE cen');
    // The list filters as the name is typed: wait for it to show the matches, not the list before.
    const matching = async () => (await list.getByTestId('venue-name').allInnerTexts()).map((name) => name.toLowerCase().includes('leisure cen'));
    await expect.poll(matching).not.toContain(false);
    expect((await matching()).length).toBeGreaterThan(2);

    await page.getByTestId('search-venue').fill('adcli');
    await expect(list.getByTestId('venue-card')).toHaveCount(1);
    await expect(list.getByTestId('venue-name')).toHaveText('Radcliffe Leisure Centre');
    await expect(list.getByTestId('venue-address')).toHaveText('Green Street, Radcliffe M26 2EY');
  });

  test('says what to do when no venue matches the name', async ({ page }) => {
    await page.goto('/');
    // The search box is server-rendered; type once the app is live (hydrated).
    await waitForApp(page);
    await page.getByTestId('search-venue').fill('atlantis');
    await expect(page.getByRole('heading', { name: 'No venues match "atlantis"' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(page.getByTestId('venue-card').first()).toBeVisible();
  });

  test('what a customer types before the page has finished loading still filters the list', async ({ page }) => {
    // Hold every script back (the starter of server-rendered pages and the app's chunks), so the
    // server-rendered search box is typed into before the app can have hydrated it.
    const scripts = /\/(start-after-paint\.js|assets\/[^/]+\.js)$/;
    const held: Array<() => Promise<void>> = [];
    let released = false;
    await page.route(scripts, async (route) => {
      if (released) await route.continue();
      else held.push(() => route.continue());
    });
    await page.goto('/', { waitUntil: 'commit' });
    const search = page.getByTestId('search-venue');
    await search.fill('adcli');
    // The page did ask for its scripts, and none has run yet.
    await expect.poll(() => held.length).toBeGreaterThan(0);
    released = true;
    await Promise.all(held.map((release) => release()));

    const list = page.getByTestId('venue-list');
    await expect(list.getByTestId('venue-card')).toHaveCount(1);
    await expect(list.getByTestId('venue-name')).toHaveText('Radcliffe Leisure Centre');
    await expect(search).toHaveValue('adcli');
  });

  test('remembers the selected venue after a reload', async ({ page }) => {
    await chooseVenue(page, 'radcliffe', 'Radcliffe Leisure Centre');
    await expect(page.getByTestId('select-venue')).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(page.getByTestId('selected-venue')).toContainText('Radcliffe Leisure Centre');
    await expect(page.getByTestId('selected-venue').getByRole('link', { name: 'Book an activity' })).toHaveAttribute(
      'href',
      '/location/radcliffe-leisure-centre',
    );
    const cookies = await page.context().cookies();
    const remembered = JSON.parse(decodeURIComponent(cookies.find((c) => c.name === 'selected_venue')!.value)) as {
      slug: string;
      selectedSlugs: string[];
    };
    expect(remembered).toEqual({ slug: 'radcliffe-leisure-centre', selectedSlugs: ['radcliffe-leisure-centre'] });
  });

  test('offers no selection button for a venue that does not take online bookings', async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);
    await page.getByTestId('search-venue').fill('Ramsbottom');
    const card = page.getByTestId('venue-card');
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('select-venue')).toHaveCount(0);
    await expect(card).toContainText("online booking isn't available here");
  });
});

test.describe('map search by radius', () => {
  test("finds the demo venues within 5 miles of 'Bury', nearest first, with distances in miles to one decimal", async ({ page }) => {
    await page.goto('/');
    // Server-rendered; its script starts after the first paint (docs/performance.md "Lighthouse").
    await waitForApp(page);
    await page.getByRole('button', { name: 'Search by location' }).click();
    await expect(page.getByLabel('Distance')).toHaveValue('5');
    await page.getByLabel('Town, city or village').fill('Bury');
    await page.getByRole('button', { name: 'Search', exact: true }).click();

    await expect(page.getByRole('heading', { name: /venues within 5 miles of Bury, England/ })).toBeVisible();
    const list = page.getByTestId('venue-list');
    const names = await list.getByTestId('venue-name').allInnerTexts();
    expect(names[0]).toBe('Bury Leisure Centre');
    expect(names).toEqual(expect.arrayContaining(['Radcliffe Leisure Centre', 'Whitefield Sports Centre', 'Heywood Sports Village']));
    expect(names).not.toContain('Manchester City Centre Pool & Gym');

    const distances = (await list.getByText(/miles? away$/).allInnerTexts()).map((text) => {
      expect(text).toMatch(/^\d+\.\d miles? away$/);
      return Number.parseFloat(text);
    });
    expect(distances).toHaveLength(names.length);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(Math.max(...distances)).toBeLessThanOrEqual(5);

    // The map draws the markers itself: it works with no map tiles reachable (tests block them).
    await expect(page.getByRole('region', { name: 'Map of venues' })).toBeVisible();
    await expect(page.locator('.venue-pin, .venue-cluster').first()).toBeVisible();
  });

  test('a larger radius finds more venues, and an unknown place says what to try', async ({ page }) => {
    await page.goto('/');
    // Server-rendered; its script starts after the first paint (docs/performance.md "Lighthouse").
    await waitForApp(page);
    await page.getByRole('button', { name: 'Search by location' }).click();
    await page.getByLabel('Town, city or village').fill('Bury');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const cards = page.getByTestId('venue-list').getByTestId('venue-card');
    await expect(cards.first()).toBeVisible();
    const withinFive = await cards.count();
    await page.getByLabel('Distance').selectOption('10');
    await expect(page.getByRole('heading', { name: /within 10 miles of Bury/ })).toBeVisible();
    expect(await cards.count()).toBeGreaterThan(withinFive);
    await expect(cards.getByTestId('venue-name').filter({ hasText: 'Manchester City Centre Pool & Gym' })).toBeVisible();

    await page.getByLabel('Town, city or village').fill('Qwertyuiop');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText("We couldn't find \"Qwertyuiop\" in Great Britain");
  });

  test("'Use my location' lists the venues near the browser's position", async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      geolocation: { latitude: 53.5617, longitude: -2.3268 },
      permissions: ['geolocation'],
    });
    const page = await context.newPage();
    await page.goto('/');
    // Server-rendered; its script starts after the first paint (docs/performance.md "Lighthouse").
    await waitForApp(page);
    await page.getByRole('button', { name: 'Search by location' }).click();
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect(page.getByRole('heading', { name: /within 5 miles of your location/ })).toBeVisible();
    await expect(page.getByTestId('venue-list').getByTestId('venue-name').first()).toHaveText('Radcliffe Leisure Centre');
    await expect(page.getByTestId('venue-list').getByText('0.0 miles away')).toBeVisible();
    await context.close();
  });

  test("'Use my location' explains what to do when the browser refuses", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, permissions: [] });
    const page = await context.newPage();
    await page.goto('/');
    // Server-rendered; its script starts after the first paint (docs/performance.md "Lighthouse").
    await waitForApp(page);
    await page.getByRole('button', { name: 'Search by location' }).click();
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect(page.getByRole('alert')).toContainText("We couldn't get your location");
    await context.close();
  });

  test('selecting a venue from the map results remembers it', async ({ page }) => {
    await page.goto('/');
    // Server-rendered; its script starts after the first paint (docs/performance.md "Lighthouse").
    await waitForApp(page);
    await page.getByRole('button', { name: 'Search by location' }).click();
    await page.getByLabel('Town, city or village').fill('Rochdale');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const card = page.getByTestId('venue-card').filter({ hasText: 'Rochdale Leisure Centre' });
    await card.getByTestId('select-venue').click();
    await expect(page.getByTestId('selected-venue')).toContainText('Rochdale Leisure Centre');
  });
});
