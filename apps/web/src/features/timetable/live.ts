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
    const dayKey = timetableKeys.day(venueSlug, activitySlug, date);
    const onAvailability = () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: dayKey });
      }, LIVE_DEBOUNCE_MS);
    };
    // A change made while the stream was not open is not sent: the day the page carried (the
    // server's, from before this page loaded) is caught up once the stream opens, and so is any
    // day after the stream reconnects.
    let opened = false;
    const onOpen = () => {
      const fromPage = queryClient.getQueryCache().findAll({ queryKey: dayKey }).some((query) => query.state.dataUpdateCount === 0 && query.state.data !== undefined);
      if (opened || fromPage) onAvailability();
      opened = true;
    };
    // Opened once the page has loaded and gone idle (issue 28): the stream is not needed to
    // show the day, and its connection and handlers stay out of the load.
    const cancel = afterLoad(() => {
      source = new EventSource(liveUrl(runtimeConfig().activitiesBase, venueSlug, activitySlug, date));
      source.addEventListener('availability', onAvailability);
      source.addEventListener('open', onOpen);
    });
    return () => {
      cancel();
      clearTimeout(timer.current);
      source?.removeEventListener('availability', onAvailability);
      source?.removeEventListener('open', onOpen);
      source?.close();
    };
  }, [queryClient, venueSlug, activitySlug, date, enabled]);
};
