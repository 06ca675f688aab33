import type { V1Type, V2Type } from '../schema.ts';

type CategoryText = {
  slug: string;
  name: string;
  /** One enticing sentence for cards. */
  short_description: string;
  /** Two or three sentences for the category page. */
  description: string;
};

export type SeedChildCategory = CategoryText & {
  /** 'customer': the customer picks the court or pitch; null: the system allocates one. */
  allocation_strategy?: 'customer';
};

/**
 * A root category and its sub-activities. Children take the root's v1/v2 types, so a
 * tree can never mix kinds (the timetable, reload and filter rules of spec §4-5 depend on
 * the type). Activity roots carry the type of their children; the 'courses' root and its
 * children carry none, because courses are booked as a block from the course pages, not
 * from a timetable.
 */
export type SeedRootCategory = CategoryText & {
  v1_type: V1Type | null;
  v2_type: V2Type | null;
  children: readonly SeedChildCategory[];
};

/** Image URLs stay null: the front end picks artwork per category slug. */
export const CATEGORIES: readonly SeedRootCategory[] = [
  {
    slug: 'fitness-classes',
    name: 'Fitness Classes',
    short_description: 'Over 300 instructor-led classes a week, from sunrise yoga to late-night spin.',
    description:
      'Book your place up to seven days ahead and join the waiting list if a class is full. Every class is led by a qualified instructor who will offer easier and harder options, so you can work at your own pace.',
    v1_type: 'class_templates',
    v2_type: 'classes',
    children: [
      {
        slug: 'yoga',
        name: 'Yoga',
        short_description: 'Build strength and flexibility and leave feeling calmer than you arrived.',
        description:
          'Flowing vinyasa, slower hatha and restorative sessions for every level. Mats and blocks are provided; please arrive five minutes early to settle in.',
      },
      {
        slug: 'spin',
        name: 'Spin',
        short_description: 'Forty-five minutes, great music and a bike that tells you exactly how hard you worked.',
        description:
          'Our indoor cycling classes use performance bikes with power meters, so you can track your progress week by week. Bring a towel and a water bottle; cycling shoes are optional.',
      },
      {
        slug: 'hiit',
        name: 'HIIT',
        short_description: 'Short, sharp intervals that get results in thirty minutes.',
        description:
          'High-intensity interval training combining bodyweight moves, kettlebells and cardio bursts. Each exercise has a lower-impact alternative, and your instructor will show you both.',
      },
      {
        slug: 'pilates',
        name: 'Pilates',
        short_description: 'Strengthen your core, improve your posture and move better every day.',
        description:
          'Mat-based Pilates focusing on control, breathing and alignment. Classes suit complete beginners and anyone returning to exercise after injury.',
      },
      {
        slug: 'aqua-aerobics',
        name: 'Aqua Aerobics',
        short_description: 'All the fun of a fitness class with the water taking the strain off your joints.',
        description:
          'A lively workout in the shallow end of the pool, set to music. You do not need to be a confident swimmer, and the water supports you throughout.',
      },
    ],
  },
  {
    slug: 'racket-sports',
    name: 'Racket Sports',
    short_description: 'Courts and tables to book by the hour, for a friendly knock-about or a league match.',
    description:
      'Book a court for up to four players and pay online. Rackets, balls and shuttlecocks can be borrowed from reception free of charge.',
    v1_type: 'ad_hoc_templates',
    v2_type: 'resources',
    children: [
      {
        slug: 'badminton',
        name: 'Badminton',
        short_description: 'Grab a partner and a court: the easiest racket sport to pick up.',
        description:
          'Full-size courts with sprung floors in our sports halls. Book 40 or 60 minutes for singles or doubles.',
      },
      {
        slug: 'squash',
        name: 'Squash',
        short_description: 'Fast, competitive and the best 40-minute workout in the building.',
        description:
          'Glass-backed and traditional courts, each booked in 40-minute slots. Non-marking shoes and eye protection are recommended.',
      },
      {
        slug: 'tennis',
        name: 'Tennis',
        short_description: 'Indoor and floodlit outdoor courts, whatever the North West weather.',
        description:
          'Choose the exact court you want: indoor acrylic or outdoor floodlit hard courts. Courts are available in one-hour slots from early morning until late evening.',
        allocation_strategy: 'customer',
      },
      {
        slug: 'table-tennis',
        name: 'Table Tennis',
        short_description: 'Competition tables you can book by the hour, bats and balls included.',
        description:
          'Tournament-standard tables with barriers and good lighting. Perfect for a lunchtime game or practice before league night.',
      },
    ],
  },
  {
    slug: 'pitches-and-halls',
    name: 'Pitches & Sports Halls',
    short_description: 'Floodlit pitches and sports halls for your team, club or birthday party.',
    description:
      'Hire a 3G pitch or a sports hall by the hour. Block bookings for a whole season are available from the venue reception.',
    v1_type: 'ad_hoc_templates',
    v2_type: 'resources',
    children: [
      {
        slug: '5-a-side-football',
        name: '5-a-side Football',
        short_description: 'Floodlit 3G pitches with goals and bibs ready when you arrive.',
        description:
          'Book a five-a-side pitch for an hour of football with friends or colleagues. Moulded studs or astro trainers only, please.',
      },
      {
        slug: 'sports-hall-hire',
        name: 'Sports Hall Hire',
        short_description: 'A whole sports hall for basketball, netball, futsal or a party.',
        description:
          'Hire a full or half sports hall with equipment for basketball, netball, volleyball and futsal. Let reception know if you need the inflatables for a children’s party.',
      },
    ],
  },
  {
    slug: 'swimming',
    name: 'Swimming',
    short_description: 'Lanes, family sessions and fun swims across our pools.',
    description:
      'Buy your ticket online and go straight to the changing rooms. Sessions are capped so the pool never feels crowded.',
    v1_type: 'fast_ticket_templates',
    v2_type: 'ticketed',
    children: [
      {
        slug: 'lane-swimming',
        name: 'Lane Swimming',
        short_description: 'Slow, medium and fast lanes so you can swim at your own pace.',
        description:
          'Lanes are marked by speed and swum clockwise. Ideal for fitness swimmers and anyone training for a triathlon or open-water event.',
      },
      {
        slug: 'family-swim',
        name: 'Family Swim',
        short_description: 'Floats, toys and the whole pool to splash around in together.',
        description:
          'Relaxed sessions for families with children of all ages. Children under eight must be accompanied in the water by an adult, with up to two under-fives per adult.',
      },
      {
        slug: 'public-swim',
        name: 'Public Swim',
        short_description: 'A general session for everyone: lengths, play or simply cooling off.',
        description:
          'Part of the pool is roped off for lengths and the rest is open for everyone. A great way to start swimming again.',
      },
    ],
  },
  {
    slug: 'gym',
    name: 'Gym',
    short_description: 'Well-equipped gyms with friendly staff on hand to help.',
    description:
      'Free weights, resistance machines and the latest cardio equipment in every gym. New to the gym? Every ticket includes a quick welcome from the team on duty.',
    v1_type: 'fast_ticket_templates',
    v2_type: 'ticketed',
    children: [
      {
        slug: 'gym-session',
        name: 'Gym Session',
        short_description: 'Book your time in the gym and train without the queues.',
        description:
          'A pay-as-you-go gym ticket for up to 90 minutes. Members book free of charge. Please bring a towel and clean indoor trainers.',
      },
    ],
  },
  {
    slug: 'courses',
    name: 'Courses',
    short_description: 'Learn something new over a term with a coach who knows your name.',
    description:
      'Our courses run weekly for a set number of weeks, with one payment for the whole course. Places are limited so every participant gets proper attention.',
    v1_type: null,
    v2_type: null,
    children: [
      {
        slug: 'swimming-lessons',
        name: 'Swimming Lessons',
        short_description: 'Swim England Learn to Swim stages for children aged four and up.',
        description:
          'Small groups in our teaching pools, working through the Swim England Learn to Swim framework. Teachers assess progress every week and move children up when they are ready.',
      },
      {
        slug: 'adult-swimming-lessons',
        name: 'Adult Swimming Lessons',
        short_description: 'It is never too late to learn to swim, or to finally master front crawl.',
        description:
          'Patient, small-group lessons for adults, from first confidence in the water to smoother strokes. Sessions take place in a quiet, roped-off part of the pool.',
      },
      {
        slug: 'junior-tennis',
        name: 'Junior Tennis',
        short_description: 'LTA-accredited coaching for ages four to sixteen.',
        description:
          'Fun, game-based coaching on age-appropriate courts, with rackets provided for starters. Juniors progress from red and orange balls to full court play.',
      },
      {
        slug: 'adult-tennis',
        name: 'Adult Tennis',
        short_description: 'Pick up a racket or polish your game with a qualified coach.',
        description:
          'Weekly group coaching for adults at beginner and improver level. Each course ends with a friendly doubles tournament.',
      },
      {
        slug: 'fitness-courses',
        name: 'Fitness Courses',
        short_description: 'Learn the foundations properly over six to eight weeks.',
        description:
          'Progressive courses in Pilates, yoga and strength training that build week by week. Perfect if you would like to learn the basics before joining our drop-in classes.',
      },
    ],
  },
];
