import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { createCustomers, createHoldsFixture } from '../../../test/fixtures/holds.ts';
import { request } from '../../../test/fixtures/shop.ts';

/* New family members per account per day (issue 22, docs/security.md): demo 5, counted from the audit, under the account's lock. */

const ctx = useTestApp();
const base = '/api/dashboard/family-members';
const member = (i: number) => ({ first_name: `Sam${i}`, last_name: 'Rivers', relationship: 'other' });

const customer = async () => {
  const fx = await createHoldsFixture(ctx.db);
  return (await createCustomers(ctx.db, fx.clientId, 1))[0]!;
};

describe('new family members per day', () => {
  it("adds 5 in a day, then answers 429 with when to try again; removing one does not give it back", async () => {
    const who = await customer();
    const added: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await request(ctx.app, 'POST', base, who, member(i));
      expect(response.statusCode, response.body).toBe(201);
      added.push(response.json<{ data: { id: number } }>().data.id);
    }
    const refused = await request(ctx.app, 'POST', base, who, member(5));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'too_many_family_members_today', message: 'You can add up to 5 family members a day. Please try again in 24 hours.' });
    expect((await request(ctx.app, 'DELETE', `${base}/${added[0]}`, who)).statusCode).toBeLessThan(300);
    expect((await request(ctx.app, 'POST', base, who, member(6))).statusCode).toBe(429);
    // A day after the first was added, one more may be added.
    await ctx.db
      .updateTable('account_audit')
      .set({ created_at: new Date(Date.now() - 25 * 3_600_000) } as never)
      .where('user_id', '=', who.userId)
      .where('detail', '@>', { membership_user_id: added[0] } as never)
      .where('action', '=', 'family_member_added')
      .execute();
    expect((await request(ctx.app, 'POST', base, who, member(7))).statusCode).toBe(201);
  });

  it('8 parallel adds by one account: exactly 5 are added', async () => {
    const who = await customer();
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => request(ctx.app, 'POST', base, who, member(i))));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
  });
});
