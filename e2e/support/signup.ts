import type { Page } from '@playwright/test';

/** Fills the sign-up form of /register (spec §5 fields) for a new customer called `first last`. */
export const fillSignUp = async (page: Page, email: string, { password = 'a quiet lake at dawn', first = 'Casey', last = 'Holt' } = {}) => {
  const form = page.getByRole('main');
  await form.getByLabel('First name').fill(first);
  await form.getByLabel('Last name').fill(last);
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('Date of birth').fill('1988-06-15');
  await form.getByLabel('Phone number').fill('07700 900456');
  await form.getByLabel('Address line 1').fill('5 Mill Lane');
  await form.getByLabel('Town or city').fill('Bury');
  await form.getByLabel('Postcode').fill('BL9 0AB');
  await form.getByLabel('Home venue').selectOption({ label: 'Bury Leisure Centre' });
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel(/Send me news and offers/).check();
};
