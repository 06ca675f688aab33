import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, GENERIC_ERROR_MESSAGE } from './errors.ts';
import { requestLanguage } from './language.ts';
import { errorsInLanguage, FASTIFY_STATUS_WELSH, inLanguage, welshMessage } from './messages/welsh.ts';
import { registerSuccessMessages } from './messages/success.ts';

type ValidationIssue = { instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } };

const fieldOf = (issue: ValidationIssue, context: string | undefined): string => {
  const fromPath = issue.params?.issue?.path?.map(String).join('.');
  if (fromPath) return fromPath;
  const fromInstance = issue.instancePath?.replace(/^\//, '').replaceAll('/', '.');
  return fromInstance || context || 'body';
};

/** Codes for Fastify's own 4xx answers (bad JSON, body too large, …), by status. */
const CODE_BY_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
};

/**
 * One error handler: DESIGN.md §3 shape `{ message, errors? }` plus a stable `code`, real
 * statuses, and for any status ≥ 500 only the generic message of spec §8 (the detail goes to
 * the log with the request id) — except a deliberate 503, whose message is user-safe.
 * The `message` and every `errors` entry are in the request's language (lib/language.ts): a
 * Welsh request gets the catalogue's Welsh (lib/messages/welsh.ts), English stays as it is; the
 * `code` never changes.
 */
export const registerErrorHandler = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = requestLanguage(request);
    const say = (message: string) => inLanguage(message, language);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation as ValidationIssue[]) {
        const field = fieldOf(issue, error.validationContext);
        (errors[field] ??= []).push(say(issue.message ?? 'Invalid value'));
      }
      return reply.status(422).send({ message: say('The given data was invalid.'), code: 'validation_failed', errors });
    }
    if (error instanceof AppError) {
      // The one place a refusal's headers are set: routes rethrow, never decorate the reply.
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      // A 503 is thrown on purpose (planned maintenance) with a message written for customers
      // and their scripts; every other 5xx hides its detail.
      if (error.status >= 500 && error.status !== 503) {
        request.log.error({ err: error, code: error.code }, 'request failed');
        return reply.status(error.status).send({ message: say(GENERIC_ERROR_MESSAGE), code: error.code });
      }
      return reply
        .status(error.status)
        .send(
          error.errors
            ? { message: say(error.message), code: error.code, errors: errorsInLanguage(error.errors, language) }
            : { message: say(error.message), code: error.code },
        );
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ message: say(GENERIC_ERROR_MESSAGE), code: 'internal_error' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ message: say(GENERIC_ERROR_MESSAGE), code: 'internal_error' });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type…) keep their status;
    // in Welsh, the catalogue's text or a plain sentence for the status.
    const message = language === 'cy' ? (welshMessage(error.message) ?? FASTIFY_STATUS_WELSH[status] ?? say(GENERIC_ERROR_MESSAGE)) : error.message;
    return reply.status(status).send({ message, code: CODE_BY_STATUS[status] ?? 'request_failed' });
  });

  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send({ message: inLanguage(`Route ${request.method} ${request.url.split('?')[0]} not found.`, requestLanguage(request)), code: 'route_not_found' }),
  );

  registerSuccessMessages(app);
};
