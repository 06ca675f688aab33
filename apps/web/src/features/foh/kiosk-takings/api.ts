import { useQuery } from '@tanstack/react-query';
import type { KioskTakings as KioskTakingsDto } from '@app/contract/foh/kiosk-takings';
import { api } from '../../../lib/api/client.ts';
import type { Camelized } from '../../../lib/api/camelized.ts';
import { runtimeConfig } from '../../../lib/runtime-config.ts';
import { fohKeys } from '../api/foh.ts';

/**
 * The kiosk's card takings (issue 24; contract foh/kiosk-takings.ts, docs/front-of-house.md
 * "Kiosk takings"): a venue's day of completed kiosk card payments. Staff only.
 */
export type KioskTakings = Camelized<KioskTakingsDto>;
export type KioskTakingsPayment = KioskTakings['payments'][number];

const foh = { base: 'fohBase' } as const;
const path = (venue: string) => `venues/${encodeURIComponent(venue)}/kiosk-takings`;

/** GET foh/venues/{venue}/kiosk-takings?date= (no date: the venue's today). */
export const useKioskTakings = (venue: string, date: string | null) =>
  useQuery({
    queryKey: [...fohKeys.all, 'kiosk-takings', venue, date ?? 'today'] as const,
    queryFn: ({ signal }) => api.get<KioskTakings>(path(venue), { ...foh, signal, ...(date ? { query: { date } } : {}) }),
    enabled: venue !== '',
    retry: false,
  });

export const kioskTakingsCsvHref = (venue: string, date: string) => `${runtimeConfig().fohBase.replace(/\/+$/, '')}/${path(venue)}.csv?date=${encodeURIComponent(date)}`;
