import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { EmailAttachment } from '../../db/schema.ts';

export type NewEmail = { clientId: number; kind: string; to: string; subject: string; text: string; html?: string | null; attachments?: EmailAttachment[] };

export const insertEmail = async (db: Db, email: NewEmail) => {
  const { id } = await db
    .insertInto('outbox_emails')
    .values({
      client_id: email.clientId,
      kind: email.kind,
      to_address: email.to,
      subject: email.subject,
      text_body: email.text,
      html_body: email.html ?? null,
      attachments: JSON.stringify(email.attachments ?? []) as unknown as EmailAttachment[],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
};

/** The email if it is still to be sent (and was not suppressed), locked so two workers never send it twice. */
export const lockUnsentEmail = (db: Db, id: number) =>
  db
    .selectFrom('outbox_emails')
    .selectAll()
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .where('suppressed_at', 'is', null)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();

/**
 * Emails of `kind` to `to` (any case) queued for sending in the last `windowMinutes`, after
 * waiting for any other transaction counting the same recipient and kind (a transaction-scoped
 * advisory lock), so two requests at once cannot both pass the cap.
 */
export const countRecentToRecipient = async (db: Db, clientId: number, to: string, kind: string, windowMinutes: number) => {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`email-cap:${clientId}:${kind}:${to.toLowerCase()}`}, 0))`.execute(db);
  const row = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM outbox_emails
     WHERE client_id = ${clientId} AND lower(to_address) = lower(${to}) AND kind = ${kind}
       AND suppressed_at IS NULL AND created_at > now() - make_interval(mins => ${windowMinutes})`.execute(db);
  return row.rows[0]!.n;
};

/** Keeps an email over its cap as a row that is never sent, saying why. */
export const insertSuppressedEmail = async (db: Db, email: NewEmail, reason: string) => {
  const id = await insertEmail(db, email);
  await db.updateTable('outbox_emails').set({ suppressed_at: sql<Date>`now()`, suppressed_reason: reason }).where('id', '=', id).execute();
  return id;
};

export const markSent = (db: Db, id: number) =>
  db
    .updateTable('outbox_emails')
    .set((eb) => ({ sent_at: sql<Date>`now()`, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();

export const countAttempt = (db: Db, id: number) =>
  db
    .updateTable('outbox_emails')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();

/** The operator an email is sent for: its name and own sender address (0063). */
export const findSender = (db: Db, clientId: number) => db.selectFrom('clients').select(['name', 'email_from_address']).where('id', '=', clientId).executeTakeFirst();
