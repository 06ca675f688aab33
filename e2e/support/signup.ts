import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { whenHashPoolFree } from './login.ts';

/**
 * Fills the sign-up form of /register for a new customer called `first last`: a name, email,
 * password and the terms are all it asks (issue 21; date of birth and address come later, when needed).
 */
export const fillSignUp = async (page: Page, email: string, { password = 'a quiet lake at dawn', first = 'Casey', last = 'Holt' } = {}) => {
  const form = page.getByRole('main');
  await form.getByLabel('First name').fill(first);
  await form.getByLabel('Last name').fill(last);
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel(/I accept the terms and conditions/).check();
  await form.getByLabel(/Send me news and offers/).check();
};

let registered = 0;

/** A new customer of the journey's own (Jo Marsden, home venue Bury), signed up through the API. */
export const registerViaApi = async (request: APIRequestContext, { prefix = 'e2e', password = 'a quiet lake at dawn' } = {}) => {
  const client = ((await (await request.get('/api/client')).json()) as { data: { id: number } }).data;
  const venues = ((await (await request.get('/api/activities/venues')).json()) as { data: { id: number; slug: string }[] }).data;
  const email = `${prefix}.${Date.now()}.${++registered}@example.net`;
  // Sign-ups are limited per address (10 in 15 minutes: docs/account.md "Rate limits"); the suite's
  // server trusts a loopback proxy (playwright.config.ts TRUST_PROXY), so each customer made here
  // comes from an address of its own in a documentation range, as real customers would.
  const address = `198.51.100.${1 + Math.floor(Math.random() * 254)}`;
  const response = await whenHashPoolFree(() => request.post('/api/auth/customer/register', {
    headers: { 'x-forwarded-for': address },
    data: {
      client_id: client.id,
      source: 'my-account',
      first_name: 'Jo',
      last_name: 'Marsden',
      email,
      // fixed-date: an adult's birth date, decades past any age limit
      date_of_birth: '1979-09-30',
      phone: '07700 900321',
      address_line1: '9 Silver Street',
      town: 'Bury',
      postcode: 'BL9 0EX',
      home_venue_id: venues.find((v) => v.slug === 'bury-leisure-centre')!.id,
      password,
      marketing_consent: false,
    },
  }));
  expect(response.status(), await response.text()).toBe(201);
  // A new address: the answer logs the customer in (a session token for API calls).
  const token = ((await response.json()) as { token: string | null }).token;
  expect(token).toBeTruthy();
  return { email, password, token: token! };
};
