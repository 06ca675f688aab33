import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';

const GENERIC_500 = 'Something has gone wrong, please try again.';

type ValidationIssue = { instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } };

const fieldOf = (issue: ValidationIssue, context: string | undefined): string => {
  const fromPath = issue.params?.issue?.path?.map(String).join('.');
  if (fromPath) return fromPath;
  const fromInstance = issue.instancePath?.replace(/^\//, '').replaceAll('/', '.');
  return fromInstance || context || 'body';
};

/** One error handler: DESIGN.md §3 shape, real statuses, no stack traces or SQL in responses. */
export const registerErrorHandler = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation as ValidationIssue[]) {
        const field = fieldOf(issue, error.validationContext);
        (errors[field] ??= []).push(issue.message ?? 'Invalid value');
      }
      return reply.status(422).send({ message: 'The given data was invalid.', errors });
    }
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ message: GENERIC_500 });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ message: GENERIC_500 });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type…) keep their status.
    return reply.status(status).send({ message: error.message });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found.` }),
  );
};
