import { KIOSK_TERMINAL_CANCELLED_MESSAGE, KIOSK_TERMINAL_DECLINED_MESSAGE, KIOSK_TERMINAL_REVERSED_MESSAGE, KIOSK_TERMINAL_TIMED_OUT_MESSAGE } from '@app/contract/foh/kiosk-terminal';
import { NOTICE_RULE } from '@app/contract/rules/join-quote';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scanMessages, type Scan } from '../../../test/message-scan.ts';
import { GENERIC_ERROR_MESSAGE, GENERIC_FORBIDDEN_MESSAGE, GENERIC_NOT_FOUND_MESSAGE, GENERIC_UNAUTHENTICATED_MESSAGE } from '../errors.ts';
import { NULL_BYTE_MESSAGE } from '../null-bytes.ts';
import { inLanguage, welshMessage } from './welsh.ts';

/**
 * Places where the scan meets a message it cannot follow to its words, each with what it carries.
 * A new one fails the test below: follow it (message-scan.ts) or add it here with its reason.
 */
const NOT_FOLLOWED: Record<string, string> = {
  "apps/api/src/lib/null-bytes.ts Object.fromEntries(fields.map((field) => [field || 'body', [NULL_BYTE_MESSAGE]]))": 'NULL_BYTE_MESSAGE, checked below',
  'apps/api/src/modules/basket/expired.ts expired': 'the names of the expired items, not words of ours',
  'apps/api/src/modules/attendance/service.ts iso(at)': 'a timestamp, not words',
  'apps/api/src/modules/auth/routes.ts message': 'the changed-password message of auth/service.ts, scanned there',
  'apps/api/src/modules/memberships/account.ts result.message': "the cancel preview's message, scanned in previewOf",
  'apps/api/src/modules/memberships/quote.ts q.noticeRule': 'the notice rules of contract/rules/join-quote.ts, checked below',
  "apps/api/src/modules/kiosk-terminal/service.ts row.status === 'waiting' || row.status === 'approved' || row.status === 'completed' ? null : message":
    'REASON_MESSAGES and KIOSK_TERMINAL_REVERSED_MESSAGE, checked below',
  'apps/api/src/modules/manage/timetable-import.ts records.message': 'a CsvError of manage/csv.ts, checked below',
  'apps/api/src/modules/manage/timetable-import.ts message': "the row checks of the import (their literals are scanned) and zod's field messages",
  'apps/api/src/modules/manage/timetable-import.ts error.message': "an AppError's message, scanned where thrown",
  'apps/api/src/modules/manage/timetable-import.ts messages[0] ?? error.message': "an AppError's field messages, scanned where thrown",
};

/** Messages that reach an answer by a way the scan does not see (see NOT_FOLLOWED). */
const CARRIED = [
  'The given data was invalid.',
  'Invalid value',
  'Route GET /api/nowhere not found.',
  GENERIC_ERROR_MESSAGE,
  GENERIC_NOT_FOUND_MESSAGE,
  GENERIC_FORBIDDEN_MESSAGE,
  GENERIC_UNAUTHENTICATED_MESSAGE,
  NULL_BYTE_MESSAGE,
  KIOSK_TERMINAL_DECLINED_MESSAGE,
  KIOSK_TERMINAL_CANCELLED_MESSAGE,
  KIOSK_TERMINAL_TIMED_OUT_MESSAGE,
  KIOSK_TERMINAL_REVERSED_MESSAGE,
  'A quote inside an unquoted field: quote the whole field and double the quote.',
  'A quoted field is not closed.',
  NOTICE_RULE,
  'Paid for the year: it ends on its last day unless you renew, and after the 14-day cooling-off period it is not refunded.',
];

/** A scanned shape as the API could send it: each value ({}) stood in for by a number. */
const sample = (shape: string) => shape.replaceAll('{}', '7');

let scan: Scan;
beforeAll(() => {
  scan = scanMessages();
}, 180_000);

describe('the Welsh message catalogue', () => {
  it('finds the messages of apps/api/src and the contract (the scan works)', () => {
    const texts = new Set(scan.messages.map((m) => m.text));
    expect(texts).toContain('These credentials do not match our records.');
    expect(texts).toContain('Sorry, this session is full.');
    expect(texts).toContain('Must contain at most {} character(s)');
    expect(texts).toContain('Successfully joined the waitlist.');
    expect(texts.size).toBeGreaterThan(300);
  });

  it('has Welsh for every message thrown or answered anywhere in apps/api/src and every field message of the contract', () => {
    const missing = [...new Set(scan.messages.map((m) => m.text))]
      // A shape with no words of its own (a value, '{}.') has nothing to translate.
      .filter((text) => /[A-Za-z]/.test(text.replaceAll('{}', '')))
      .filter((text) => {
        const welsh = welshMessage(sample(text));
        return welsh === undefined || welsh === sample(text);
      })
      .map((text) => `${text}   (${scan.messages.find((m) => m.text === text)!.file})`);
    expect(missing).toEqual([]);
  });

  it('knows every place whose message it cannot follow (a new one is followed or listed with its reason)', () => {
    const places = [...new Set(scan.unresolved.map((u) => `${u.file} ${u.expression.slice(0, 100)}`))];
    expect(places.filter((place) => !(place in NOT_FOLLOWED))).toEqual([]);
  });

  it('has Welsh for the messages those places carry', () => {
    expect(CARRIED.filter((message) => welshMessage(message) === undefined)).toEqual([]);
  });

  it("has Welsh for zod's own messages, which a field without a message of its own gets", () => {
    const messagesOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error!.issues.map((issue) => issue.message);
    const english = [
      ...messagesOf(z.object({ name: z.string(), age: z.number(), ok: z.boolean() }), {}),
      ...messagesOf(z.object({}).strict(), { a: 1, b: 2 }),
      ...messagesOf(z.object({}).strict(), { a: 1 }),
      ...messagesOf(z.email(), 'nope'),
      ...messagesOf(z.uuid(), 'nope'),
      ...messagesOf(z.iso.date(), 'nope'),
      ...messagesOf(z.enum(['a', 'b']), 'c'),
      ...messagesOf(z.literal('a'), 'c'),
      ...messagesOf(z.number().max(10), 11),
      ...messagesOf(z.number().gt(0), 0),
      ...messagesOf(z.array(z.string()).max(1), ['a', 'b']),
      ...messagesOf(z.array(z.string()).min(1), []),
      ...messagesOf(z.string().regex(/^a$/), 'b'),
      ...messagesOf(z.int(), 1.5),
      ...messagesOf(z.number().multipleOf(5), 3),
      ...messagesOf(z.union([z.string(), z.number()]), true),
    ];
    expect(english.length).toBeGreaterThan(15);
    expect(english.filter((message) => welshMessage(message) === undefined || welshMessage(message) === message)).toEqual([]);
  });

  it('writes the values of a message into its Welsh, and translates the words among them', () => {
    expect(welshMessage('Must contain at most 254 character(s)')).toBe('Rhaid iddo gynnwys 254 nod ar y mwyaf');
    expect(welshMessage('The Junior ticket is for ages 5 to 11; Sam is 12.')).toBe("Mae'r tocyn Junior ar gyfer 5 i 11 oed; mae Sam yn 12 oed.");
    expect(welshMessage('This membership is cancelled: it ends on 5 January 2027.')).toBe("Mae'r aelodaeth hon wedi'i chanslo: mae'n dod i ben ar 5 Ionawr 2027."); // fixed-date: a sample long date, only its month word matters
    expect(welshMessage('Invalid input: expected string, received undefined')).toBe('Mewnbwn annilys: roedd disgwyl testun, cafwyd dim byd');
    expect(welshMessage('Too big: expected array to have <=1 items')).toBe("Rhy fawr: rhaid i'r rhestr gynnwys 1 eitem ar y mwyaf");
    expect(welshMessage('Too small: expected number to be >0')).toBe("Rhy fach: rhaid i'r rhif fod yn fwy na 0");
    expect(welshMessage('Too big: expected number to be <=10')).toBe("Rhy fawr: rhaid i'r rhif fod yn 10 ar y mwyaf");
  });

  it('leaves English as it is, and a message it does not know in English', () => {
    expect(inLanguage('Sorry, this session is full.', 'en-GB')).toBe('Sorry, this session is full.');
    expect(inLanguage('Sorry, this session is full.', 'cy')).toBe("Mae'n ddrwg gennym, mae'r sesiwn hon yn llawn.");
    expect(inLanguage('Not one of ours', 'cy')).toBe('Not one of ours');
  });
});
