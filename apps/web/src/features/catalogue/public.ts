/**
 * The catalogue slice's public entry (eslint.config.js `FEATURE_PUBLIC_ENTRIES`): a venue's
 * activities (categories) and one category, as `queryOptions`, so every screen that shows them
 * (membership pricing, the timetable) shares the catalogue's cache entry and request.
 */
export { categoriesQuery, categoryQuery, type Category, type CategoryDetail } from './api/categories.ts';
/** An unknown venue's page (the timetable says so before anything else about the address). */
export { VenueNotFound } from './components/VenueNotFound.tsx';
export { isNotFound } from './use-venue-page.ts';
/** A venue's date (the timetable's dateless address falls back to today when its dates cannot be read). */
export { todayIn } from './course-format.ts';
