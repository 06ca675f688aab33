import { expect, test } from '@playwright/test';
import { logInWithCookie } from '../support/login.ts';
import { waitForApp } from '../support/app.ts';

test('an idle kiosk logs the customer out after 90 seconds and goes to the kiosk home address', async ({ page, context, request, baseURL }) => {
  const token = await logInWithCookie(context, request, baseURL!);
  await page.clock.install();
  await page.goto('/location/bury-leisure-centre?kiosk=true');
  // A server-rendered page starts its script after the first paint: the idle timer runs once it has.
  await waitForApp(page);
  // Kiosk mode's header: 'Back to Kiosk Home' in view, and no log in or My account (docs/kiosk.md).
  await expect(page.getByRole('link', { name: 'Back to Kiosk Home' })).toBeVisible();
  await expect(page.getByTestId('my-account-button')).toHaveCount(0);

  // Activity keeps the session alive…
  await page.clock.fastForward(60_000);
  await page.mouse.click(5, 300);
  await page.clock.fastForward(60_000);
  await expect(page).toHaveURL(/\/location\/bury-leisure-centre/);

  // …and 90 s without any sends the kiosk home, logged out (the demo client's kiosk home is
  // /kiosk?kiosk=true), after 'Still there?' for the last 15 s (kiosk.spec.ts tests the countdown).
  await page.clock.fastForward(16_000);
  await expect(page.getByRole('dialog', { name: 'Still there?' })).toBeVisible();
  await page.clock.fastForward(15_000);
  await expect(page).toHaveURL(/\/kiosk\?kiosk=true$/);
  await waitForApp(page);
  await expect(page.getByRole('button', { name: /Scan my booking QR code/ })).toBeVisible();
  const user = await request.get('/api/auth/user', { headers: { authorization: `Bearer ${token}` } });
  expect(user.status()).toBe(401);
});
