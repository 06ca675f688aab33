import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { capOf } from './caps.ts';
import * as repo from './repository.ts';

/** The frame, words and links every operator email shares (layout.ts), for the modules that write emails. */
export { accountUrl, afterPreposition, dateInWords, escapeHtml, htmlLayout, htmlRows, instantInWords } from './layout.ts';

export type MailSettings = {
  /** smtp:// or smtps://; unset: messages are written as .eml files to `outboxDir`. */
  smtpUrl: string | undefined;
  /** MAIL_FROM: its address stands in for an operator without `clients.email_from_address`. */
  from: string;
  outboxDir: string;
};

/**
 * Queues an email in the caller's transaction (DESIGN.md §5): the row and its delivery job exist
 * only if the transaction commits, so a rolled-back decision never sends anything. A kind that
 * strangers can trigger (caps.ts) over its recipient's cap is kept as a suppressed row instead
 * (its id is answered all the same: the caller's answer must not say whether mail went out).
 */
export const queueEmail = async (db: Db, email: repo.NewEmail): Promise<number> => {
  const cap = capOf(email.kind);
  if (cap && (await repo.countRecentToRecipient(db, email.clientId, email.to, email.kind, cap.windowMinutes)) >= cap.max) {
    const reason = `over the cap of ${cap.max} ${email.kind} per ${cap.windowMinutes} minutes`;
    return repo.insertSuppressedEmail(db, email, reason);
  }
  const id = await repo.insertEmail(db, email);
  await enqueue(db, 'send-email', { emailId: id }, { jobKey: `send-email:${id}` });
  return id;
};

/** The address in MAIL_FROM ('Name <a@b>' or 'a@b'). */
const addressOf = (from: string) => /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();

/**
 * The sender of an operator's email: its name as the site and the payment page show it, at its
 * own address (`clients.email_from_address`, 0063), else at MAIL_FROM's address.
 */
export const senderOf = (sender: { name: string; email_from_address: string | null } | undefined, from: string) =>
  sender ? { name: sender.name, address: sender.email_from_address ?? addressOf(from) } : from;

export type Delivery = { sent: false } | { sent: true; via: 'smtp' | 'file'; file?: string; messageId: string };

/**
 * Sends one queued email: over SMTP when configured, otherwise as `<outbox>/<id>-<kind>.eml`.
 * Marked sent in the same transaction that locked it; a failure rolls back (the job retries).
 * An email already sent (a job run twice) is not sent again.
 */
export const deliverEmail = async (db: Db, emailId: number, settings: MailSettings): Promise<Delivery> =>
  inTransaction(db, async (trx) => {
    const email = await repo.lockUnsentEmail(trx, emailId);
    if (!email) return { sent: false };
    const message = {
      from: senderOf(await repo.findSender(trx, email.client_id), settings.from),
      to: email.to_address,
      subject: email.subject,
      text: email.text_body,
      ...(email.html_body ? { html: email.html_body } : {}),
      ...(email.attachments.length ? { attachments: email.attachments } : {}),
      headers: { 'X-Bookings-Email-Kind': email.kind },
    };
    let delivery: Delivery;
    if (settings.smtpUrl) {
      const info = await nodemailer.createTransport(settings.smtpUrl).sendMail(message);
      delivery = { sent: true, via: 'smtp', messageId: info.messageId };
    } else {
      const info = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }).sendMail(message);
      await fs.mkdir(settings.outboxDir, { recursive: true });
      const file = path.join(settings.outboxDir, `${email.id}-${email.kind}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      delivery = { sent: true, via: 'file', file, messageId: info.messageId };
    }
    await repo.markSent(trx, email.id);
    return delivery;
  });
