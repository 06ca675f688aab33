/** One error type for the API (STYLE.md "One error type"). */
export class AppError extends Error {
  readonly statusCode: number;
  readonly errors: Record<string, string[]> | undefined;
  constructor(statusCode: number, message: string, errors?: Record<string, string[]>) {
    super(message);
    this.statusCode = statusCode;
    this.errors = errors;
  }
}

export const notFound = (message = 'Unable to complete request, item not found.') =>
  new AppError(404, message);
export const badRequest = (message: string, errors?: Record<string, string[]>) =>
  new AppError(400, message, errors);
export const unprocessable = (message: string, errors?: Record<string, string[]>) =>
  new AppError(422, message, errors);
export const forbidden = (message = 'Unauthorised.') => new AppError(403, message);
export const unauthorized = (message = 'Unauthenticated.') => new AppError(401, message);
export const conflict = (message: string) => new AppError(409, message);
