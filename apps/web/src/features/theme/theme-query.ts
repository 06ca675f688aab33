import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { resolveTheme, type Theme } from '@app/contract/rules/theme-defaults';
import { api } from '../../lib/api/client.ts';
import { themeKeys } from '../../lib/query-keys/theme.ts';

const fetchTheme = (venue: string | undefined, signal: AbortSignal) =>
  api.get<Record<string, unknown>>('frontend/theme', { query: { venue }, signal });

/**
 * GET /api/frontend/theme (spec §7): with the venue when there is one; on any failure it
 * asks again without it. Null or invalid fields fall back to the spec defaults.
 */
export const themeQuery = (venue: string | undefined) =>
  queryOptions({
    queryKey: themeKeys.forVenue(venue),
    queryFn: async ({ signal }): Promise<Theme> => {
      if (venue) {
        try {
          return resolveTheme(await fetchTheme(venue, signal));
        } catch {
          // Fall through to the client theme.
        }
      }
      return resolveTheme(await fetchTheme(undefined, signal));
    },
    initialData: () => {
      const preloaded = api.peek<Record<string, unknown>>('frontend/theme', { query: { venue } });
      return preloaded && resolveTheme(preloaded);
    },
    // The failure itself is the answer (maintenance or error page); asking again would only delay it.
    retry: false,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
