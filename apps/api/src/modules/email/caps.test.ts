import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { runDueJobs } from '../../../test/jobs.ts';
import { sendPasswordReset } from '../auth/service.ts';
import { EMAIL_CAPS } from './caps.ts';

// Issue 22, "Mail cannot be used as a weapon": a sign-up with an existing address sent its owner 30
// emails in seconds from 3 addresses, and a reset could be asked 5 times by email plus 5 by
// reference. Each kind a stranger can trigger is capped per recipient, whatever was typed.
const ctx = useTestApp();

let counter = 0;
const post = (url: string, payload: Record<string, unknown>, ip: string) => ctx.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

const signUp = async (email: string, ip: string) => {
  const client = await ctx.db.selectFrom('clients').select('id').where('slug', '=', 'active-north-west').executeTakeFirstOrThrow();
  const venue = await ctx.db.selectFrom('venues').select('id').where('slug', '=', 'bury-leisure-centre').executeTakeFirstOrThrow();
  return post(
    '/api/auth/customer/register',
    {
      client_id: client.id, source: 'bookings', first_name: 'Robin', last_name: 'Hale', email,
      date_of_birth: '1985-03-03', // fixed-date: a date of birth, only stored
      phone: '07700 900555', address_line1: '2 Bank Street', address_line2: null, town: 'Bury', postcode: 'BL9 0BB',
      home_venue_id: venue.id, password: 'a quiet lake at dawn', marketing_consent: false,
    },
    ip,
  );
};

const mailTo = async (email: string, kind: string) =>
  (
    await sql<{ sent: number; suppressed: number; jobs: number }>`
      SELECT count(*) FILTER (WHERE e.suppressed_at IS NULL)::int AS sent,
             count(*) FILTER (WHERE e.suppressed_at IS NOT NULL AND e.suppressed_reason IS NOT NULL)::int AS suppressed,
             count(j.key) FILTER (WHERE e.suppressed_at IS NOT NULL)::int AS jobs
        FROM outbox_emails e LEFT JOIN graphile_worker.jobs j ON j.key = 'send-email:' || e.id
       WHERE lower(e.to_address) = lower(${email}) AND e.kind = ${kind}`.execute(ctx.db)
  ).rows[0]!;

describe('mail caps per recipient (issue 22)', () => {
  it("sends the owner one 'someone tried to register' email an hour, however many sign-ups from however many addresses", async () => {
    const email = `owner.caps.${++counter}.${Date.now()}@example.net`;
    expect((await signUp(email, '10.70.0.1')).statusCode).toBe(201);
    let attempts = 0;
    for (const ip of ['10.70.1.1', '10.70.1.2', '10.70.1.3']) {
      for (let i = 0; i < 4; i += 1) {
        // The answer is the same whether or not mail went out (nothing to learn from it).
        const response = await signUp(i % 2 ? email.toUpperCase() : email, ip);
        expect(response.statusCode).toBe(201);
        attempts += 1;
      }
    }
    expect(await mailTo(email, 'register_existing')).toEqual({ sent: EMAIL_CAPS.register_existing!.max, suppressed: attempts - 1, jobs: 0 });
  });

  it('sends at most 3 reset links an hour, typed by email or by reference; the rest are recorded, not sent', async () => {
    const email = `reset.caps.${++counter}.${Date.now()}@example.net`;
    expect((await signUp(email, '10.71.0.1')).statusCode).toBe(201);
    const { reference } = await ctx.db.selectFrom('users').select('reference').where('email', '=', email).executeTakeFirstOrThrow();
    for (let i = 0; i < 5; i += 1) {
      expect((await post('/api/auth/customer/forgotten-password', { email_or_reference: email }, `10.71.1.${i + 1}`)).statusCode).toBe(200);
      expect((await post('/api/auth/customer/forgotten-password', { email_or_reference: reference }, `10.71.2.${i + 1}`)).statusCode).toBe(200);
    }
    // The lookup, token and email are each request's job (auth/service.ts sendPasswordReset).
    await runDueJobs({ url: ctx.url, db: ctx.db });
    expect(await mailTo(email, 'password_reset')).toEqual({ sent: 3, suppressed: 7, jobs: 0 });
  });

  it('holds the cap when the jobs run at once', async () => {
    const email = `parallel.caps.${++counter}.${Date.now()}@example.net`;
    expect((await signUp(email, '10.72.0.1')).statusCode).toBe(201);
    const client = await ctx.db.selectFrom('clients').select('id').where('slug', '=', 'active-north-west').executeTakeFirstOrThrow();
    // Six reset jobs for one address at once (as several instances' runners could take them).
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        sendPasswordReset(ctx.db, { clientId: client.id, name: i % 2 ? email : email.toUpperCase(), address: `10.72.1.${i + 1}`, userAgent: null }, { publicUrl: 'https://bookings.example.com' }),
      ),
    );
    expect(await mailTo(email, 'password_reset')).toEqual({ sent: 3, suppressed: 3, jobs: 0 });
  });
});
