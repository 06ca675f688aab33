import { queryOptions } from '@tanstack/react-query';
import type { ListMembershipsResponse } from '@app/contract/memberships/list-memberships';
import type { ListPackagesResponse } from '@app/contract/packages/list-packages';
import type { ListGuestPassesResponse } from '@app/contract/guest-passes/list-guest-passes';
import type { ListAccountOrdersResponse, ReceiptResponse } from '@app/contract/orders/account-orders';
import { api } from '../../../lib/api/client.ts';
import type { Camelized } from '../../../lib/api/camelized.ts';
import { holdingsKeys } from '../../../lib/query-keys/holdings.ts';

export type Membership = Camelized<ListMembershipsResponse>['data'][number];
export type PackageHolding = Camelized<ListPackagesResponse>['data'][number];
export type GuestPasses = Camelized<ListGuestPassesResponse>;
export type AccountOrder = Camelized<ListAccountOrdersResponse>['data'][number];
export type Receipt = Camelized<ReceiptResponse>['data'];

/** GET {dashboard}/memberships. */
export const membershipsQuery = () =>
  queryOptions({ queryKey: holdingsKeys.memberships(), queryFn: ({ signal }) => api.get<Membership[]>('memberships', { base: 'dashboardBase', signal }) });

/** GET {dashboard}/packages. */
export const packagesQuery = () =>
  queryOptions({ queryKey: holdingsKeys.packages(), queryFn: ({ signal }) => api.get<PackageHolding[]>('packages', { base: 'dashboardBase', signal }) });

/**
 * GET {dashboard}/guest-passes: `data` and `summary` side by side, so the response is read whole
 * (the client unwraps only a body whose one payload is `data`).
 */
export const guestPassesQuery = () =>
  queryOptions({
    queryKey: holdingsKeys.guestPasses(),
    queryFn: async ({ signal }) => {
      const passes = await api.get<GuestPasses['data']>('guest-passes', { base: 'dashboardBase', signal });
      const used = passes.filter((pass) => pass.status === 'used').length;
      return { data: passes, summary: { held: passes.length, used, available: passes.length - used } } satisfies GuestPasses;
    },
  });

/** GET {dashboard}/orders: newest first. */
export const ordersQuery = () =>
  queryOptions({ queryKey: holdingsKeys.orders(), queryFn: ({ signal }) => api.get<AccountOrder[]>('orders', { base: 'dashboardBase', signal }) });

/** GET {dashboard}/orders/{orderId}: the receipt. */
export const receiptQuery = (orderId: string) =>
  queryOptions({ queryKey: holdingsKeys.receipt(orderId), queryFn: ({ signal }) => api.get<Receipt>(`orders/${encodeURIComponent(orderId)}`, { base: 'dashboardBase', signal }) });
