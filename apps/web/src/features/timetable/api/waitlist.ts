import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { timetableKeys } from '../../../lib/query-keys/timetable.ts';
import { showToast } from '../../../lib/toast/store.ts';
import { isNumericId, type Entry } from '../rules.ts';

/** Spec §9: waitlist toasts are shown 10000 ms. */
export const WAITLIST_TOAST_MS = 10_000;

type Messages = { joined: string; left: string; failed: string };
type WaitlistAction = { entry: Entry; userId: number; selectedUserId: number | null };

/**
 * Spec §7 waitlist calls. A numeric id uses the activities service (`waitlist/add`,
 * `waitlist/remove/{waitlistId}`); a non-numeric one the newer service's occurrence members
 * (spec §5). `userId` is the person waiting (the customer's membership user or a family
 * member's); `selectedUserId` the family member (spec §6), null for the customer.
 */
export const joinWaitlist = (entry: Pick<Entry, 'id' | 'cartType'>, userId: number, selectedUserId: number | null = null) =>
  isNumericId(entry.id)
    ? api.post('waitlist/add', { item: { id: Number(entry.id), type: entry.cartType }, selectedUserId }, { base: 'activitiesBase' })
    : api.post(`occurrences/${encodeURIComponent(String(entry.id))}/waitlist/members`, { data: { userId } }, { base: 'v1ActivitiesBase' });

export const leaveWaitlist = (entry: Pick<Entry, 'id' | 'waitlistId'>, userId: number) =>
  isNumericId(entry.waitlistId)
    ? api.delete(`waitlist/remove/${encodeURIComponent(String(entry.waitlistId))}`, { base: 'activitiesBase' })
    : api.delete(`occurrences/${encodeURIComponent(String(entry.id))}/waitlist/members/${userId}`, { base: 'v1ActivitiesBase' });

/** Spec §4 "Waitlist join or leave: request, then success or failure, then a toast" (§8 texts). */
export const useWaitlistMutations = (messages: Messages) => {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: timetableKeys.all });
  const failed = () => showToast({ type: 'danger', content: messages.failed, closeAfter: WAITLIST_TOAST_MS });
  const join = useMutation({
    mutationFn: ({ entry, userId, selectedUserId }: WaitlistAction) => joinWaitlist(entry, userId, selectedUserId),
    onSuccess: () => {
      showToast({ type: 'success', content: messages.joined, closeAfter: WAITLIST_TOAST_MS });
      refresh();
    },
    onError: failed,
  });
  const leave = useMutation({
    mutationFn: ({ entry, userId }: WaitlistAction) => leaveWaitlist(entry, userId),
    onSuccess: () => {
      showToast({ type: 'success', content: messages.left, closeAfter: WAITLIST_TOAST_MS });
      refresh();
    },
    onError: failed,
  });
  return { join, leave };
};
