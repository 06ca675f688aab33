import type { ActivityKind, LocationType } from '../schema.ts';
import type { InstructorName, TagName } from './course-catalogue.ts';

/**
 * What each sub-activity offers on the timetable (issue 9): the kind of booking, the activities
 * customers see, their weekly times, capacities, prices (pence: non-member / member) and the
 * locations they use. Plain data; seed/timetable.ts turns it into rows for every venue that
 * offers the sub-activity (venue-activities.ts) and materialises the weeks ahead.
 */

/** Weekly start times, venue local 'HH:MM': Monday–Friday, Saturday, Sunday. */
export type WeeklyTimes = { weekdays: readonly string[]; saturday: readonly string[]; sunday: readonly string[] };

export type SeedTimetableActivity = {
  name: string;
  description: string;
  tags: readonly TagName[];
};

/** A ticket type; `min_age`/`max_age` its age rule (issue 21: Junior 0 to 15), none when absent. */
export type SeedPricing = { name: string; price_pence: number; member_price_pence: number; min_age?: number; max_age?: number };

type Common = {
  kind: ActivityKind;
  duration_minutes: number;
  pricing: readonly SeedPricing[];
  times: WeeklyTimes;
};

/** Classes, ad-hoc sessions and fast tickets: one shared space (a studio, the pool, the gym). */
export type SeedSessionOffer = Common & {
  kind: 'class' | 'ad_hoc' | 'fast_ticket';
  capacity: number;
  /** Activities alternate through the week's times; instructors likewise (classes only). */
  activities: readonly SeedTimetableActivity[];
  instructors: readonly InstructorName[];
  location: { slug: string; name: string; type: LocationType };
};

/** Courts, tables, pitches and halls: one occurrence per location and time, one booking each. */
export type SeedResourceOffer = Common & {
  kind: 'resource';
  activity: SeedTimetableActivity;
  /** How many locations a venue has (2–6); a few venues have more (RESOURCE_COUNTS). */
  count: number;
  location: { slugPrefix: string; namePrefix: string; type: LocationType };
};

export type SeedOffer = SeedSessionOffer | SeedResourceOffer;

const ADULT_JUNIOR_CONCESSION: readonly SeedPricing[] = [
  { name: 'Adult', price_pence: 520, member_price_pence: 400 },
  { name: 'Junior', price_pence: 310, member_price_pence: 250, min_age: 0, max_age: 15 },
  { name: 'Concession', price_pence: 360, member_price_pence: 290 },
];

/** Courts open 07:00–22:00: hourly starts from 07:00 to 21:00. */
const HOURLY_COURTS: WeeklyTimes = (() => {
  const hours = Array.from({ length: 15 }, (_, i) => `${String(7 + i).padStart(2, '0')}:00`);
  return { weekdays: hours, saturday: hours, sunday: hours };
})();

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `${String(from + i).padStart(2, '0')}:00`);

const STUDIO = { slug: 'studio-1', name: 'Studio 1', type: 'studio' } as const;
const CYCLE_STUDIO = { slug: 'cycle-studio', name: 'Cycle Studio', type: 'studio' } as const;
const MAIN_POOL = { slug: 'main-pool', name: 'Main Pool', type: 'pool' } as const;
const GYM = { slug: 'gym', name: 'Gym', type: 'gym' } as const;

export const TIMETABLE_OFFERS: Readonly<Record<string, SeedOffer>> = {
  yoga: {
    kind: 'class',
    duration_minutes: 60,
    capacity: 20,
    pricing: [{ name: 'Standard', price_pence: 750, member_price_pence: 450 }],
    times: { weekdays: ['07:00', '12:15', '19:30'], saturday: ['09:00'], sunday: ['10:00', '17:00'] },
    instructors: ['Priya Sharma', 'Chloe Ashworth'],
    location: STUDIO,
    activities: [
      { name: 'Vinyasa Flow', description: 'A flowing, breath-led practice that builds heat, strength and balance.', tags: ['Improvers'] },
      { name: 'Gentle Hatha Yoga', description: 'Slower holds and plenty of guidance: ideal if you are new to yoga.', tags: ['Beginner friendly', 'Low impact'] },
    ],
  },
  spin: {
    kind: 'class',
    duration_minutes: 45,
    capacity: 24,
    pricing: [{ name: 'Standard', price_pence: 800, member_price_pence: 500 }],
    times: { weekdays: ['06:30', '12:30', '18:00', '19:15'], saturday: ['08:30', '10:00'], sunday: ['09:30'] },
    instructors: ['Siobhan Kelly', 'Marcus Bennett'],
    location: CYCLE_STUDIO,
    activities: [
      { name: 'Spin 45', description: 'Climbs, sprints and a playlist to match, on bikes with power meters.', tags: ['High intensity'] },
      { name: 'Rhythm Ride', description: 'Ride to the beat: choreographed indoor cycling for every fitness level.', tags: ['Beginner friendly'] },
    ],
  },
  hiit: {
    kind: 'class',
    duration_minutes: 30,
    capacity: 18,
    pricing: [{ name: 'Standard', price_pence: 650, member_price_pence: 400 }],
    times: { weekdays: ['07:15', '13:00', '17:45'], saturday: ['09:30'], sunday: ['11:00'] },
    instructors: ['Marcus Bennett', 'Siobhan Kelly'],
    location: STUDIO,
    activities: [
      { name: 'HIIT 30', description: 'Thirty minutes of intervals with a lower-impact option for every move.', tags: ['High intensity'] },
      { name: 'Kettlebell Blast', description: 'Swings, squats and presses in short, sharp rounds.', tags: ['High intensity', 'Improvers'] },
    ],
  },
  pilates: {
    kind: 'class',
    duration_minutes: 50,
    capacity: 16,
    pricing: [{ name: 'Standard', price_pence: 750, member_price_pence: 450 }],
    times: { weekdays: ['09:30', '12:00', '18:45'], saturday: ['10:30'], sunday: ['09:00'] },
    instructors: ['Chloe Ashworth', 'Priya Sharma'],
    location: STUDIO,
    activities: [
      { name: 'Mat Pilates', description: 'Core strength, posture and control on the mat.', tags: ['Low impact'] },
      { name: 'Pilates for Beginners', description: 'The fundamentals, taught slowly, with options for every body.', tags: ['Beginner friendly', 'Over 50s'] },
    ],
  },
  'aqua-aerobics': {
    kind: 'class',
    duration_minutes: 45,
    capacity: 25,
    pricing: [{ name: 'Standard', price_pence: 600, member_price_pence: 350 }],
    times: { weekdays: ['10:00', '14:00', '19:00'], saturday: ['11:30'], sunday: ['12:00'] },
    instructors: ['Aisha Rahman', 'Hannah Whitworth'],
    location: MAIN_POOL,
    activities: [
      { name: 'Aqua Aerobics', description: 'A lively workout in the shallow end, set to music.', tags: ['Low impact'] },
      { name: 'Aqua Gentle', description: 'A slower-paced session for easing aches and building confidence.', tags: ['Low impact', 'Over 50s'] },
    ],
  },
  'public-swim': {
    kind: 'fast_ticket',
    duration_minutes: 60,
    capacity: 60,
    pricing: ADULT_JUNIOR_CONCESSION,
    times: { weekdays: ['12:00', '16:00', '19:00'], saturday: ['09:00', '11:00', '14:00'], sunday: ['09:00', '11:00', '14:00'] },
    instructors: [],
    location: MAIN_POOL,
    activities: [{ name: 'Public Swim', description: 'The whole pool open for swimming at your own pace.', tags: ['Family'] }],
  },
  'lane-swimming': {
    kind: 'fast_ticket',
    duration_minutes: 60,
    capacity: 30,
    pricing: ADULT_JUNIOR_CONCESSION,
    times: { weekdays: ['06:30', '07:30', '12:00', '18:00', '20:00'], saturday: ['08:00', '12:00', '17:00'], sunday: ['08:00', '12:00', '17:00'] },
    instructors: [],
    location: MAIN_POOL,
    activities: [{ name: 'Lane Swimming', description: 'Slow, medium and fast lanes for continuous swimming.', tags: [] }],
  },
  'family-swim': {
    kind: 'ad_hoc',
    duration_minutes: 60,
    capacity: 40,
    pricing: [
      { name: 'Family (2 adults + 2 children)', price_pence: 1450, member_price_pence: 1100 },
      { name: 'Adult', price_pence: 520, member_price_pence: 400 },
      { name: 'Junior', price_pence: 310, member_price_pence: 250, min_age: 0, max_age: 15 },
    ],
    times: { weekdays: ['17:00'], saturday: ['10:00', '13:00', '15:30'], sunday: ['10:00', '13:00', '15:30'] },
    instructors: [],
    location: MAIN_POOL,
    activities: [{ name: 'Family Fun Swim', description: 'Floats, toys and the inflatable at weekends: splash time for all the family.', tags: ['Family', 'Juniors'] }],
  },
  'gym-session': {
    kind: 'fast_ticket',
    duration_minutes: 60,
    capacity: 30,
    pricing: [
      { name: 'Adult', price_pence: 750, member_price_pence: 0 },
      { name: 'Junior (14-17)', price_pence: 450, member_price_pence: 0, min_age: 14, max_age: 17 },
      { name: 'Concession', price_pence: 550, member_price_pence: 0 },
    ],
    times: { weekdays: range(6, 21), saturday: range(8, 19), sunday: range(8, 19) },
    instructors: [],
    location: GYM,
    activities: [{ name: 'Gym Session', description: 'An hour in the gym: free weights, resistance machines and cardio.', tags: [] }],
  },
  badminton: {
    kind: 'resource',
    duration_minutes: 60,
    count: 4,
    pricing: [{ name: 'Court hire', price_pence: 1000, member_price_pence: 750 }],
    times: HOURLY_COURTS,
    location: { slugPrefix: 'badminton-court', namePrefix: 'Court', type: 'court' },
    activity: { name: 'Badminton Court', description: 'One full-size court for an hour, singles or doubles.', tags: [] },
  },
  squash: {
    kind: 'resource',
    duration_minutes: 60,
    count: 3,
    pricing: [{ name: 'Court hire', price_pence: 900, member_price_pence: 700 }],
    times: HOURLY_COURTS,
    location: { slugPrefix: 'squash-court', namePrefix: 'Court', type: 'court' },
    activity: { name: 'Squash Court', description: 'A glass-backed or traditional court for an hour.', tags: [] },
  },
  tennis: {
    kind: 'resource',
    duration_minutes: 60,
    count: 4,
    pricing: [{ name: 'Court hire', price_pence: 1200, member_price_pence: 900 }],
    times: HOURLY_COURTS,
    location: { slugPrefix: 'tennis-court', namePrefix: 'Court', type: 'court' },
    activity: { name: 'Tennis Court', description: 'Pick your court, indoor or floodlit outdoor, for an hour.', tags: [] },
  },
  'table-tennis': {
    kind: 'resource',
    duration_minutes: 60,
    count: 2,
    pricing: [{ name: 'Table hire', price_pence: 600, member_price_pence: 450 }],
    times: HOURLY_COURTS,
    location: { slugPrefix: 'table', namePrefix: 'Table', type: 'table' },
    activity: { name: 'Table Tennis Table', description: 'A competition table with bats and balls for an hour.', tags: [] },
  },
  '5-a-side-football': {
    kind: 'resource',
    duration_minutes: 60,
    count: 2,
    pricing: [{ name: 'Pitch hire', price_pence: 5500, member_price_pence: 4500 }],
    times: HOURLY_COURTS,
    location: { slugPrefix: 'pitch', namePrefix: 'Pitch', type: 'pitch' },
    activity: { name: '5-a-side Pitch', description: 'A floodlit 3G pitch with goals and bibs for an hour.', tags: [] },
  },
  'sports-hall-hire': {
    kind: 'resource',
    duration_minutes: 60,
    count: 2,
    pricing: [{ name: 'Hall hire', price_pence: 4800, member_price_pence: 4000 }],
    times: HOURLY_COURTS,
    location: { slugPrefix: 'hall', namePrefix: 'Hall', type: 'hall' },
    activity: { name: 'Sports Hall', description: 'A four-court hall for parties, clubs and team training.', tags: [] },
  },
};

/** Venues with more courts than the usual count for a sub-activity. */
export const RESOURCE_COUNTS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  'preston-tennis-and-fitness-centre': { tennis: 6 },
  'salford-quays-sports-village': { '5-a-side-football': 3 },
};

/**
 * The venue whose migration date lies inside the visible dates (spec §4): its timetable uses
 * the v1 endpoints before that date and v2 from it. The seed sets it to venue-local today +
 * MIGRATION_DEMO_OFFSET_DAYS, so it is inside the window whenever the data is loaded.
 */
export const MIGRATION_DEMO_VENUE = 'prestwich-fitness-centre';
export const MIGRATION_DEMO_OFFSET_DAYS = 3;

/** Other customers whose bookings and waitlist places make the timetable look alive. */
export const FILLER_CUSTOMERS = 40;
export const FILLER_FIRST_NAMES = ['Amelia', 'Harry', 'Isla', 'Noah', 'Ava', 'George', 'Mia', 'Oscar', 'Freya', 'Arthur'] as const;
export const FILLER_LAST_NAMES = ['Hughes', 'Walsh', 'Patel', 'Kowalski', 'Brennan', 'Ahmed', 'Lloyd', 'Murphy'] as const;
