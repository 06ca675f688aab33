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

/** The email if it is still to be sent, locked so two workers never send it twice. */
export const lockUnsentEmail = (db: Db, id: number) =>
  db.selectFrom('outbox_emails').selectAll().where('id', '=', id).where('sent_at', 'is', null).forUpdate().skipLocked().executeTakeFirst();

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
