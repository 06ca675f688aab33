import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterRequest, RegisterResponse } from '@app/contract/auth/register';
import type { OnboardingType } from '@app/contract/rules/onboarding';
import type { ForgottenPasswordResponse, ResetPasswordResponse } from '@app/contract/auth/forgotten-password';
import type { CreateFamilyMemberRequest, FamilyMemberResponse, UpdateFamilyMemberRequest } from '@app/contract/account/family-member';
import { api } from '../../../lib/api/client.ts';
import type { Camelized } from '../../../lib/api/camelized.ts';
import { authKeys } from '../../../lib/query-keys/auth.ts';
import { completeLogin } from '../../auth/public.ts';

/** Spec §7 `customer/register`: the form, snake-cased by the client, with `client_id` and `source`; `onboarding_type` in the query. */
export const useRegister = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, onboardingType }: { body: Camelized<RegisterRequest>; onboardingType: OnboardingType }) =>
      api.post<Camelized<RegisterResponse>['data']>('customer/register', body, { base: 'authBase', query: { onboardingType } }),
    // A new account is logged in at once; an address already registered gets no token (docs/account.md).
    onSuccess: async (result) => {
      if (result.token) await completeLogin(queryClient);
    },
  });
};

export const useForgottenPassword = () =>
  useMutation({
    mutationFn: (emailOrReference: string) =>
      api.post<Camelized<ForgottenPasswordResponse>['data']>('customer/forgotten-password', { emailOrReference }, { base: 'authBase' }),
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      api.post<Camelized<ResetPasswordResponse>['data']>('customer/reset-password', body, { base: 'authBase' }),
  });

type Member = Camelized<FamilyMemberResponse>['data'];
const FAMILY = 'family-members';

/** Family members under the dashboard base; the list itself is the auth user's `membershipUsers`. */
export const useFamilyMutations = () => {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: authKeys.all });
  return {
    add: useMutation({ mutationFn: (body: Camelized<CreateFamilyMemberRequest>) => api.post<Member>(FAMILY, body, { base: 'dashboardBase' }), onSuccess }),
    update: useMutation({
      mutationFn: ({ id, ...body }: Camelized<UpdateFamilyMemberRequest> & { id: number }) => api.request<Member>(`${FAMILY}/${id}`, { method: 'PATCH', body, base: 'dashboardBase' }),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: number) => api.delete<{ message: string }>(`${FAMILY}/${id}`, { base: 'dashboardBase' }), onSuccess }),
  };
};
