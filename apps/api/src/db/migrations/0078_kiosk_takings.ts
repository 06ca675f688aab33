import { type Kysely, sql } from 'kysely';

/**
 * The kiosk's card takings report (issue 24; docs/front-of-house.md "Kiosk takings"): a venue's
 * completed and reversed kiosk card payments of a day, and a till session's period, are read by
 * venue and the time the payment was decided. A partial index over the finished payments only
 * (the waiting, declined and cancelled ones are never in a report).
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    CREATE INDEX kiosk_terminal_payments_takings_idx ON kiosk_terminal_payments (venue_id, decided_at) WHERE status IN ('completed', 'reversed');
  `.execute(db);
};
