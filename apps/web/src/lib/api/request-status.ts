import type { ApiError } from './errors.ts';

/** The request-status record of spec §3/§4. */
export type RequestStatus = {
  requesting: boolean;
  error: string | null;
  statusCode: number | null;
  validationMessages: Record<string, string[]>;
};

export const initialRequestStatus: RequestStatus = {
  requesting: false,
  error: null,
  statusCode: null,
  validationMessages: {},
};

export type RequestAction =
  | { type: 'requesting' }
  | { type: 'succeeded'; statusCode: number }
  | { type: 'failed'; error: Pick<ApiError, 'message' | 'statusCode' | 'validationMessages'> }
  | { type: 'clear' };

export const requestStatusReducer = (state: RequestStatus, action: RequestAction): RequestStatus => {
  switch (action.type) {
    case 'requesting':
      return { ...initialRequestStatus, requesting: true };
    case 'succeeded':
      return { ...initialRequestStatus, statusCode: action.statusCode };
    case 'failed':
      return {
        requesting: false,
        error: action.error.message,
        statusCode: action.error.statusCode,
        validationMessages: action.error.validationMessages,
      };
    case 'clear':
      return initialRequestStatus;
    default:
      return state;
  }
};
