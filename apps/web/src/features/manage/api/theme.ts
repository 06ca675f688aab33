import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { isApiError } from '../../../lib/api/errors.ts';

/**
 * The theme and maintenance screens over the staff API that exists (spec §3 and §9; modules/theme:
 * GET/PATCH /api/staff/theme, PUT /api/staff/maintenance). The console shows them to managers.
 */
export type ThemeLevel = { venue: string | null; theme: Record<string, string | null> };

export const useThemeLevel = () => useQuery({ queryKey: ['manage', 'theme'], queryFn: ({ signal }) => api.get<ThemeLevel>('staff/theme', { signal }), retry: false });

export const useUpdateTheme = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, string | null>) => api.patch<ThemeLevel>('staff/theme', body),
    onSuccess: (answer) => {
      client.setQueryData(['manage', 'theme'], answer);
      return client.invalidateQueries({ queryKey: ['theme'] });
    },
  });
};

/** Whether the site is in maintenance now: the public theme answers 503 while it is (spec §2). */
export const useMaintenanceState = () =>
  useQuery({
    queryKey: ['manage', 'maintenance'],
    queryFn: async ({ signal }) => {
      try {
        await api.get('frontend/theme', { signal });
        return false;
      } catch (error) {
        if (isApiError(error) && error.statusCode === 503) return true;
        throw error;
      }
    },
    retry: false,
  });

export const useSetMaintenance = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => api.put<{ enabled: boolean }>('staff/maintenance', { enabled }),
    onSuccess: (answer) => client.setQueryData(['manage', 'maintenance'], answer.enabled),
  });
};
