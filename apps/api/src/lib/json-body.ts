import fp from 'fastify-plugin';
import { badRequest } from './errors.ts';

/** Deeper than any request of the product's contract (the deepest is about 5 levels). */
export const MAX_JSON_DEPTH = 32;
export const JSON_TOO_DEEP_MESSAGE = 'The request body is nested too deeply.';

/**
 * Whether the JSON text nests arrays and objects deeper than `max`, by one pass over the
 * characters (no recursion, so a 16 KB body of 8,000 brackets costs a loop, not the stack).
 * Brackets inside strings do not count. Malformed text is left to the parser.
 */
export const nestsDeeperThan = (text: string, max: number): boolean => {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c /* \ */) i += 1;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b /* { */ || char === 0x5b /* [ */) {
      depth += 1;
      if (depth > max) return true;
    } else if (char === 0x7d /* } */ || char === 0x5d /* ] */) {
      depth -= 1;
    }
  }
  return false;
};

/**
 * The JSON body parser: Fastify's own (with its prototype-poisoning checks), after a refusal of
 * bodies nested deeper than MAX_JSON_DEPTH with 400 (issue 22: 8,000 levels in 16 KB overflowed
 * the stack of every walk over the body, a 500 with two log lines, thousands of times a second).
 * It runs when the body is read, before validation and before any handler.
 */
export const jsonBodyPlugin = fp(async (app) => {
  const parse = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(badRequest('body_too_deep', JSON_TOO_DEEP_MESSAGE), undefined);
      return;
    }
    parse(request, text, done);
  });
});
