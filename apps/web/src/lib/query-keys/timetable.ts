/**
 * The timetable (spec §4: dates and time slots of a venue's activity). Its screens add their
 * detail keys under this prefix; the basket invalidates `timetableKeys.all` after a change,
 * since availability follows what is in it.
 */
export const timetableKeys = {
  all: ['timetable'] as const,
};
