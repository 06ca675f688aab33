import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicReleaseDto, ReleaseRequestDto } from '@app/contract/releases/releases';
import { api } from '../../../lib/api/client.ts';
import type { Camelized } from '../../../lib/api/camelized.ts';
import { basketKeys } from '../../../lib/query-keys/basket.ts';
import { releaseKeys } from '../../../lib/query-keys/releases.ts';
import type { CartAddItem } from '../../basket/public.ts';
import { jitterMs, nextLookMs } from '../release-rules.ts';

export type PublicRelease = Camelized<PublicReleaseDto>;
export type ReleaseRequest = Camelized<ReleaseRequestDto>;

const enc = encodeURIComponent;

/**
 * GET {activities}/venues/{venue}/releases/{date} (public; docs/release.md): the day's release,
 * its committed seed hash, the seed once drawn. A date without one answers 404 (not retried).
 * Looked at again only around the instant (release-rules.ts `nextLookMs`, with jitter).
 */
export const useRelease = (venueSlug: string, date: string, enabled: boolean) =>
  useQuery({
    queryKey: releaseKeys.day(venueSlug, date),
    queryFn: ({ signal }) => api.get<PublicRelease>(`venues/${enc(venueSlug)}/releases/${enc(date)}`, { base: 'activitiesBase', signal }),
    enabled,
    staleTime: 60_000,
    retry: (count, error) => count < 2 && !(error && 'statusCode' in error && [403, 404].includes((error as { statusCode: number }).statusCode)),
    refetchInterval: (query) => {
      const data = query.state.data;
      return data ? nextLookMs(Date.parse(data.releaseAt), data.drawn, Date.now(), jitterMs()) : false;
    },
  });

/**
 * GET {activities}/release-requests: the customer's requests. While one is waiting, looked at
 * again just after its release and then sparingly until it is decided (no request storm at
 * the instant); a request becoming granted refreshes the basket (the hold is in it).
 */
export const useReleaseRequests = (enabled: boolean) => {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: releaseKeys.requests(),
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<ReleaseRequest[]>(releaseKeys.requests());
      const list = await api.get<ReleaseRequest[]>('release-requests', { base: 'activitiesBase', signal });
      const newlyGranted = list.some((r) => r.status === 'granted' && before?.find((b) => b.id === r.id)?.status === 'waiting');
      if (newlyGranted) void queryClient.invalidateQueries({ queryKey: basketKeys.cart() });
      return list;
    },
    enabled,
    staleTime: 30_000,
    refetchInterval: (query) => {
      const waiting = (query.state.data ?? []).filter((r) => r.status === 'waiting');
      if (waiting.length === 0) return false;
      const soonest = Math.min(...waiting.map((r) => Date.parse(r.releaseAt)));
      return nextLookMs(soonest, false, Date.now(), jitterMs());
    },
  });
};

/** POST {activities}/release-requests (202 waiting); the list is read again after it. */
export const useRequestPlace = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: CartAddItem) => api.post<{ id: number; status: ReleaseRequest['status'] }>('release-requests', { item }, { base: 'activitiesBase' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: releaseKeys.requests() }),
  });
};
