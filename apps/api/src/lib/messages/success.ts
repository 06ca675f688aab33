import type { FastifyInstance } from 'fastify';
import { requestLanguage } from '../language.ts';
import { welshMessage } from './welsh.ts';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A body's `message` and its list of row `errors` ({ line, message }) in Welsh; a new object, the original untouched. */
const welshBody = (body: Json): Json => {
  let out = body;
  if (typeof body.message === 'string') {
    const welsh = welshMessage(body.message);
    if (welsh !== undefined) out = { ...out, message: welsh };
  }
  if (Array.isArray(body.errors) && body.errors.some((row) => isObject(row) && typeof row.message === 'string')) {
    out = { ...out, errors: body.errors.map((row) => (isObject(row) && typeof row.message === 'string' ? { ...row, message: welshMessage(row.message) ?? row.message } : row)) };
  }
  return out;
};

/**
 * The messages a successful answer carries (`{ data, message }`, `{ data: { message } }`,
 * 'Successfully joined the waitlist.', 'Logged out.', a release's 'not open yet' 422 sent by its
 * route) in the request's language, before serialisation. A Welsh request gets new objects: a
 * payload may be a shared cached value and is never changed in place. English is not touched.
 */
export const registerSuccessMessages = (app: FastifyInstance) => {
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    if (!isObject(payload) || requestLanguage(request) !== 'cy') return payload;
    const top = welshBody(payload);
    return isObject(top.data) ? { ...top, data: welshBody(top.data) } : top;
  });
};
