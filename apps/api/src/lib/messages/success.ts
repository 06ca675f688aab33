// The `cookies` of a request (read by requestLanguage) come from this plugin's type augmentation.
import type {} from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { requestLanguage } from '../language.ts';
import { welshMessage } from './welsh.ts';

/**
 * The fields of an answer that carry words the server wrote: a success `message`, a refusal
 * `reason` (a course that has started, a ticket's age rule), a membership's `how_to_cancel` and
 * `notice_rule`. A value the catalogue does not know (a code such as 'full', a reason typed by
 * staff) is left as it is.
 */
const SENTENCE_KEYS = new Set(['message', 'reason', 'how_to_cancel', 'notice_rule']);

/** How deep the walk goes: answers are a few levels deep; a deeper value is left as it is. */
const MAX_DEPTH = 8;

/** `value` with its sentence fields in Welsh: a new object or array where something changed, the same one otherwise. */
const inWelsh = (value: unknown, depth: number): unknown => {
  if (depth > MAX_DEPTH || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    value.forEach((item, i) => {
      const welsh = inWelsh(item, depth + 1);
      if (welsh !== item) (out ??= [...value])[i] = welsh;
    });
    return out ?? value;
  }
  if (value instanceof Date || Buffer.isBuffer(value)) return value;
  const record = value as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(record)) {
    const item = record[key];
    if (typeof item !== 'object' && typeof item !== 'string') continue;
    const welsh = typeof item === 'string' ? (SENTENCE_KEYS.has(key) ? sentence(item) : item) : inWelsh(item, depth + 1);
    if (welsh !== item) (out ??= { ...record })[key] = welsh;
  }
  return out ?? value;
};

/** The same few texts repeat across a big answer ('full' on many sessions): looked up once each. */
const known = new Map<string, string>();
const sentence = (text: string): string => {
  let welsh = known.get(text);
  if (welsh === undefined) {
    welsh = welshMessage(text) ?? text;
    // Bounded: names and typed reasons vary without end.
    if (known.size < 5000) known.set(text, welsh);
  }
  return welsh;
};

/** An answer with its sentence fields in Welsh (new objects where something changed). */
export const welshAnswer = (payload: unknown) => inWelsh(payload, 0);

/**
 * The words of a successful answer ('Successfully joined the waitlist.', `{ data: { message } }`,
 * a release's "not open yet" 422 sent by its route, an import report's rows, a course's
 * `reason`, a membership's `notice_rule`) in the request's language, before serialisation. A
 * Welsh request gets new objects where something changed: a payload may be a shared cached value
 * and is never changed in place. English is not touched.
 */
export const registerSuccessMessages = (app: FastifyInstance) => {
  // The callback form: no promise per request on the busiest paths (an English answer costs one cookie read).
  app.addHook('preSerialization', (request, _reply, payload: unknown, done) => done(null, requestLanguage(request) === 'cy' ? welshAnswer(payload) : payload));
};
