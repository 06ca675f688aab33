/**
 * Sign-in details of the demo accounts. The server prints these on start and the e2e
 * journeys log in with them, so they are shared constants rather than seed internals.
 */
export const DEMO_ACCOUNTS = {
  customer: { email: 'customer@example.com', password: 'Demo1234!', name: 'Alex Morgan' },
  staff: { email: 'staff@example.com', password: 'Staff1234!', name: 'Sam Taylor' },
  /** A second till user, at Radcliffe (issue 24: "a second demo staff member at another venue"). */
  staffRadcliffe: { email: 'staff.radcliffe@example.com', password: 'Staff1234!', name: 'Priya Shah' },
  /** Staff with the operator (manager) role: the console at /manage (issue 26, docs/operator-tools.md). */
  manager: { email: 'manager@example.com', password: 'Manager1234!', name: 'Morgan Hale' },
} as const;

export const DEMO_CLIENT_SLUG = 'active-north-west';
