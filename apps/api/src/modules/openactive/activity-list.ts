/**
 * The demo's sub-activities as concepts of the OpenActive activity list
 * (https://openactive.io/activity-list), kept here so a feed never needs the network. Keyed by
 * category slug: the sub-activity first, then its parent; an operator's own category with
 * neither known falls back to Multisports (docs/openactive.md "Activities").
 */
export type ActivityConcept = { id: string; prefLabel: string };

const concept = (uuid: string, prefLabel: string): ActivityConcept => ({ id: `https://openactive.io/activity-list#${uuid}`, prefLabel });

const YOGA = concept('bf1a5e00-cdcf-465d-8c5a-6f57040b7f7e', 'Yoga');
const INDOOR_CYCLING = concept('5f09c2ca-ceeb-4e0c-871f-e2d0b9971317', 'Indoor Cycling');
const HIIT = concept('21b6faae-c7cd-431f-9f2f-7d151e82de33', 'HIIT');
const PILATES = concept('3a6b1c08-7aa6-48d4-9690-dca9e0133057', 'Pilates');
const AQUA_AEROBICS = concept('6e31262b-ce37-4fc7-b3e3-d827ac5e8b42', 'Aqua Aerobics');
const SWIMMING = concept('2750229d-b725-4171-9276-376be913957c', 'Swimming');
const SWIMMING_LESSONS = concept('dfaf6bb4-d2fe-4db5-a271-4ceeaaaf55b9', 'Swimming Lessons');
const GYM_WORKOUT = concept('08d9368c-6c6c-44a3-84ef-a42ed00d529a', 'Gym Workout');
const BADMINTON = concept('c0360db0-a817-4bae-9167-40f89b49fc9e', 'Badminton');
const SQUASH = concept('b7845b8a-4c0c-4a8f-93d3-d41d62eec889', 'Squash');
const TENNIS = concept('f2ea7405-6098-4378-b0fe-4e398a659fc4', 'Tennis');
const TABLE_TENNIS = concept('1a05993d-b206-4efe-85da-646fa340bdf4', 'Table Tennis');
const FIVE_A_SIDE = concept('64ba748e-d7f0-46bd-ac49-63820c5eb10e', '5-a-side');
const MULTI_FITNESS = concept('261395e5-9e11-4348-8bef-e0fafef0e765', 'Multi Fitness');
export const MULTISPORTS = concept('26a7b902-1ddd-46fd-9371-853e414c9eb3', 'Multisports');

export const ACTIVITY_CONCEPTS: Readonly<Record<string, ActivityConcept>> = {
  yoga: YOGA,
  spin: INDOOR_CYCLING,
  hiit: HIIT,
  pilates: PILATES,
  'aqua-aerobics': AQUA_AEROBICS,
  'fitness-classes': MULTI_FITNESS,
  'public-swim': SWIMMING,
  'lane-swimming': SWIMMING,
  'family-swim': SWIMMING,
  swimming: SWIMMING,
  'gym-session': GYM_WORKOUT,
  gym: GYM_WORKOUT,
  badminton: BADMINTON,
  squash: SQUASH,
  tennis: TENNIS,
  'table-tennis': TABLE_TENNIS,
  '5-a-side-football': FIVE_A_SIDE,
  'sports-hall-hire': MULTISPORTS,
  'pitches-and-halls': MULTISPORTS,
  'swimming-lessons': SWIMMING_LESSONS,
  'adult-swimming-lessons': SWIMMING_LESSONS,
  'junior-tennis': TENNIS,
  'adult-tennis': TENNIS,
  'fitness-courses': MULTI_FITNESS,
};

/** The concept of a sub-activity (its slug, else its parent's), else Multisports. */
export const activityConcept = (slug: string, parentSlug: string | null): ActivityConcept =>
  ACTIVITY_CONCEPTS[slug] ?? (parentSlug === null ? undefined : ACTIVITY_CONCEPTS[parentSlug]) ?? MULTISPORTS;
