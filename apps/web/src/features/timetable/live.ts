import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { runtimeConfig } from '../../lib/runtime-config.ts';
import { timetableKeys } from '../../lib/query-keys/timetable.ts';

/** Events that arrive together (a burst of holds) cause one refetch. */
export const LIVE_DEBOUNCE_MS = 150;

/** GET {activities}/venue/{venue}/activity/{activity}/live?date= (server-sent events). */
export const liveUrl = (activitiesBase: string, venueSlug: string, activitySlug: string, date: string) =>
  `${activitiesBase.replace(/\/+$/, '')}/venue/${encodeURIComponent(venueSlug)}/activity/${encodeURIComponent(activitySlug)}/live?date=${encodeURIComponent(date)}`;

/**
 * Live availability (issue 9): while a day is shown, an `availability` event (data
 * `{"occurrence_ids":[…]}`) refetches that day, debounced. The stream closes when the day,
 * activity or venue changes and on unmount; EventSource reconnects by itself after a drop.
 */
export const useLiveAvailability = (venueSlug: string, activitySlug: string, date: string, enabled: boolean) => {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(liveUrl(runtimeConfig().activitiesBase, venueSlug, activitySlug, date));
    const onAvailability = () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: timetableKeys.day(venueSlug, activitySlug, date) });
      }, LIVE_DEBOUNCE_MS);
    };
    source.addEventListener('availability', onAvailability);
    return () => {
      clearTimeout(timer.current);
      source.removeEventListener('availability', onAvailability);
      source.close();
    };
  }, [queryClient, venueSlug, activitySlug, date, enabled]);
};
