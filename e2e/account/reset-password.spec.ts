import { expect, test } from '@playwright/test';
import { waitForApp } from '../support/app.ts';

/**
 * The emailed reset link's form takes the token out of the address as soon as it has it
 * (docs/account.md). A password typed, or filled by a password manager, the moment the field
 * shows must survive that: the field is never replaced and nothing typed is lost (issue 20).
 */
const LINK = `/reset-password?token=${'a'.repeat(43)}`;
const TYPED = 'a brighter lake at noon';

for (const how of ['typed', 'filled'] as const) {
  test(`a new password ${how} as soon as the field shows is kept once the token has left the address`, async ({ page }) => {
    await page.goto(LINK, { waitUntil: 'commit' });
    const field = page.getByLabel('New password');
    // As soon as the field is there: before the app has settled, as a quick typist or a password manager would.
    if (how === 'typed') await field.pressSequentially(TYPED);
    else await field.fill(TYPED);
    const element = await field.elementHandle();

    await expect(page).not.toHaveURL(/token=/);
    await waitForApp(page);
    await expect(field).toHaveValue(TYPED);
    // The same field, not a fresh one that happens to be empty or refilled.
    expect(await element!.evaluate((input) => input.isConnected)).toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  });
}
