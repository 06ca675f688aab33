/**
 * Which endpoint serves one day of an activity's timetable (spec §4, §7), as the time-slot
 * screen asks for it (apps/web/src/features/timetable/TimeSlotScreen.tsx, rules.ts `familyOf`,
 * `versionFor`). The SPA server uses it to put a visitor's day in a server-rendered page under
 * the exact URL the screen builds (docs/performance.md "Server rendering of every public page").
 */
export type TimetableCategory = {
  v1_type: string | null;
  v2_type: string | null;
  allocation_strategy: string | null;
  children: readonly unknown[];
};

export type DayEndpoint = { path: 'timetable' | 'times' | 'slots'; version: 'v1' | 'v2' };

/** A date slug is YYYY-MM-DD and a real calendar day. */
export const isDateSlug = (slug: string): boolean => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(slug);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/**
 * The day's endpoint for a leaf category on `date` (YYYY-MM-DD), with the `{type?}` segment of the
 * address (`by-court` lists every court's slots); null when the screen fetches no day (a parent
 * activity, an activity that is not online, a bad date).
 */
export const timetableDayEndpoint = (
  category: TimetableCategory,
  migrationDate: string | null | undefined,
  date: string,
  type: string | undefined,
): DayEndpoint | null => {
  if (category.children.length > 0 || !isDateSlug(date)) return null;
  const family =
    category.v2_type === 'resources'
      ? 'resources'
      : category.v2_type === 'ticketed' || category.v1_type === 'fast_ticket_templates'
        ? 'tickets'
        : category.v2_type === 'classes' || category.v1_type === 'class_templates' || category.v1_type === 'ad_hoc_templates'
          ? 'classes'
          : null;
  if (family === null) return null;
  const isSlots = family === 'resources' && (type === 'by-court' || category.allocation_strategy === 'customer');
  return {
    path: family === 'classes' ? 'timetable' : isSlots ? 'slots' : 'times',
    version: migrationDate && date >= migrationDate ? 'v2' : 'v1',
  };
};
