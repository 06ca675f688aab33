import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ManageCategory as ManageCategoryDto } from '@app/contract/manage/categories';
import { api } from '../../../lib/api/client.ts';
import type { Camelized } from '../../../lib/api/camelized.ts';
import { toCamel } from '../../../lib/api/case.ts';

/** The operator's categories and activities at a venue (contract manage/categories.ts; docs/operator-tools.md). */
export type ManageCategory = Camelized<ManageCategoryDto>;
type Answer = { data: ManageCategory[]; message: string };

const key = (venue: string) => ['manage', 'categories', venue] as const;
const path = (venue: string, rest = '') => `manage/venues/${encodeURIComponent(venue)}/categories${rest}`;

export const useManageCategories = (venue: string) => useQuery({ queryKey: key(venue), queryFn: ({ signal }) => api.get<ManageCategory[]>(path(venue), { signal }), retry: false });

const useCategoryChange = <Body,>(venue: string, send: (body: Body) => Promise<string>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Body) => toCamel<Answer>(JSON.parse(await send(body))),
    onSuccess: (answer) => {
      client.setQueryData(key(venue), answer.data);
      // A new activity may be a series' activity: the new weekly class form offers it.
      return client.invalidateQueries({ queryKey: ['manage', 'series-options', venue] });
    },
  });
};

export const useCreateCategory = (venue: string) =>
  useCategoryChange<{ name: string; shortDescription: string | null; parentId: number | null; kind?: string }>(venue, (body) => api.post<string>(path(venue), body, { responseType: 'text' }));
export const useRenameCategory = (venue: string) =>
  useCategoryChange<{ id: number; name: string; shortDescription: string | null }>(venue, ({ id, ...body }) => api.put<string>(path(venue, `/${id}`), body, { responseType: 'text' }));
export const useCategoryOffered = (venue: string) =>
  useCategoryChange<{ id: number; offered: boolean }>(venue, ({ id, offered }) => api.put<string>(path(venue, `/${id}/offered`), { offered }, { responseType: 'text' }));
