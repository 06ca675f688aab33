import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ListMembershipsResponse } from '@app/contract/memberships/list-memberships';
import { api } from './api/client.ts';
import { hasSession } from './api/auth-token.ts';
import { holdingsKeys } from './query-keys/holdings.ts';

/**
 * Whether the person looking holds a membership (issue 21, docs/first-booking.md "Prices and
 * choices"): 'member' (a membership of the account that is not cancelled), 'none' (a visitor, or
 * an account without one), or 'unknown' while a logged-in customer's memberships load (on the
 * server too, which never asks with their session). /pricing shows its skeleton for 'unknown',
 * so no wrong label flashes after hydration. Shares the cache of My account → Memberships.
 */
export type MembershipStatus = 'member' | 'none' | 'unknown';

const noop = () => () => {};
const sessionSnapshot = () => (hasSession() ? 'yes' : 'no');

export const useMembershipStatus = (): MembershipStatus => {
  // The readable logged-in cookie says whether there is a session, on the server (the request's
  // cookies) as in the browser, so a visitor's page is rendered and hydrated as a visitor's
  // (issue 28: no change at hydration).
  const session = useSyncExternalStore(noop, sessionSnapshot, sessionSnapshot);
  const memberships = useQuery({
    queryKey: holdingsKeys.memberships(),
    queryFn: ({ signal }) => api.get<ListMembershipsResponse['data']>('memberships', { base: 'dashboardBase', signal }),
    enabled: session === 'yes',
    staleTime: 5 * 60_000,
  });
  if (session === 'no') return 'none';
  if (!memberships.data) return memberships.isError ? 'none' : 'unknown';
  return Array.isArray(memberships.data) && memberships.data.some((m) => m.status !== 'cancelled') ? 'member' : 'none';
};
