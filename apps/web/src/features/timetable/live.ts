import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { runtimeConfig } from '../../lib/runtime-config.ts';
import { timetableKeys } from '../../lib/query-keys/timetable.ts';
import { afterLoad } from '../../lib/after-load.ts';

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
    let source: EventSource | null = null;
    const onAvailability = () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: timetableKeys.day(venueSlug, activitySlug, date) });
      }, LIVE_DEBOUNCE_MS);
    };
    // Opened once the page has loaded and gone idle (issue 28): the stream is not needed to
    // show the day, and its connection and handlers stay out of the load.
    const cancel = afterLoad(() => {
      source = new EventSource(liveUrl(runtimeConfig().activitiesBase, venueSlug, activitySlug, date));
      source.addEventListener('availability', onAvailability);
    });
    return () => {
      cancel();
      clearTimeout(timer.current);
      source?.removeEventListener('availability', onAvailability);
      source?.close();
    };
  }, [queryClient, venueSlug, activitySlug, date, enabled]);
};
