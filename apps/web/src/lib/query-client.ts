import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api/errors.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx will not change by asking again.
      retry: (failureCount, error) => !(isApiError(error) && error.statusCode < 500) && failureCount < 2,
    },
  },
});
