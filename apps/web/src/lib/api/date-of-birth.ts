import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { authKeys } from '../query-keys/auth.ts';

/**
 * Saves the date of birth an age rule needs (issue 21): the customer's own with
 * POST {dashboard}/date-of-birth (only while the account has none; the server takes no id), a
 * family member's with PATCH {dashboard}/family-members/{id} (403 for anyone else's). The auth
 * user is read again after, so the timetable and the course page know the date too.
 */
export const saveDateOfBirth = ({ familyMemberId, dateOfBirth }: { familyMemberId: number | null; dateOfBirth: string }) =>
  familyMemberId === null
    ? api.post<unknown>('date-of-birth', { dateOfBirth }, { base: 'dashboardBase' })
    : api.patch<unknown>(`family-members/${familyMemberId}`, { dateOfBirth }, { base: 'dashboardBase' });

export const useSaveDateOfBirth = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveDateOfBirth, onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.all }) });
};
