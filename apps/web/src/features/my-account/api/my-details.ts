import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordRequest, ChangePasswordResponse, MyDetailsResponse, UpdateMyDetailsRequest } from '@app/contract/auth/my-details';
import { api } from '../../../lib/api/client.ts';
import type { Camelized } from '../../../lib/api/camelized.ts';
import { authKeys } from '../../../lib/query-keys/auth.ts';

export type MyDetails = Camelized<MyDetailsResponse>['data'];
export type MyDetailsChange = Camelized<UpdateMyDetailsRequest>;

/** GET {dashboard}/details: name, contact details, emergency contact, marketing preferences. */
export const myDetailsQuery = () =>
  queryOptions({
    queryKey: authKeys.details(),
    queryFn: ({ signal }) => api.get<MyDetails>('details', { base: 'dashboardBase', signal }),
  });
export const useMyDetails = () => useQuery(myDetailsQuery());

/** PATCH {dashboard}/details; the answer is the new details, and the auth user (name) reloads. */
export const useUpdateMyDetails = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: MyDetailsChange) => api.patch<MyDetails>('details', change, { base: 'dashboardBase' }),
    onSuccess: async (details) => {
      queryClient.setQueryData(authKeys.details(), details);
      await queryClient.invalidateQueries({ queryKey: authKeys.user() });
    },
  });
};

/**
 * POST {auth}/customer/change-password: other sessions end; this browser's session gets a new
 * token, which arrives as its HttpOnly cookie (with a new CSRF token) on the answer.
 */
export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: Camelized<ChangePasswordRequest>) =>
      api.post<Camelized<ChangePasswordResponse>['data']>('customer/change-password', body, { base: 'authBase' }),
  });
