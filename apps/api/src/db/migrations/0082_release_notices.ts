import { type Kysely, sql } from 'kysely';

/**
 * The release's email (issue 25, docs/release.md "The email"): when a customer's requests at a
 * release are decided, one email tells them what they got (held until when, waiting list
 * position, or why not). `notified_at` is set in the transaction that queues that email, so it is
 * sent once, whichever instance (or resumed draw) gets there. Requests decided before this
 * migration count as told. The partial index serves the draw watch's look for decided requests
 * nobody has been told of (a draw that died between deciding and telling).
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    ALTER TABLE release_requests ADD COLUMN notified_at timestamptz;
    UPDATE release_requests SET notified_at = decided_at WHERE status <> 'waiting';
    CREATE INDEX release_requests_untold_idx ON release_requests (release_id, account_user_id) WHERE notified_at IS NULL AND status <> 'waiting';
  `.execute(db);
};
