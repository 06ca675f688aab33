import { readFileSync } from 'node:fs';
import { type Kysely, sql } from 'kysely';
import { HOLDS_SQL } from './0050_holds_sql.ts';

/**
 * Holds cannot be hoarded (issue 22, docs/holds.md "Limits per account"): per client, the live
 * places one account may hold at once (holds, waitlist offers and course holds: demo 8), per
 * session (2; courts and family sessions are not limited per session) and the family members it
 * may add in a day (5). hold_place() (db/sql/holds.sql, loaded again here) and hold_course()
 * check them under the account's advisory lock, and refuse holding again a place the account
 * released less than a hold's length ago.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    ALTER TABLE clients
      ADD COLUMN max_live_holds integer NOT NULL DEFAULT 8 CHECK (max_live_holds > 0),
      ADD COLUMN max_holds_per_session integer NOT NULL DEFAULT 2 CHECK (max_holds_per_session > 0),
      ADD COLUMN max_family_members_per_day integer NOT NULL DEFAULT 5 CHECK (max_family_members_per_day > 0);

    -- What the limits read: the account's recently released holds of one session or course.
    CREATE INDEX place_claims_account_released_idx ON place_claims (account_user_id, occurrence_id, released_at) WHERE status = 'released';
    CREATE INDEX course_claims_account_released_idx ON course_claims (account_user_id, course_id, released_at) WHERE status = 'released';
  `.execute(db);

  await sql.raw(readFileSync(HOLDS_SQL, 'utf8')).execute(db);

  await sql`
    -- hold_course() of 0062 with the account's limits: p_limits (a customer's own hold) takes the
    -- account's lock before the course's and asks hold_limits_refusal() after the person's own
    -- claim is found (adding again stays idempotent). A course is one place towards the cap, with
    -- no limit per course. Offers and a checkout's retake pass false. VOLATILE.
    DROP FUNCTION hold_course(integer, integer, integer, integer, integer, timestamptz);
    CREATE FUNCTION hold_course(p_client integer, p_course integer, p_account integer, p_person integer,
                                p_price integer, p_expires timestamptz, p_limits boolean DEFAULT true)
      RETURNS TABLE (outcome text, claim_id bigint)
      LANGUAGE plpgsql VOLATILE
      SET lock_timeout = '3s'
    AS $fn$
    DECLARE
      v_capacity integer;
      v_live integer;
      v_ahead integer;
      v_mine_id bigint;
      v_mine_kind text;
      v_entry bigint;
      v_entry_at timestamptz;
      v_new bigint;
      v_refusal text;
    BEGIN
      IF p_limits THEN
        PERFORM pg_advisory_xact_lock(22, p_account);
      END IF;
      SELECT c.capacity INTO v_capacity FROM courses c WHERE c.id = p_course AND c.client_id = p_client FOR UPDATE;
      IF NOT FOUND THEN
        RETURN QUERY SELECT 'not_found'::text, NULL::bigint;
        RETURN;
      END IF;
      UPDATE course_claims SET status = 'released', released_at = now()
       WHERE course_id = p_course AND status = 'active' AND kind = 'hold' AND expires_at <= now();
      SELECT cc.id, cc.kind INTO v_mine_id, v_mine_kind FROM course_claims cc
       WHERE cc.course_id = p_course AND cc.membership_user_id = p_person AND cc.status = 'active';
      IF v_mine_id IS NOT NULL THEN
        RETURN QUERY SELECT CASE v_mine_kind WHEN 'booking' THEN 'already_booked' ELSE 'already_held' END, v_mine_id;
        RETURN;
      END IF;
      IF p_limits THEN
        v_refusal := hold_limits_refusal(p_client, p_account, NULL, p_course, false, p_expires - now());
        IF v_refusal IS NOT NULL THEN
          RETURN QUERY SELECT v_refusal, NULL::bigint;
          RETURN;
        END IF;
      END IF;
      SELECT count(*) INTO v_live FROM course_claims cc WHERE cc.course_id = p_course AND cc.status = 'active';
      SELECT w.id, w.created_at INTO v_entry, v_entry_at FROM course_waitlist_entries w
       WHERE w.course_id = p_course AND w.membership_user_id = p_person AND w.status = 'waiting';
      SELECT count(*) INTO v_ahead FROM course_waitlist_entries w
       WHERE w.course_id = p_course AND w.status = 'waiting'
         AND (v_entry IS NULL OR (w.created_at, w.id) < (v_entry_at, v_entry));
      IF v_live + v_ahead >= v_capacity THEN
        RETURN QUERY SELECT 'full'::text, NULL::bigint;
        RETURN;
      END IF;
      INSERT INTO course_claims (client_id, course_id, account_user_id, membership_user_id, kind, expires_at, price_pence)
      VALUES (p_client, p_course, p_account, p_person, 'hold', p_expires, p_price)
      RETURNING id INTO v_new;
      IF v_entry IS NOT NULL THEN
        UPDATE course_waitlist_entries SET status = 'accepted', updated_at = now() WHERE id = v_entry;
      END IF;
      RETURN QUERY SELECT 'held'::text, v_new;
    END
    $fn$;
  `.execute(db);
};
