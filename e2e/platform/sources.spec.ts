import { expect, test } from '@playwright/test';


for (const source of ['bookings', 'my-account', 'online-joining', 'foh'] as const) {
  test(`the ${source} sub-domain serves the ${source} bundle`, async ({ page, baseURL }) => {
    const url = new URL(baseURL!);
    url.hostname = `${source}.localhost`;
    const response = await page.goto(url.toString());
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('data-source', source);
  });
}

test('a bare host serves the bookings bundle', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-source', 'bookings');
});
