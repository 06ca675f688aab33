/**
 * The release's numbers (issue 25; docs/release.md), apart from its schemas so the timetable's
 * screen, which shows them, does not carry zod (issue 28: zod's set-up ran at every timetable
 * page's start). releases.ts re-exports them.
 */

/** From this long before a day's release, requests are taken. */
export const RELEASE_REQUEST_LEAD_MINUTES = 10;
/** Requests per customer per release (venue and date); the same item for the same person counts once. */
export const RELEASE_REQUESTS_PER_CUSTOMER = 2;
