import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

/**
 * The confirmation email as the customer's mail program would read it: the server writes each
 * message to `<DATA_DIR>/outbox/<id>-<kind>.eml` when no SMTP_URL is set (the journeys' server
 * runs on E2E_DATA_DIR, playwright.config.ts), and these helpers take the MIME apart.
 */

export type MimePart = { headers: Map<string, string>; body: Buffer };

const headerBlock = (text: string) => {
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of text.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
};

const param = (header: string | undefined, name: string) => new RegExp(`${name}="?([^";]+)"?`, 'i').exec(header ?? '')?.[1];

const decode = (body: string, encoding: string | undefined) => {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64');
    case 'quoted-printable':
      return Buffer.from(
        body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
        'latin1',
      );
    default:
      return Buffer.from(body, 'utf8');
  }
};

/** The leaf parts of a MIME message (multiparts opened recursively), bodies decoded; [0] is the message's own headers. */
export const parseMessage = (raw: string): { headers: Map<string, string>; parts: MimePart[] } => {
  const split = (text: string): { headers: Map<string, string>; rest: string } => {
    const end = /\r?\n\r?\n/.exec(text);
    return end ? { headers: headerBlock(text.slice(0, end.index)), rest: text.slice(end.index + end[0].length) } : { headers: headerBlock(text), rest: '' };
  };
  const leaves = (headers: Map<string, string>, body: string): MimePart[] => {
    const type = headers.get('content-type') ?? 'text/plain';
    const boundary = param(type, 'boundary');
    if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [{ headers, body: decode(body, headers.get('content-transfer-encoding')) }];
    const sections = body.split(new RegExp(`\\r?\\n?--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:--)?[ \\t]*\\r?\\n?`));
    // sections[0] is the preamble, the last one the epilogue after the closing boundary.
    return sections.slice(1, -1).flatMap((section) => {
      const part = split(section);
      return leaves(part.headers, part.rest);
    });
  };
  const message = split(raw);
  return { headers: message.headers, parts: leaves(message.headers, message.rest) };
};

/**
 * A header as its reader sees it: RFC 2047 encoded words (`=?UTF-8?Q?Archeb_wedi=E2=80=99i?=`, a
 * Welsh subject's) decoded; the whitespace between two encoded words dropped.
 */
export const decodeHeader = (value: string) =>
  value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString(charset.toLowerCase() === 'utf-8' ? 'utf8' : 'latin1')
        : Buffer.from(text.replaceAll('_', ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))), 'latin1').toString('utf8'),
    );

/** Waits for the order-confirmation .eml whose subject names `reference` and answers it parsed. */
export const confirmationEmail = async (reference: string) => {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  let raw = '';
  await expect
    .poll(
      () => {
        const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('-order-confirmation.eml')) : [];
        raw = files.map((f) => fs.readFileSync(path.join(outbox, f), 'utf8')).find((eml) => decodeHeader(parseMessage(eml).headers.get('subject') ?? '').includes(reference)) ?? '';
        return raw.length > 0;
      },
      { message: `the confirmation email for ${reference} in ${outbox}`, timeout: 20_000 },
    )
    .toBe(true);
  return parseMessage(raw);
};

/** The VEVENTs of an iCalendar text (lines unfolded), each as its property lines. */
export const calendarEvents = (ics: string) => {
  const lines = ics.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  expect(lines.filter(Boolean).at(-1)).toBe('END:VCALENDAR');
  const events: string[][] = [];
  let inEvent = false;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') {
      inEvent = true;
      events.push([]);
    } else if (line === 'END:VEVENT') inEvent = false;
    else if (inEvent) events.at(-1)!.push(line);
  }
  expect(ics.match(/^BEGIN:VEVENT$/gm)?.length ?? 0).toBe(events.length);
  return events.map((props) => ({
    summary: props.find((p) => p.startsWith('SUMMARY'))?.replace(/^SUMMARY[^:]*:/, '') ?? '',
    dtstart: props.find((p) => p.startsWith('DTSTART'))?.replace(/^DTSTART[^:]*:/, '') ?? '',
  }));
};

/** Waits for the .eml of `kind` sent to `to` (delivered by the job runner) and answers its plain-text part. */
export const emailTextTo = async (kind: string, to: string) => {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  let raw = '';
  await expect
    .poll(
      () => {
        const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith(`-${kind}.eml`)) : [];
        raw = files.map((f) => fs.readFileSync(path.join(outbox, f), 'utf8')).find((eml) => parseMessage(eml).headers.get('to')?.includes(to)) ?? '';
        return raw.length > 0;
      },
      { message: `the ${kind} email to ${to} in ${outbox}`, timeout: 30_000 },
    )
    .toBe(true);
  const text = parseMessage(raw).parts.find((part) => (part.headers.get('content-type') ?? '').startsWith('text/plain'));
  return text!.body.toString('utf8');
};
