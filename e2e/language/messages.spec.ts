import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolationsAtWidths } from '../support/a11y.ts';
import { waitForApp } from '../support/app.ts';
import { CUSTOMER } from '../support/login.ts';

/**
 * Issue 27: the server's messages reach a Welsh page in Welsh (docs/languages-messages.md). The
 * page shows the API's `message` as it comes (spec §8 "the server message if present"), so on a
 * page in Cymraeg a wrong password reads the catalogue's Welsh, and in English the spec's words.
 */
const locales = path.resolve(import.meta.dirname, '../../apps/web/public/locales');
const auth = (language: string) => JSON.parse(fs.readFileSync(path.join(locales, language, 'auth.json'), 'utf8')) as Record<string, string>;

const WELSH_REFUSAL = "Nid yw'r manylion hyn yn cyfateb i'n cofnodion.";
const ENGLISH_REFUSAL = 'These credentials do not match our records.';

const refusedLogin = async (page: Page, language: 'cy' | 'en-GB') => {
  const words = auth(language);
  await page.goto(`/?lang=${language}`);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await waitForApp(page);
  await page.getByTestId('login-button').first().click();
  const modal = page.getByTestId('login-modal');
  await modal.getByLabel(words.username!).fill(CUSTOMER.email);
  await modal.getByLabel(words.password!, { exact: true }).fill('not-the-password');
  await modal.getByRole('button', { name: words.logIn! }).click();
  return modal;
};

test.describe("the server's messages on a Welsh page", () => {
  test('a wrong password reads in Welsh in Cymraeg and in English in English', async ({ page }) => {
    // Two axe runs on a loaded machine.
    test.setTimeout(120_000);
    const welsh = await refusedLogin(page, 'cy');
    await expect(welsh.getByRole('alert')).toHaveText(WELSH_REFUSAL);
    await expect(page.getByTestId('my-account-button')).toHaveCount(0);
    await expectNoAxeViolationsAtWidths(page);
    await page.screenshot({ path: test.info().outputPath('welsh-refusal-1280.png') });

    const english = await refusedLogin(page, 'en-GB');
    await expect(english.getByRole('alert')).toHaveText(ENGLISH_REFUSAL);
  });
});
