// Instructors, tags and the shape of a course: what the course lists refer to by name.

export const INSTRUCTORS = [
  { name: 'Hannah Whitworth', bio: 'Swim England Level 2 teacher who has taught thousands of Bury children to swim.' },
  { name: 'Tom Hargreaves', bio: 'Former county backstroker who specialises in helping nervous adults find their feet.' },
  { name: 'Grace Whitehead', bio: 'Leads our Bolton swim school and coaches the Bolton Aquatics development squad.' },
  { name: 'Daniel Okafor', bio: 'LTA Level 4 coach who runs our junior tennis pathway from red ball to match play.' },
  { name: 'Ben Lomax', bio: 'LTA Level 3 coach and club captain who loves getting adults back on court.' },
  { name: 'Priya Sharma', bio: 'Yoga Alliance registered teacher with a gentle, alignment-focused style.' },
  { name: 'Chloe Ashworth', bio: 'Physiotherapist and STOTT-trained Pilates instructor.' },
  { name: 'Marcus Bennett', bio: 'Strength and conditioning coach behind our HIIT and bootcamp programmes.' },
  { name: 'Siobhan Kelly', bio: 'Indoor cycling master trainer whose playlists are famous at Bury.' },
  { name: 'Aisha Rahman', bio: 'Exercise-referral specialist leading our aqua and over-50s sessions.' },
] as const;

export type InstructorName = (typeof INSTRUCTORS)[number]['name'];

/** Tags shown on classes and courses and offered as timetable filters (spec §5). */
export const TAGS = [
  'Beginner friendly',
  'Low impact',
  'High intensity',
  'Family',
  'Over 50s',
  'Women only',
  'Juniors',
  'Improvers',
] as const;

export type TagName = (typeof TAGS)[number];

/** 0 = Sunday … 6 = Saturday, as in the courses table and JavaScript's Date#getDay. */
export type DayOfWeek = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export type SeedCourse = {
  slug: string;
  name: string;
  /** Venue and category slugs; the category must be offered at the venue (venue-activities.ts). */
  venue: string;
  category: string;
  instructor: InstructorName | null;
  tags: readonly TagName[];
  short_description: string;
  description: string;
  /**
   * When the first session is, relative to the day the demo data is loaded (so the demo never
   * goes stale): the first day_of_week on or after venue-local today plus this many days.
   */
  starts_in_days: number;
  weeks: number;
  day_of_week: DayOfWeek;
  /** Venue local time, 'HH:MM'. */
  start_time: string;
  duration_minutes: number;
  /** Whole-course price in pence. */
  price_pence: number;
  capacity: number;
  min_age: number | null;
  max_age: number | null;
  level: string | null;
  /** Joining after the first session is allowed, at a pro-rata price (docs/courses.md). */
  late_joining?: boolean;
};
