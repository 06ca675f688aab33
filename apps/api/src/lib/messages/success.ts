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
  let out: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const welsh = typeof item === 'string' ? (SENTENCE_KEYS.has(key) ? (welshMessage(item) ?? item) : item) : inWelsh(item, depth + 1);
    if (welsh !== item) (out ??= { ...value })[key] = welsh;
  }
  return out ?? value;
};

/**
 * The words of a successful answer ('Successfully joined the waitlist.', `{ data: { message } }`,
 * a release's "not open yet" 422 sent by its route, an import report's rows, a course's
 * `reason`, a membership's `notice_rule`) in the request's language, before serialisation. A
 * Welsh request gets new objects where something changed: a payload may be a shared cached value
 * and is never changed in place. English is not touched.
 */
export const registerSuccessMessages = (app: FastifyInstance) => {
  // The callback form: no promise per request on the busiest paths (an English answer costs one cookie read).
  app.addHook('preSerialization', (request, _reply, payload: unknown, done) => done(null, requestLanguage(request) === 'cy' ? inWelsh(payload, 0) : payload));
};
