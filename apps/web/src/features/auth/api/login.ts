import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { setAuthToken } from '../../../lib/api/auth-token.ts';
import { getSelectedVenue, setSelectedVenue } from '../../../lib/selected-venue.ts';
import { AUTH_USER_KEY, type AuthUser } from '../../../lib/auth-user.ts';

/** Spec §9: login attempt delay. */
export const LOGIN_ATTEMPT_DELAY_MS = 250;

export type LoginInput = { username: string; password: string };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Login (spec §4): request, then success (token stored, user loaded, the user's home venue
 * selected if none is) or failure (the server message is kept by the mutation).
 */
export const useLogin = ({ onSuccess }: { onSuccess?: () => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ username, password }: LoginInput) => {
      await wait(LOGIN_ATTEMPT_DELAY_MS);
      return api.post<{ token: string }>('customer/login', { username, password }, { base: 'authBase' });
    },
    onSuccess: async ({ token }) => {
      setAuthToken(token);
      const user = await queryClient.fetchQuery({
        queryKey: AUTH_USER_KEY,
        queryFn: () => api.get<AuthUser>('user', { base: 'authBase' }),
      });
      if (!getSelectedVenue().slug && user.homeVenueSlug) setSelectedVenue(user.homeVenueSlug);
      // Spec §4 "Reloading": timetable, dates and basket depend on who is logged in.
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
      onSuccess?.();
    },
  });
};
