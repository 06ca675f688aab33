import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TicketDto } from '@app/contract/timetable/tickets';
import { api } from '../../../lib/api/client.ts';
import type { Camelized } from '../../../lib/api/camelized.ts';
import { ticketKeys } from '../../../lib/query-keys/tickets.ts';

/** A ticket type (spec §3 fast ticket type): id (= pricing option id), name, price, activity. */
export type Ticket = Camelized<TicketDto>;

const enc = encodeURIComponent;

/**
 * GET /venue/{venue}/activity-category/{category}/activity/{activity}/tickets (spec §7) with the
 * sub-activity's slug as both: every ticket type of its activities, each naming its activity.
 * Prices change rarely, so five minutes fresh.
 */
export const ticketsQuery = (venueSlug: string, activitySlug: string) =>
  queryOptions({
    queryKey: ticketKeys.activity(venueSlug, activitySlug),
    queryFn: ({ signal }) =>
      api.get<Ticket[]>(`venue/${enc(venueSlug)}/activity-category/${enc(activitySlug)}/activity/${enc(activitySlug)}/tickets`, {
        base: 'activitiesBase',
        signal,
      }),
    staleTime: 5 * 60_000,
  });

/** Loaded only for days that sell tickets (fast tickets, ad-hoc sessions): classes and courts have one price. */
export const useTickets = (venueSlug: string, activitySlug: string, enabled: boolean) =>
  useQuery({ ...ticketsQuery(venueSlug, activitySlug), enabled });
