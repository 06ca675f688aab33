import { DEMO_ACCOUNTS } from '../db/seed/demo-accounts.ts';

export type BannerFacts = {
  /** The address people open (PUBLIC_URL, or localhost and the port). */
  url: string;
  /** Whether the demo accounts are in the database: only then are their passwords printed. */
  hasDemoAccounts: boolean;
  /** Where the embedded PostgreSQL keeps its data; null with DATABASE_URL. */
  embeddedLocation: string | null;
};

/** What `npm start` prints once the server listens: the sites, the API docs, the demo logins when they exist, the data. */
export const startBanner = ({ url, hasDemoAccounts, embeddedLocation }: BannerFacts): string =>
  [
    '',
    `  Bookings is running at ${url}`,
    `    my-account:      ${url.replace('://', '://my-account.')}`,
    `    online-joining:  ${url.replace('://', '://online-joining.')}`,
    `    front of house:  ${url.replace('://', '://foh.')}`,
    `  API docs: ${url}/api/docs`,
    '',
    ...(hasDemoAccounts
      ? [
          '  Demo accounts (the demo data is loaded):',
          `    customer  ${DEMO_ACCOUNTS.customer.email} / ${DEMO_ACCOUNTS.customer.password}`,
          `    staff     ${DEMO_ACCOUNTS.staff.email} / ${DEMO_ACCOUNTS.staff.password}`,
        ]
      : ['  No demo data in this database: log in with its own accounts.']),
    '',
    embeddedLocation ? `  Data: embedded PostgreSQL in ${embeddedLocation}` : '  Data: PostgreSQL at DATABASE_URL',
    '  Press Ctrl-C to stop.',
    '',
  ].join('\n') + '\n';
