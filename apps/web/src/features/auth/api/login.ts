import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { runAfterLogin } from '../login-modal.ts';
import { api } from '../../../lib/api/client.ts';
import { getSelectedVenue, setSelectedVenue } from '../../../lib/selected-venue.ts';
import type { LoginRequest, LoginResponse } from '@app/contract/auth/login';
import type { Camelized } from '../../../lib/api/camelized.ts';
import { authUserQuery } from './auth-user.ts';
import { authKeys } from '../../../lib/query-keys/auth.ts';

/** Spec §9: login attempt delay. */
export const LOGIN_ATTEMPT_DELAY_MS = 250;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Login (spec §4): request, then success (token stored, user loaded, the user's home venue
 * selected if none is) or failure (the server message is kept by the mutation).
 */
export const useLogin = ({ onSuccess }: { onSuccess?: () => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ username, password }: LoginRequest) => {
      await wait(LOGIN_ATTEMPT_DELAY_MS);
      return api.post<Camelized<LoginResponse>['data']>('customer/login', { username, password }, { base: 'authBase' });
    },
    onSuccess: async () => {
      await completeLogin(queryClient);
      onSuccess?.();
    },
  });
};

/**
 * What every way of logging in ends with (login, sign-up, a cross-site login token), once the
 * server has set the session cookies on its answer: the user loaded, their home venue selected if none is, the other queries reloaded
 * (spec §4 "Reloading": timetable, dates and basket depend on who is logged in), and a pending
 * action (a Book click) finished.
 */
export const completeLogin = async (queryClient: QueryClient) => {
  // Handed back before the user loads: the screen that waits for it acts once the user is there
  // (the timetable's pending Book), so it runs once however the login happened.
  runAfterLogin();
  const user = await queryClient.fetchQuery({ ...authUserQuery(), staleTime: 0 });
  if (!getSelectedVenue().slug && user.homeVenueSlug) setSelectedVenue(user.homeVenueSlug);
  await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
};
