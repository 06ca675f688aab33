/** A failed API call: the response message, its status and its validation messages (spec §8). */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly validationMessages: Record<string, string[]>;
  constructor(message: string, statusCode: number, validationMessages: Record<string, string[]> = {}) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.validationMessages = validationMessages;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
