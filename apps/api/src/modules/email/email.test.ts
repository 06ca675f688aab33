import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db.ts';
import { queuedJobs } from '../../../test/jobs.ts';
import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { deliverEmail, queueEmail } from './service.ts';

let db: Db;
let drop: () => Promise<void>;
let clientId: number;

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  clientId = (await db.selectFrom('clients').select('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => drop());

/** A minimal SMTP server (RFC 5321 happy path) that keeps the messages it is given. */
const smtpServer = async () => {
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let data = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let index: number;
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push(data);
            data = '';
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-test\r\n250 OK\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, messages, close: () => new Promise((r) => server.close(r)) };
};

const email = { kind: 'test_mail', to: 'someone@example.com', subject: 'Your place', text: 'A place is yours.' };

describe('the outbox', () => {
  it('queues nothing when the deciding transaction rolls back', async () => {
    await expect(
      inTransaction(db, async (trx) => {
        await queueEmail(trx, { clientId, ...email, subject: 'rolled back' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await db.selectFrom('outbox_emails').select('id').where('subject', '=', 'rolled back').execute()).toEqual([]);
    expect(await queuedJobs(db)).toEqual([]);
  });

  it('sends over SMTP_URL once and marks it sent; a second delivery sends nothing', async () => {
    const smtp = await smtpServer();
    try {
      const id = await queueEmail(db, { clientId, ...email });
      expect((await queuedJobs(db)).map((j) => j.task_identifier)).toContain('send-email');
      const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'email-test-'));
      const settings = { smtpUrl: smtp.url, from: 'Bookings <bookings@example.com>', outboxDir };
      expect(await deliverEmail(db, id, settings)).toMatchObject({ sent: true, via: 'smtp' });
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]).toContain('Subject: Your place');
      expect(smtp.messages[0]).toContain('To: someone@example.com');
      expect(fs.readdirSync(outboxDir)).toEqual([]);
      const row = await db.selectFrom('outbox_emails').select(['sent_at', 'attempts']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.sent_at).not.toBeNull();
      expect(row.attempts).toBe(1);
      expect(await deliverEmail(db, id, settings)).toEqual({ sent: false });
      expect(smtp.messages).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it('writes an .eml file to the outbox directory without SMTP_URL', async () => {
    const id = await queueEmail(db, { clientId, ...email, kind: 'file_mail' });
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'email-test-'));
    const delivery = await deliverEmail(db, id, { smtpUrl: undefined, from: 'Bookings <bookings@example.com>', outboxDir });
    expect(delivery).toMatchObject({ sent: true, via: 'file', file: path.join(outboxDir, `${id}-file_mail.eml`) });
    const eml = fs.readFileSync(path.join(outboxDir, `${id}-file_mail.eml`), 'utf8');
    // The operator's name at its own domain (issue 21), not MAIL_FROM's 'Bookings'.
    expect(eml).toContain('From: Active North West <bookings@activenorthwest.example>');
    expect(eml).toContain('A place is yours.');
  });

  it('sends as the operator at MAIL_FROM\'s address when the operator has no address of its own', async () => {
    await db.updateTable('clients').set({ email_from_address: null }).where('id', '=', clientId).execute();
    try {
      const id = await queueEmail(db, { clientId, ...email, kind: 'fallback_mail' });
      const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'email-test-'));
      await deliverEmail(db, id, { smtpUrl: undefined, from: 'Bookings <bookings@example.com>', outboxDir });
      expect(fs.readFileSync(path.join(outboxDir, `${id}-fallback_mail.eml`), 'utf8')).toContain('From: Active North West <bookings@example.com>');
    } finally {
      await db.updateTable('clients').set({ email_from_address: 'bookings@activenorthwest.example' }).where('id', '=', clientId).execute();
    }
  });

  it('refuses a sender address that is not one address', async () => {
    for (const bad of ['not-an-address', 'a@b', 'x@y.example, z@w.example', 'Evil <x@y.example>']) {
      await expect(db.updateTable('clients').set({ email_from_address: bad }).where('id', '=', clientId).execute()).rejects.toThrow(/check constraint/);
    }
  });
});
