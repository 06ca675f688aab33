/**
 * Ticket types (pricing options) of a venue's sub-activity: Adult, Junior, Concession (spec §3
 * fast ticket type). Apart from `timetableKeys` on purpose: the basket invalidates the whole
 * timetable after every add, and prices do not follow the basket.
 */
export const ticketKeys = {
  all: ['tickets'] as const,
  activity: (venueSlug: string, activitySlug: string) => [...ticketKeys.all, venueSlug, activitySlug] as const,
};
