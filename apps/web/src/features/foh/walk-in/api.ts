import { useQuery } from '@tanstack/react-query';
import type { WalkInDto } from '@app/contract/foh/walk-in';
import { api } from '../../../lib/api/client.ts';
import type { Camelized } from '../../../lib/api/camelized.ts';

export type WalkIn = Camelized<WalkInDto>;

/**
 * POST foh/sessions/{id}/walk-in: the till's walk-in account (made the first time; the same one
 * after), whose basket is the till's walk-in basket (docs/front-of-house.md "Walk-in sales").
 * Idempotent, so it is read as a query.
 */
export const useWalkIn = (sessionId: number) =>
  useQuery({
    queryKey: ['foh', 'walk-in', sessionId] as const,
    queryFn: () => api.post<WalkIn>(`sessions/${sessionId}/walk-in`, {}, { base: 'fohBase' }),
    staleTime: Infinity,
    retry: false,
  });
