import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_CURRENCY_SYMBOL } from '@app/contract/rules/money';
import type { GetClientResponse } from '@app/contract/client/get-client';
import { api } from './api/client.ts';
import type { Camelized } from './api/camelized.ts';
import { clientKeys } from './query-keys/client.ts';

/** Client of spec §3 as the app uses it: the contract's response, camelCased by the API client. */
export type ClientSettings = Camelized<GetClientResponse>['data'];

/** What the shell assumes while the settings load or when they cannot be read. */
export const FALLBACK_CLIENT_SETTINGS: ClientSettings = {
  id: 0,
  // No name yet: the header says the locale's site name until the settings arrive (they come with the page).
  name: '',
  currency: { symbol: DEFAULT_CURRENCY_SYMBOL },
  onlineJoiningEnabled: false,
  kioskHomeUrl: null,
  onlineGuestPassesEnabled: false,
  analytics: null,
};

export const clientSettingsQuery = queryOptions({
  queryKey: clientKeys.all,
  queryFn: ({ signal }) => api.get<ClientSettings>('client', { signal }),
  initialData: () => api.peek<ClientSettings>('client'),
  staleTime: 5 * 60_000,
});

export const useClientSettings = (): ClientSettings => useQuery(clientSettingsQuery).data ?? FALLBACK_CLIENT_SETTINGS;
