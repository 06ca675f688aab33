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
  reference: string;
  email: string;
  /** Plain text here; the seed stores only the scrypt hash. */
  password: string;
  first_name: string;
  last_name: string;
  /** The account holder's own membership user ('self'). */
  date_of_birth: string | null;
  home_venue: string;
  /** Linked membership users with no login of their own, bookable by the account holder. */
  family: readonly SeedFamilyMember[];
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
    date_of_birth: '1988-04-17',
    home_venue: 'bury-leisure-centre',
    family: [
      { first_name: 'Jordan', last_name: 'Morgan', date_of_birth: '1987-09-02', relationship: 'partner', home_venue: 'bury-leisure-centre' },
      { first_name: 'Olivia', last_name: 'Morgan', date_of_birth: '2017-03-22', relationship: 'child', home_venue: 'bury-leisure-centre' },
      { first_name: 'Leo', last_name: 'Morgan', date_of_birth: '2020-08-09', relationship: 'child', home_venue: 'bury-leisure-centre' },
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
];
