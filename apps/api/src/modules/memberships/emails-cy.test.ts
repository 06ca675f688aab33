import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { settlementDay } from '@app/contract/rules/join-quote';
import { directDebitGuarantee } from '@app/contract/memberships/texts';
import { directDebitGuaranteeCy } from '@app/contract/memberships/texts-cy';
import { useTestApp } from '../../../test/app.ts';
import { createCustomers, createHoldsFixture, type HoldsFixture, type TestCustomer } from '../../../test/fixtures/holds.ts';
import { BANK, createPlan, joinSteps } from '../../../test/fixtures/memberships.ts';
import { directDebitProviderFor } from '../payments/service.ts';
import { resendMandateLink, runCollections } from './service.ts';

/**
 * Issue 27: the memberships family's emails (the agreement with the Direct Debit Guarantee and the
 * cooling-off notice, arrears, the Direct Debit link) in the account holder's users.language.
 */
const ctx = useTestApp();
let fx: HoldsFixture;
let customers: TestCustomer[];
let next = 0;
let steps: ReturnType<typeof joinSteps>;

beforeAll(async () => {
  fx = await createHoldsFixture(ctx.db);
  customers = await createCustomers(ctx.db, fx.clientId, 6);
  steps = joinSteps(ctx.app);
});

const speaking = async (language: 'en-GB' | 'cy') => {
  const who = customers[next++]!;
  await ctx.db.updateTable('users').set({ language }).where('id', '=', who.userId).execute();
  return who;
};
type Mail = { subject: string; text_body: string; html_body: string };
const mailOf = async (who: TestCustomer, kind: string) =>
  (await sql<Mail>`SELECT subject, text_body, html_body FROM outbox_emails WHERE to_address = ${who.email} AND kind = ${kind} ORDER BY id DESC LIMIT 1`.execute(ctx.db)).rows[0]!;

const OPERATOR = 'Active North West';

describe('the membership agreement email', () => {
  it('cy: Welsh subject, sections, the Welsh Direct Debit Guarantee word for word and the cooling-off notice; no English', async () => {
    const who = await speaking('cy');
    const { confirmation } = await steps.join(who, await createPlan(ctx.db, fx.clientId));
    const mail = await mailOf(who, 'membership-agreement');
    expect(mail.subject).toBe(`Eich cytundeb aelodaeth: ${confirmation.plan.name} (${confirmation.membership_number})`);
    expect(mail.html_body).toContain('<html lang="cy">');
    // The Guarantee's heading: capitals in the text part (as every section's), as written in the HTML.
    expect(mail.text_body).toContain('GWARANT DEBYD UNIONGYRCHOL');
    expect(mail.html_body).toContain('<h2 style="font-size:18px">Gwarant Debyd Uniongyrchol</h2>');
    for (const body of [mail.text_body, mail.html_body]) {
      expect(body).toContain('Croeso: mae eich aelodaeth');
      for (const paragraph of directDebitGuaranteeCy(OPERATOR)) expect(body).toContain(paragraph);
      expect(body).toContain('Gallwch ganslo’r aelodaeth hon o fewn 14 diwrnod i ymuno');
      expect(body).toMatch(/Talwyd heddiw â cherdyn: £\d+\.\d\d \(ffi ymuno £\d+\.\d\d; \d{1,2} (Ionawr|Chwefror|Mawrth|Ebrill|Mai|Mehefin|Gorffennaf|Awst|Medi|Hydref|Tachwedd|Rhagfyr) \d{4} i /);
      for (const english of ['Direct Debit Guarantee', directDebitGuarantee(OPERATOR)[0]!, 'Your right to cancel', 'Hello', 'Welcome', 'Paid today', 'joining fee', 'My account']) expect(body).not.toContain(english);
    }
  });

  it('en-GB: the English agreement as before', async () => {
    const who = await speaking('en-GB');
    const { confirmation } = await steps.join(who, await createPlan(ctx.db, fx.clientId));
    const mail = await mailOf(who, 'membership-agreement');
    expect(mail.subject).toBe(`Your membership agreement: ${confirmation.plan.name} (${confirmation.membership_number})`);
    expect(mail.text_body).toContain('THE DIRECT DEBIT GUARANTEE');
    for (const paragraph of directDebitGuarantee(OPERATOR)) expect(mail.text_body).toContain(paragraph);
    expect(mail.html_body).not.toContain('Gwarant');
  });
});

describe('the arrears email', () => {
  it('cy: Welsh, with the due date in Welsh; en-GB: English', async () => {
    for (const language of ['cy', 'en-GB'] as const) {
      const who = await speaking(language);
      const { confirmation } = await steps.join(who, await createPlan(ctx.db, fx.clientId), BANK.firstCollectionFails);
      const first = confirmation.schedule.find((e: { method: string }) => e.method === 'direct_debit').date.date as string;
      await runCollections(ctx.db, { directDebit: directDebitProviderFor('directdebit'), publicUrl: 'http://localhost', now: new Date(`${settlementDay(first)}T12:00:00Z`) });
      const mail = await mailOf(who, 'membership-arrears');
      if (language === 'cy') {
        expect(mail.subject).toBe(`Ni thalwyd eich Debyd Uniongyrchol: ${confirmation.plan.name}`);
        expect(mail.text_body).toMatch(/Ni thalodd eich banc eich Debyd Uniongyrchol o £\d+\.\d\d ar gyfer eich aelodaeth .+, a oedd yn ddyledus ar 1 \S+ \d{4}\./);
        expect(mail.text_body).toContain('Talwch â cherdyn o Fy nghyfrif → Aelodaethau:');
        expect(mail.text_body + mail.html_body).not.toContain('Direct Debit');
      } else {
        expect(mail.subject).toBe(`Your Direct Debit was not paid: ${confirmation.plan.name}`);
        expect(mail.text_body).toContain('was not paid by your bank.');
      }
    }
  });
});

describe('the Direct Debit link email', () => {
  it('cy: Welsh subject, lead, link text and expiry; en-GB: English', async () => {
    const staff = await ctx.db.selectFrom('users').select('id').where('email', '=', 'staff@example.com').executeTakeFirstOrThrow();
    for (const language of ['cy', 'en-GB'] as const) {
      const who = await speaking(language);
      const { confirmation } = await steps.join(who, await createPlan(ctx.db, fx.clientId));
      await sql`UPDATE memberships SET status = 'awaiting_mandate' WHERE id = ${confirmation.membership_id}`.execute(ctx.db);
      await resendMandateLink(ctx.db, { clientId: fx.clientId, membershipId: confirmation.membership_id, staffUserId: staff.id }, { publicUrl: 'http://localhost' });
      const mail = await mailOf(who, 'membership-mandate-link');
      if (language === 'cy') {
        expect(mail.subject).toBe(`Trefnwch eich Debyd Uniongyrchol: ${confirmation.plan.name} (${confirmation.membership_number})`);
        expect(mail.text_body).toContain(`Diolch am ymuno â ${confirmation.plan.name} yn Bury Leisure Centre.`);
        expect(mail.text_body).toMatch(/Mae’r ddolen hon yn gweithio unwaith, a than \d{1,2} \S+ \d{4}\./);
        expect(mail.html_body).toContain('>Trefnu fy Nebyd Uniongyrchol</a>');
        expect(mail.text_body + mail.html_body).not.toMatch(/Set up|Thank you|Direct Debit/);
      } else {
        expect(mail.subject).toBe(`Set up your Direct Debit: ${confirmation.plan.name} (${confirmation.membership_number})`);
        expect(mail.html_body).toContain('>Set up my Direct Debit</a>');
      }
    }
  });
});
