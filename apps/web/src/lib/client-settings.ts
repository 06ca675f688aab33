import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_CURRENCY_SYMBOL } from '@app/contract/rules/money';
import { api } from './api/client.ts';

/** Client of spec §3 as the app uses it (camelCase after the API client's conversion). */
export type ClientSettings = {
  id: number;
  currency: { symbol: string };
  onlineJoiningEnabled: boolean;
  kioskHomeUrl: string | null;
  onlineGuestPassesEnabled: boolean;
  analytics: { containerId: string; auth: string | null; preview: string | null } | null;
};

/** What the shell assumes while the settings load or when they cannot be read. */
export const FALLBACK_CLIENT_SETTINGS: ClientSettings = {
  id: 0,
  currency: { symbol: DEFAULT_CURRENCY_SYMBOL },
  onlineJoiningEnabled: false,
  kioskHomeUrl: null,
  onlineGuestPassesEnabled: false,
  analytics: null,
};

export const clientSettingsQuery = queryOptions({
  queryKey: ['client'],
  queryFn: ({ signal }) => api.get<ClientSettings>('client', { signal }),
  initialData: () => api.peek<ClientSettings>('client'),
  staleTime: 5 * 60_000,
});

export const useClientSettings = (): ClientSettings => useQuery(clientSettingsQuery).data ?? FALLBACK_CLIENT_SETTINGS;
