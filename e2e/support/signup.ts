import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Fills the sign-up form of /register (spec §5 fields) for a new customer called `first last`. */
export const fillSignUp = async (page: Page, email: string, { password = 'a quiet lake at dawn', first = 'Casey', last = 'Holt' } = {}) => {
  const form = page.getByRole('main');
  await form.getByLabel('First name').fill(first);
  await form.getByLabel('Last name').fill(last);
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('Date of birth').fill('1988-06-15'); // fixed-date: an adult's birth date, decades past any age limit
  await form.getByLabel('Phone number').fill('07700 900456');
  await form.getByLabel('Address line 1').fill('5 Mill Lane');
  await form.getByLabel('Town or city').fill('Bury');
  await form.getByLabel('Postcode').fill('BL9 0AB');
  await form.getByLabel('Home venue').selectOption({ label: 'Bury Leisure Centre' });
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel(/Send me news and offers/).check();
};

let registered = 0;

/** A new customer of the journey's own (Jo Marsden, home venue Bury), signed up through the API. */
export const registerViaApi = async (request: APIRequestContext, { prefix = 'e2e', password = 'a quiet lake at dawn' } = {}) => {
  const client = ((await (await request.get('/api/client')).json()) as { data: { id: number } }).data;
  const venues = ((await (await request.get('/api/activities/venues')).json()) as { data: { id: number; slug: string }[] }).data;
  const email = `${prefix}.${Date.now()}.${++registered}@example.net`;
  const response = await request.post('/api/auth/customer/register', {
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
  });
  expect(response.status()).toBe(201);
  return { email, password };
};
