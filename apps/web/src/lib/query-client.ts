import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api/errors.ts';

/** One per page in the browser; the server makes a fresh one for each render (entry-server.tsx). */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not change by asking again.
        retry: (failureCount, error) => !(isApiError(error) && error.statusCode < 500) && failureCount < 2,
      },
    },
  });

export const queryClient = createQueryClient();
