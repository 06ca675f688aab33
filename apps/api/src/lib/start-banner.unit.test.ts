import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../db/seed/demo-accounts.ts';
import { startBanner } from './start-banner.ts';

describe('startBanner', () => {
  it('prints the demo logins when the demo data is loaded', () => {
    const text = startBanner({ url: 'http://localhost:3000', hasDemoAccounts: true, embeddedLocation: '/srv/data/postgres' });
    expect(text).toContain('Bookings is running at http://localhost:3000');
    expect(text).toContain('http://my-account.localhost:3000');
    expect(text).toContain(`${DEMO_ACCOUNTS.customer.email} / ${DEMO_ACCOUNTS.customer.password}`);
    expect(text).toContain('Data: embedded PostgreSQL in /srv/data/postgres');
  });

  it('never prints a demo password into a database without the demo data (issue 22)', () => {
    const text = startBanner({ url: 'https://bookings.example.com', hasDemoAccounts: false, embeddedLocation: null });
    expect(text).not.toContain(DEMO_ACCOUNTS.customer.password);
    expect(text).not.toContain(DEMO_ACCOUNTS.staff.password);
    expect(text).toContain('No demo data in this database');
    expect(text).toContain('Data: PostgreSQL at DATABASE_URL');
  });
});
