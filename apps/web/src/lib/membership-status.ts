import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ListMembershipsResponse } from '@app/contract/memberships/list-memberships';
import { api } from './api/client.ts';
import { hasSession } from './api/auth-token.ts';
import { holdingsKeys } from './query-keys/holdings.ts';

/**
 * Whether the person looking holds a membership (issue 21, docs/first-booking.md "Prices and
 * choices"): 'member' (a membership of the account that is not cancelled), 'none' (a visitor, or
 * an account without one), or 'unknown' while it cannot be known — on the server (the
 * server-rendered home page has no session to ask with) and while a logged-in customer's
 * memberships load. The header, the drawer and /pricing show a neutral label for 'unknown', so
 * no wrong label flashes after hydration. Shares the cache of My account → Memberships.
 */
export type MembershipStatus = 'member' | 'none' | 'unknown';

const noop = () => () => {};

export const useMembershipStatus = (): MembershipStatus => {
  // The server snapshot (and the hydration render) is 'not known'; the browser knows whether there is a session.
  const session = useSyncExternalStore(noop, () => (hasSession() ? 'yes' : 'no'), () => 'unknown');
  const memberships = useQuery({
    queryKey: holdingsKeys.memberships(),
    queryFn: ({ signal }) => api.get<ListMembershipsResponse['data']>('memberships', { base: 'dashboardBase', signal }),
    enabled: session === 'yes',
    staleTime: 5 * 60_000,
  });
  if (session === 'unknown') return 'unknown';
  if (session === 'no') return 'none';
  if (!memberships.data) return memberships.isError ? 'none' : 'unknown';
  return Array.isArray(memberships.data) && memberships.data.some((m) => m.status !== 'cancelled') ? 'member' : 'none';
};
