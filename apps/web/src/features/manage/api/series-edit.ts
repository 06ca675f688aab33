import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ManageSeries as ManageSeriesDto } from '@app/contract/manage/series-edit';
import { api } from '../../../lib/api/client.ts';
import type { Camelized } from '../../../lib/api/camelized.ts';
import { toCamel } from '../../../lib/api/case.ts';

/** A weekly series to edit or end (contract manage/series-edit.ts; docs/operator-tools.md). */
export type ManageSeries = Camelized<ManageSeriesDto>;
export type SeriesAnswer = { data: ManageSeries; tags?: { id: number; name: string }[]; changedSessions?: number; keptSessions?: number; message?: string };
export type SeriesEdit = {
  isoDayOfWeek: number;
  startTime: string;
  durationMinutes: number;
  instructorId: number | null;
  locationId: number | null;
  capacity: number;
  pricePence: number;
  memberPricePence: number;
  bookingWindowDays: number;
  tagIds: number[];
  reason?: string;
};

const key = (id: number) => ['manage', 'series', id] as const;

export const useSeries = (templateId: number) =>
  useQuery({ queryKey: key(templateId), queryFn: async ({ signal }) => toCamel<SeriesAnswer>(JSON.parse(await api.get<string>(`manage/series/${templateId}`, { signal, responseType: 'text' }))), retry: false });

const useSeriesChange = <Body,>(templateId: number, send: (body: Body) => Promise<string>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Body) => toCamel<SeriesAnswer>(JSON.parse(await send(body))),
    onSuccess: async (answer) => {
      client.setQueryData(key(templateId), (old: SeriesAnswer | undefined) => ({ ...old, ...answer }));
      await client.invalidateQueries({ queryKey: ['manage', 'day'] });
    },
  });
};

export const useUpdateSeries = (templateId: number) => useSeriesChange<SeriesEdit>(templateId, (body) => api.put<string>(`manage/series/${templateId}`, body, { responseType: 'text' }));
export const useEndSeries = (templateId: number) => useSeriesChange<{ lastDate: string; reason: string }>(templateId, (body) => api.post<string>(`manage/series/${templateId}/end`, body, { responseType: 'text' }));
