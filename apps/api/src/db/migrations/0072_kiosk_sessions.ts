import { type Kysely, sql } from 'kysely';

/**
 * A kiosk's session (issue 24; docs/kiosk.md "Booking and paying at the kiosk"): the short bearer
 * session POST /api/kiosk/identify starts is marked, so the server lets it reach only the kiosk's
 * own routes (book, pay by credit or a saved card, check in) and never account settings.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`ALTER TABLE sessions ADD COLUMN kiosk boolean NOT NULL DEFAULT false`.execute(db);
};
