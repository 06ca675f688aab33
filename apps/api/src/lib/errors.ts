/** The answer of spec §8 for any failure of ours (status ≥ 500): no detail reaches a customer. */
export const GENERIC_ERROR_MESSAGE = 'Something has gone wrong, please try again.';
/** Spec §8 generic 404, 403 and 401 texts. */
export const GENERIC_NOT_FOUND_MESSAGE = 'Unable to complete request, item not found.';
export const GENERIC_FORBIDDEN_MESSAGE = 'Unauthorised.';
export const GENERIC_UNAUTHENTICATED_MESSAGE = 'Unauthenticated.';

export type FieldErrors = Record<string, string[]>;

export type AppErrorInit = {
  /** Stable, snake_case ('venue_not_found'): clients and logs may rely on it; wording may change. */
  code: string;
  /** The HTTP status the error handler answers with. */
  status: number;
  /**
   * User-safe text for a 4xx. For a status ≥ 500 it is only logged: the response carries
   * GENERIC_ERROR_MESSAGE instead, so it may name internals.
   */
  message: string;
  /** Field → messages, as a 422 carries them. */
  errors?: FieldErrors;
  /**
   * When the client may try again, in seconds: the error handler sends it as `Retry-After`
   * (a 429 of the login limiter or the hash pool, a 503). Routes never set it themselves.
   */
  retryAfterSeconds?: number;
  cause?: unknown;
};

/**
 * The one error type of the API (STYLE.md "One error type"). Services throw it; the error
 * handler (lib/error-handler.ts) turns it into `{ message, code, errors? }` with its status,
 * and its `retryAfterSeconds` into a `Retry-After` header.
 */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly errors: FieldErrors | undefined;
  readonly retryAfterSeconds: number | undefined;
  constructor({ code, status, message, errors, retryAfterSeconds, cause }: AppErrorInit) {
    // A refusal (4xx) is answered and never logged: capturing its stack trace would be wasted
    // work on the busiest path (a full session at the release minute, docs/performance.md).
    const limit = Error.stackTraceLimit;
    if (status < 500) Error.stackTraceLimit = 0;
    try {
      super(message, cause === undefined ? undefined : { cause });
    } finally {
      Error.stackTraceLimit = limit;
    }
    this.name = 'AppError';
    this.code = code;
    this.status = status;
    this.errors = errors;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const notFound = (code = 'not_found', message = GENERIC_NOT_FOUND_MESSAGE) =>
  new AppError({ code, status: 404, message });
export const badRequest = (code: string, message: string, errors?: FieldErrors) =>
  new AppError({ code, status: 400, message, errors });
export const unprocessable = (code: string, message: string, errors?: FieldErrors) =>
  new AppError({ code, status: 422, message, errors });
export const forbidden = (code = 'forbidden', message = GENERIC_FORBIDDEN_MESSAGE) =>
  new AppError({ code, status: 403, message });
export const unauthorized = (code = 'unauthenticated', message = GENERIC_UNAUTHENTICATED_MESSAGE) =>
  new AppError({ code, status: 401, message });
export const conflict = (code: string, message: string) => new AppError({ code, status: 409, message });
/** 503: `detail` is logged; the customer sees the generic message (the code says what it is). */
export const serviceUnavailable = (code: string, detail: string) => new AppError({ code, status: 503, message: detail });
/** 500 for a broken invariant: `detail` is logged, never sent. */
export const internalError = (code: string, detail: string, cause?: unknown) =>
  new AppError({ code, status: 500, message: detail, cause });
