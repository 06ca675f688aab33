import { VENUE_TIMEZONE } from './client.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';

type Relationship = 'partner' | 'child' | 'other';

export type SeedFamilyMember = {
  first_name: string;
  last_name: string;
  date_of_birth: string;
  relationship: Relationship;
  home_venue: string;
};

export type SeedAccount = {
  role: 'customer' | 'staff';
  /** Staff with the operator (manager) role (0079). */
  operator_role?: 'manager';
  reference: string;
  email: string;
  /** Plain text here; the seed stores only the password hash (argon2id). */
  password: string;
  first_name: string;
  last_name: string;
  /** The account holder's own membership user ('self'). */
  date_of_birth: string | null;
  home_venue: string;
  /** Linked membership users with no login of their own, bookable by the account holder. */
  family: readonly SeedFamilyMember[];
};

/**
 * The children stay the age the demo describes whatever day it is loaded: the last birthday on
 * month/day that made them `age`, as 'YYYY-MM-DD'.
 */
export const birthdayYearsAgo = (age: number, month: number, day: number, now = new Date()): string => {
  const [year, todayMonth, todayDay] = new Intl.DateTimeFormat('en-CA', { timeZone: VENUE_TIMEZONE }).format(now).split('-').map(Number) as [number, number, number];
  const hadBirthday = todayMonth > month || (todayMonth === month && todayDay >= day);
  const born = new Date(Date.UTC(year - age - (hadBirthday ? 0 : 1), month - 1, day));
  return born.toISOString().slice(0, 10);
};

const splitName = (name: string): { first_name: string; last_name: string } => {
  const [first_name = name, ...rest] = name.split(' ');
  return { first_name, last_name: rest.join(' ') };
};

/**
 * The customer has a partner and two children so the "book for someone else" paths
 * (selected user, attendees, junior courses) have someone to book for. In January 2027
 * Olivia (9) fits Junior Tennis Development and Learn to Swim Stages 3-4; Leo (6) fits
 * Junior Tennis Starter and Stages 1-2.
 */
export const DEMO_USERS: readonly SeedAccount[] = [
  {
    role: 'customer',
    reference: 'ANW100001',
    email: DEMO_ACCOUNTS.customer.email,
    password: DEMO_ACCOUNTS.customer.password,
    ...splitName(DEMO_ACCOUNTS.customer.name),
    date_of_birth: '1988-04-17', // fixed-date: an adult whatever the day the demo is loaded
    home_venue: 'bury-leisure-centre',
    family: [
      // fixed-date: an adult whatever the day the demo is loaded
      { first_name: 'Jordan', last_name: 'Morgan', date_of_birth: '1987-09-02', relationship: 'partner', home_venue: 'bury-leisure-centre' },
      { first_name: 'Olivia', last_name: 'Morgan', date_of_birth: birthdayYearsAgo(9, 3, 22), relationship: 'child', home_venue: 'bury-leisure-centre' },
      { first_name: 'Leo', last_name: 'Morgan', date_of_birth: birthdayYearsAgo(6, 8, 9), relationship: 'child', home_venue: 'bury-leisure-centre' },
    ],
  },
  {
    role: 'staff',
    reference: 'ANW-STAFF-1',
    email: DEMO_ACCOUNTS.staff.email,
    password: DEMO_ACCOUNTS.staff.password,
    ...splitName(DEMO_ACCOUNTS.staff.name),
    date_of_birth: null,
    home_venue: 'bury-leisure-centre',
    family: [],
  },
  {
    role: 'staff',
    reference: 'ANW-STAFF-2',
    email: DEMO_ACCOUNTS.staffRadcliffe.email,
    password: DEMO_ACCOUNTS.staffRadcliffe.password,
    ...splitName(DEMO_ACCOUNTS.staffRadcliffe.name),
    date_of_birth: null,
    home_venue: 'radcliffe-leisure-centre',
    family: [],
  },
  {
    role: 'staff',
    operator_role: 'manager',
    reference: 'ANW-MANAGER-1',
    email: DEMO_ACCOUNTS.manager.email,
    password: DEMO_ACCOUNTS.manager.password,
    ...splitName(DEMO_ACCOUNTS.manager.name),
    date_of_birth: null,
    home_venue: 'bury-leisure-centre',
    family: [],
  },
];
