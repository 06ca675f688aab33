import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api/client.ts';
import { getAuthToken } from './api/auth-token.ts';

export type MembershipUser = {
  id: number;
  firstName: string;
  lastName: string;
  relationship: 'self' | 'partner' | 'child' | 'other';
  dateOfBirth: string | null;
  homeVenueId: number | null;
  homeVenueSlug: string | null;
};

/** The auth user of spec §3 as the client sees it (camelCase). */
export type AuthUser = {
  id: number;
  reference: string;
  firstName: string;
  lastName: string;
  email: string;
  role: 'customer' | 'staff';
  homeVenueSlug: string | null;
  membershipUser: MembershipUser;
  membershipUsers: MembershipUser[];
  credit: { balance: number };
};

export const AUTH_USER_KEY = ['auth', 'user'] as const;

export const authUserQuery = () =>
  queryOptions({
    queryKey: AUTH_USER_KEY,
    queryFn: ({ signal }) => api.get<AuthUser>('user', { base: 'authBase', signal }),
    enabled: Boolean(getAuthToken()),
    staleTime: 5 * 60_000,
  });

export const useAuthUser = () => useQuery(authUserQuery());
