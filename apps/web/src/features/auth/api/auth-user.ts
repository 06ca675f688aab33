import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GetAuthUserResponse } from '@app/contract/auth/get-auth-user';
import { api } from '../../../lib/api/client.ts';
import { hasSession } from '../../../lib/api/auth-token.ts';
import type { Camelized } from '../../../lib/api/camelized.ts';
import { authKeys } from '../../../lib/query-keys/auth.ts';

/** The auth user of spec §3 as the client sees it: the contract's response, camelCased. */
export type AuthUser = Camelized<GetAuthUserResponse>['data'];

export const authUserQuery = () =>
  queryOptions({
    queryKey: authKeys.user(),
    queryFn: ({ signal }) => api.get<AuthUser>('user', { base: 'authBase', signal }),
    enabled: hasSession(),
    staleTime: 5 * 60_000,
  });

export const useAuthUser = () => useQuery(authUserQuery());
