import path from 'node:path';
import pg from 'pg';
import { expect, type APIRequestContext } from '@playwright/test';
import { embeddedConnectionString } from '../../apps/api/src/db/embedded.ts';
import { whenHashPoolFree } from '../support/login.ts';
import { registerViaApi } from '../support/signup.ts';

/**
 * The untranslated journey's own people (issue 27). A logged-in person's recorded language wins
 * over the browser's `lang` cookie (docs/languages.md "Recorded language"), so the journey turns
 * the account's language to Welsh and back; doing that to the demo accounts would turn the pages
 * of journeys running at the same time Welsh. So it signs up a customer, a staff member and a
 * manager of its own (made staff in the journeys' database, as e2e/foh/own-till.ts does).
 */
export type Role = 'customer' | 'staff' | 'manager';
export type Person = { email: string; password: string; token: string };

const withDb = async <T>(fn: (client: pg.Client) => Promise<T>) => {
  const client = new pg.Client({ connectionString: embeddedConnectionString(path.join(process.env.E2E_DATA_DIR!, 'postgres'), Number(process.env.E2E_PG_PORT)) });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
};

export const ownPerson = async (request: APIRequestContext, role: Role): Promise<Omit<Person, 'token'>> => {
  const who = await registerViaApi(request, { prefix: `language-${role}` });
  if (role !== 'customer') {
    await withDb(async (client) => {
      const made = await client.query(`UPDATE users SET role = 'staff', operator_role = $2 WHERE email = $1`, [who.email, role === 'manager' ? 'manager' : null]);
      expect(made.rowCount).toBe(1);
    });
  }
  return { email: who.email, password: who.password };
};

/** Records `language` on the person's account (PUT /api/dashboard/language), as the switch does for a logged-in person. */
export const setAccountLanguage = async (request: APIRequestContext, token: string, language: 'en-GB' | 'cy') => {
  const response = await whenHashPoolFree(() => request.put('/api/dashboard/language', { data: { language }, headers: { authorization: `Bearer ${token}` } }));
  expect(response.status(), await response.text()).toBe(200);
};
