/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import { expectFocusVisibleAndClear, focusedName, tabUntil } from '../support/a11y.ts';
import { CUSTOMER } from '../support/login.ts';
import { accountSite } from './routes.ts';
import { waitForApp } from '../support/app.ts';

/*
 * Keyboard-only journeys (WCAG 2.1.1, 2.4.3, 2.4.7, 2.4.11, 4.1.3): no mouse, and after every
 * key press the focused element is on screen, clear of the sticky header and never <body>.
 * The timetable, basket and checkout journeys join these as those screens are built.
 */

const announcer = (page: Page) => page.locator('#a11y-announcer');

/** Presses `key` and checks where focus went. */
const press = async (page: Page, key: string) => {
  await page.keyboard.press(key);
  await expectFocusVisibleAndClear(page, key);
};

/** After an in-app page change: focus is on the new page's <h1> and its title is announced. */
const expectNewPage = async (page: Page, heading: string) => {
  const h1 = page.getByRole('heading', { level: 1, name: heading });
  await expect(h1).toBeFocused();
  await expectFocusVisibleAndClear(page, `opening "${heading}"`);
  await expect(announcer(page)).toHaveText(/Bookings \| \S/);
};

/** The shell and the screen are up (a Tab before then would land nowhere). */
const open = async (page: Page, path: string) => {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByTestId('loading-spinner')).toHaveCount(0);
  // Server-rendered pages show the heading before they hydrate; keys pressed before then are lost.
  await waitForApp(page);
};

const typeText = async (page: Page, text: string) => {
  await page.keyboard.type(text);
  await expectFocusVisibleAndClear(page, `typing "${text}"`);
};

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('find a venue by name, then choose an activity and a course', async ({ page }) => {
      // A genuinely long journey: three screens and two page loads, every key press checked for focus.
      test.slow();
      await open(page, '/');
      await press(page, 'Tab');
      expect(await focusedName(page)).toBe('Skip to main content');
      await press(page, 'Enter');
      await tabUntil(page, 'Venue name');
      await typeText(page, 'bury');
      // The count is announced once typing has paused, not once per key.
      await expect(announcer(page)).toHaveText(/venues? match(es)? "bury"/);
      await tabUntil(page, 'Select venue: Bury Leisure Centre');
      await press(page, 'Enter');
      await expect(page.getByTestId('selected-venue')).toBeFocused();

      await tabUntil(page, 'Book an activity', { max: 5 });
      await press(page, 'Enter');
      await expectNewPage(page, 'What would you like to do?');
      await tabUntil(page, 'Racket Sports');
      await press(page, 'Enter');
      await expectNewPage(page, 'Racket Sports');

      await open(page, '/courses/location/bury-leisure-centre');
      await tabUntil(page, 'Learn to Swim Stage 1');
      await press(page, 'Enter');
      await expectNewPage(page, 'Learn to Swim Stage 1');
    });

    test('Shift+Tab back through every venue card keeps each focused button clear of the header', async ({ page }) => {
      await open(page, '/');
      await expect(page.getByTestId('venue-card').first()).toBeVisible();
      await page.getByRole('link', { name: 'Find a venue' }).focus();
      await tabUntil(page, 'Venue name', { backwards: true, max: 60 });
    });

    test('find a venue by town: the results list comes before the map, pins after it in the same order', async ({ page }) => {
      await open(page, '/');
      await tabUntil(page, 'Search by location');
      await press(page, 'Enter');
      await expect(page.getByLabel('Town, city or village')).toBeVisible();
      await tabUntil(page, 'Town, city or village');
      await typeText(page, 'Bury');
      await press(page, 'Enter');
      await expect(page.getByTestId('venue-list')).toBeVisible();
      // Straight from the search form to the nearest venue: no map stops in between.
      const presses = await tabUntil(page, /^Select venue: /, { max: 5 });
      expect(presses).toBeLessThanOrEqual(4);
      expect(await focusedName(page)).toBe('Select venue: Bury Leisure Centre');

      const listOrder = await page.getByTestId('venue-list').getByTestId('venue-name').allInnerTexts();
      await expect(page.locator('.venue-pin').first()).toBeVisible();
      // Past the list: the pins in view (a cluster stands for the rest), in the list's order.
      const focusedPin = () =>
        page.evaluate(() => (document.activeElement?.classList.contains('venue-pin') ? document.activeElement.getAttribute('title') : null));
      let pin: string | null = null;
      for (let i = 0; i < 40 && !pin; i += 1) {
        await press(page, 'Tab');
        pin = await focusedPin();
      }
      const pins: string[] = [];
      while (pin) {
        pins.push(pin);
        await press(page, 'Tab');
        pin = await focusedPin();
      }
      // Pins of listed venues first, in the list's order; then pins of venues outside the radius.
      const listed = pins.filter((name) => listOrder.includes(name));
      expect(listed.length).toBeGreaterThan(0);
      expect(pins.slice(0, listed.length)).toEqual(listed);
      expect(listed).toEqual(listOrder.filter((name) => listed.includes(name)));
      const offScreenFocusable = await page.evaluate(() => {
        const view = document.querySelector('.leaflet-container')!.getBoundingClientRect();
        return [...document.querySelectorAll<HTMLElement>('.leaflet-marker-icon')].filter((icon) => {
          const box = icon.getBoundingClientRect();
          const x = (box.left + box.right) / 2;
          const y = (box.top + box.bottom) / 2;
          return icon.tabIndex >= 0 && (x < view.left || x > view.right || y < view.top || y > view.bottom);
        }).length;
      });
      expect(offScreenFocusable).toBe(0);
    });

    test('pressing a map pin takes focus to its venue in the list', async ({ page }) => {
      await open(page, '/');
      await page.getByRole('button', { name: 'Search by location' }).click();
      await page.getByLabel('Town, city or village').fill('Bury');
      await page.keyboard.press('Enter');
      await expect(page.locator('.venue-pin').first()).toBeVisible();
      const title = await page.locator('.venue-pin').first().getAttribute('title');
      const pin = page.locator(`.venue-pin[title="${title}"]`);
      await pin.focus();
      await press(page, 'Enter');
      // Its 'Select venue' button, or the phone link of a venue not bookable online.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.closest('[data-testid="venue-card"]')?.querySelector('[data-testid="venue-name"]')?.textContent))
        .toBe(title);
      // Highlighted in place, not redrawn.
      await expect(pin).toHaveClass(/venue-pin--highlighted/);
    });

    test('log in from the modal: an empty submit focuses the error summary, its link the field, then focus lands on My account', async ({ page }) => {
      await open(page, '/');
      await tabUntil(page, 'Log in');
      await press(page, 'Enter');
      const modal = page.getByTestId('login-modal');
      await expect(modal).toBeVisible();
      // The form is loaded when the modal first opens; until it is there the close button is
      // the dialog's only stop, and Tab would leave the page for the browser's own controls.
      await expect(modal.getByLabel('Email or customer reference')).toBeVisible();
      // Issue 21: the first field has focus, not the close button.
      await expect(modal.getByLabel('Email or customer reference')).toBeFocused();
      await tabUntil(page, 'Log in');
      await press(page, 'Enter');
      // An empty submit focuses the error summary (issue 21); its first link leads to the field,
      // whose message is its description.
      await expect(modal.getByTestId('error-summary')).toBeFocused();
      await press(page, 'Tab');
      await expect(modal.getByRole('link', { name: 'Enter your email address or customer reference' })).toBeFocused();
      await press(page, 'Enter');
      const username = modal.getByLabel('Email or customer reference');
      await expect(username).toBeFocused();
      await expect(username).toHaveAccessibleDescription('Enter your email address or customer reference');
      await typeText(page, CUSTOMER.email);
      await press(page, 'Tab');
      await typeText(page, CUSTOMER.password);
      await press(page, 'Enter');
      await expect(modal).toBeHidden();
      await expect(page.getByTestId('my-account-button')).toBeFocused();
      await expectFocusVisibleAndClear(page, 'logging in');
      await expect(announcer(page)).toHaveText('You are now logged in');
    });
  });
}

test.describe('the mobile menu', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('opens on its first item, logs in and out, and its links move focus to the new page', async ({ page }) => {
    await open(page, '/');
    await page.getByTestId('search-venue').fill('bury');
    await page.getByRole('button', { name: 'Select venue: Bury Leisure Centre' }).click();
    await page.getByTestId('selected-venue').focus();

    await tabUntil(page, 'Open menu', { backwards: true });
    await press(page, 'Enter');
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: 'Book an activity' })).toBeFocused();
    await press(page, 'Enter');
    await expect(menu).toBeHidden();
    await expectNewPage(page, 'What would you like to do?');

    // Log in from the menu.
    await tabUntil(page, 'Open menu', { backwards: true });
    await press(page, 'Enter');
    await tabUntil(page, 'Log in');
    await press(page, 'Enter');
    const modal = page.getByTestId('login-modal');
    await expect(modal).toBeVisible();
    // The form is a lazy chunk; once it is there its first field has focus (issue 21).
    await expect(modal.getByLabel('Email or customer reference')).toBeFocused();
    await typeText(page, CUSTOMER.email);
    await press(page, 'Tab');
    await typeText(page, CUSTOMER.password);
    await press(page, 'Enter');
    await expect(modal).toBeHidden();
    await expect(page.getByTestId('my-account-button')).toBeFocused();

    // Log out from the menu: the next page says so and focuses 'Log in'.
    await tabUntil(page, 'Open menu');
    await press(page, 'Enter');
    await tabUntil(page, 'Log out');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('login-button')).toBeFocused();
    // With the log-out toast on screen, it covers neither the focused 'Log in' nor the header.
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('You are now logged out');
    await expectFocusVisibleAndClear(page, 'logging out');
    await expect(announcer(page)).toHaveText('You are now logged out');
  });
});

test('reach the account dashboard by keyboard: log in on /login, land on the Dashboard heading', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, accountSite(baseURL!, '/dashboard'));
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  await tabUntil(page, 'Email or customer reference', { max: 12 });
  await typeText(page, CUSTOMER.email);
  await press(page, 'Tab');
  await typeText(page, CUSTOMER.password);
  await press(page, 'Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectNewPage(page, 'Dashboard');
  await tabUntil(page, 'My details', { backwards: true });
  await press(page, 'Enter');
  await expectNewPage(page, 'My details');
});
