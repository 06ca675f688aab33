/**
 * Which sub-activities (leaf category slugs) each venue offers. The seed links each leaf
 * and its root category to the venue (category_locations), so a venue's activity list
 * only shows what it really has. Large centres have the full range; the smaller sites
 * have what their building allows (no pool at Whitefield, pitches at Heywood, and so on).
 */
export const VENUE_ACTIVITIES: Readonly<Record<string, readonly string[]>> = {
  'bury-leisure-centre': [
    'yoga', 'spin', 'hiit', 'pilates', 'aqua-aerobics',
    'badminton', 'squash', 'table-tennis', 'sports-hall-hire',
    'lane-swimming', 'family-swim', 'public-swim', 'gym-session',
    'swimming-lessons', 'adult-swimming-lessons', 'fitness-courses',
  ],
  'radcliffe-leisure-centre': [
    'yoga', 'spin', 'hiit', 'aqua-aerobics',
    'badminton', 'squash', 'tennis',
    'lane-swimming', 'family-swim', 'public-swim', 'gym-session',
    'swimming-lessons', 'junior-tennis', 'adult-tennis',
  ],
  'whitefield-sports-centre': [
    'yoga', 'pilates', 'hiit',
    'badminton', 'table-tennis', '5-a-side-football', 'sports-hall-hire',
    'gym-session',
  ],
  'prestwich-fitness-centre': ['yoga', 'pilates', 'spin', 'gym-session', 'fitness-courses'],
  'ramsbottom-pool': ['aqua-aerobics', 'lane-swimming', 'family-swim', 'public-swim', 'gym-session'],
  'heywood-sports-village': ['hiit', 'badminton', '5-a-side-football', 'sports-hall-hire', 'gym-session'],
  'rochdale-leisure-centre': [
    'yoga', 'spin', 'hiit', 'pilates', 'aqua-aerobics',
    'badminton', 'squash',
    'lane-swimming', 'family-swim', 'public-swim', 'gym-session',
    'swimming-lessons',
  ],
  'bolton-aquatics-centre': [
    'spin', 'hiit', 'aqua-aerobics',
    'lane-swimming', 'family-swim', 'public-swim', 'gym-session',
    'swimming-lessons', 'adult-swimming-lessons',
  ],
  'oldham-leisure-centre': [
    'yoga', 'spin', 'pilates',
    'badminton', 'squash', 'table-tennis',
    'lane-swimming', 'family-swim', 'public-swim', 'gym-session',
  ],
  'salford-quays-sports-village': [
    'hiit',
    'badminton', 'tennis', '5-a-side-football', 'sports-hall-hire',
    'gym-session',
    'junior-tennis', 'adult-tennis',
  ],
  'manchester-city-centre-pool-and-gym': [
    'yoga', 'spin', 'hiit', 'pilates',
    'squash',
    'lane-swimming', 'gym-session',
    'fitness-courses',
  ],
  'stockport-leisure-centre': [
    'yoga', 'pilates', 'aqua-aerobics',
    'badminton', 'squash', 'sports-hall-hire',
    'lane-swimming', 'family-swim', 'public-swim', 'gym-session',
    'swimming-lessons',
  ],
  'wigan-pool-and-fitness-centre': [
    'spin', 'hiit', 'aqua-aerobics',
    'badminton',
    'lane-swimming', 'family-swim', 'public-swim', 'gym-session',
    'swimming-lessons',
  ],
  'ashton-under-lyne-leisure-centre': [
    'yoga', 'hiit',
    'badminton', 'table-tennis', '5-a-side-football',
    'lane-swimming', 'public-swim', 'gym-session',
  ],
  'preston-tennis-and-fitness-centre': [
    'badminton', 'squash', 'tennis', 'table-tennis',
    'gym-session',
    'junior-tennis', 'adult-tennis',
  ],
  'warrington-leisure-centre': [
    'spin', 'pilates',
    '5-a-side-football',
    'lane-swimming', 'family-swim', 'public-swim', 'gym-session',
    'swimming-lessons',
  ],
};
