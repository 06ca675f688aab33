import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { runDueJobs } from '../../../test/jobs.ts';

/**
 * Issue 27: the account emails in Welsh. Sign-up's welcome goes in the language of the sign-up's
 * page (its `lang` cookie: the account has no recorded language of its own yet); the others go in
 * the account's recorded language (users.language), whatever the request's.
 */
const ctx = useTestApp();

let clientId = 0;
let counter = 0;
beforeAll(async () => {
  clientId = (await ctx.db.selectFrom('clients').select('id').where('slug', '=', 'active-north-west').executeTakeFirstOrThrow()).id;
});

const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers, remoteAddress: `10.27.${Math.floor(counter / 200)}.${(counter % 200) + 1}` });

const signUp = async (email: string, headers: Record<string, string> = {}) => {
  counter += 1;
  const payload = { client_id: clientId, source: 'bookings', first_name: 'Elin', last_name: 'Morgan', email, password: 'a quiet lake at dawn', terms: true };
  const response = await post('/api/auth/customer/register?onboarding_type=customer_account_online', payload, headers);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().token as string | null;
};

const mailOf = (email: string, kind: string) =>
  ctx.db.selectFrom('outbox_emails').select(['subject', 'text_body']).where('to_address', '=', email).where('kind', '=', kind).orderBy('id', 'desc').executeTakeFirstOrThrow();

const newAddress = () => `cymraeg.${++counter}.${Date.now()}@example.net`;

describe('the welcome email follows the sign-up page’s language', () => {
  it('lang=cy: Welsh subject and body, no English', async () => {
    const email = newAddress();
    await signUp(email, { cookie: 'lang=cy' });
    const mail = await mailOf(email, 'welcome');
    expect(mail.subject).toBe('Croeso: mae eich cyfrif yn barod');
    expect(mail.text_body).toMatch(/^Helo Elin,\n\nCroeso! Mae eich cyfrif yn barod\. Eich cyfeirnod cwsmer yw \S+\.\nArchebu gweithgaredd: /);
    expect(mail.text_body).toContain('Rheoli eich cyfrif a’ch teulu: ');
    for (const english of ['Welcome', 'Hello', 'Book an activity', 'Manage your account']) expect(mail.text_body).not.toContain(english);
  });

  it('no cookie: the English email as before', async () => {
    const email = newAddress();
    await signUp(email);
    const mail = await mailOf(email, 'welcome');
    expect(mail.subject).toBe('Welcome: your account is ready');
    expect(mail.text_body).toMatch(/^Hello Elin,\n\nWelcome! Your account is ready\. Your customer reference is \S+\.\nBook an activity: /);
  });
});

describe('emails to an account follow its recorded language', () => {
  it('cy: "someone tried to sign up", "password changed" (My details), the reset link and "password changed" (reset) in Welsh, even from an English page', async () => {
    const email = newAddress();
    const token = await signUp(email);
    await ctx.db.updateTable('users').set({ language: 'cy' }).where('email', '=', email).execute();

    const changedHere = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/customer/change-password',
      headers: { authorization: `Bearer ${token}`, cookie: 'lang=en-GB' },
      payload: { current_password: 'a quiet lake at dawn', password: 'a new lake at dusk' },
    });
    expect(changedHere.statusCode, changedHere.body).toBe(200);
    const fromDetails = await mailOf(email, 'password_changed');
    expect(fromDetails.subject).toBe('Mae eich cyfrinair wedi’i newid');
    expect(fromDetails.text_body).toContain('newydd gael ei newid o Fy manylion, ac mae pob dyfais arall');
    expect(fromDetails.text_body).not.toContain('My details');

    await signUp(email, { cookie: 'lang=en-GB' });
    const existing = await mailOf(email, 'register_existing');
    expect(existing.subject).toBe('Ceisiodd rhywun greu cyfrif gyda’ch cyfeiriad e-bost');
    expect(existing.text_body).toContain('mae gennych gyfrif gyda ni’n barod');
    expect(existing.text_body).toContain('Wedi anghofio eich cyfrinair? Ailosodwch ef yma: ');
    expect(existing.text_body).not.toContain('Someone');

    expect((await post('/api/auth/customer/forgotten-password', { email_or_reference: email })).statusCode).toBe(200);
    await runDueJobs({ url: ctx.url, db: ctx.db });
    const reset = await mailOf(email, 'password_reset');
    expect(reset.subject).toBe('Ailosod eich cyfrinair');
    expect(reset.text_body).toContain('Mae’r ddolen yn gweithio unwaith, am 60 munud.');
    expect(reset.text_body).not.toContain('Reset your password');
    expect(reset.text_body).not.toContain('The link works once');

    const resetToken = /reset-password\?token=([\w-]+)/.exec(reset.text_body)![1]!;
    expect((await post('/api/auth/customer/reset-password', { token: resetToken, password: 'a brand new secret' })).statusCode).toBe(200);
    const changed = await mailOf(email, 'password_changed');
    expect(changed.subject).toBe('Mae eich cyfrinair wedi’i newid');
    expect(changed.text_body).toContain('mae pob dyfais a oedd wedi mewngofnodi iddo wedi’i hallgofnodi');
    expect(changed.text_body).not.toContain('Your password has been changed');
  });

  it('en-GB: the same three in English', async () => {
    const email = newAddress();
    await signUp(email);
    await signUp(email, { cookie: 'lang=cy' });
    expect((await mailOf(email, 'register_existing')).subject).toBe('Someone tried to create an account with your email address');
    expect((await post('/api/auth/customer/forgotten-password', { email_or_reference: email })).statusCode).toBe(200);
    await runDueJobs({ url: ctx.url, db: ctx.db });
    const reset = await mailOf(email, 'password_reset');
    expect(reset.subject).toBe('Reset your password');
    const token = /reset-password\?token=([\w-]+)/.exec(reset.text_body)![1]!;
    expect((await post('/api/auth/customer/reset-password', { token, password: 'a brand new secret' })).statusCode).toBe(200);
    expect((await mailOf(email, 'password_changed')).subject).toBe('Your password has been changed');
  });
});
