import { type Kysely, sql } from 'kysely';

/**
 * Booking a course as a whole (issue 20, docs/courses.md): one claim per person on the course
 * (not per session), held and released together, decided by `hold_course()` under the course
 * row's lock so an enrolment is all-or-nothing and never over capacity. A held course is a basket
 * item (cart_items with course_id instead of occurrence_id); deleting the item releases the hold
 * (trigger); a paid course is an order line naming the claim, and the claim (kind 'booking') is
 * the booking.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    -- The operator allows joining a course that has started, at a pro-rata price.
    ALTER TABLE courses ADD COLUMN late_joining boolean NOT NULL DEFAULT false;

    CREATE TABLE course_claims (
      id bigserial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      course_id integer NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
      account_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      -- As place_claims: a person removed takes their holds with them (their bookings refuse the removal).
      membership_user_id integer NOT NULL REFERENCES membership_users(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('hold', 'booking')),
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'released')),
      expires_at timestamptz,
      price_pence integer NOT NULL CHECK (price_pence >= 0),
      order_id integer REFERENCES orders(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      booked_at timestamptz,
      released_at timestamptz,
      cancellation_source text,
      CHECK ((kind = 'hold') = (expires_at IS NOT NULL)),
      CHECK ((kind = 'booking') = (order_id IS NOT NULL))
    );
    -- One live claim per person and course: adding again answers the same hold.
    CREATE UNIQUE INDEX course_claims_person_idx ON course_claims (course_id, membership_user_id) WHERE status = 'active';
    CREATE INDEX course_claims_account_idx ON course_claims (account_user_id, kind, status);
    CREATE INDEX course_claims_expiry_idx ON course_claims (expires_at) WHERE status = 'active' AND kind = 'hold';

    ALTER TABLE cart_items
      ALTER COLUMN occurrence_id DROP NOT NULL,
      ALTER COLUMN pricing_option_id DROP NOT NULL,
      ADD COLUMN course_id integer REFERENCES courses(id) ON DELETE CASCADE,
      ADD COLUMN course_claim_id bigint UNIQUE REFERENCES course_claims(id) ON DELETE SET NULL,
      ADD CONSTRAINT cart_items_session_or_course CHECK (
        (occurrence_id IS NOT NULL AND pricing_option_id IS NOT NULL AND course_id IS NULL)
        OR (occurrence_id IS NULL AND course_id IS NOT NULL));
    CREATE UNIQUE INDEX cart_items_course_person_idx ON cart_items (cart_id, course_id, purchased_for_user_id) WHERE course_id IS NOT NULL;

    ALTER TABLE order_lines
      ALTER COLUMN occurrence_id DROP NOT NULL,
      ADD COLUMN course_claim_id bigint UNIQUE REFERENCES course_claims(id),
      DROP CONSTRAINT order_lines_booking_or_fee,
      ADD CONSTRAINT order_lines_booking_fee_or_course CHECK (num_nonnulls(booking_id, late_cancellation_fee_id, course_claim_id) = 1);

    -- Removing a course item (remove, clear, a person's basket emptied) releases its hold.
    CREATE FUNCTION cart_items_release_course() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      UPDATE course_claims SET status = 'released', released_at = now()
       WHERE id = OLD.course_claim_id AND kind = 'hold' AND status = 'active';
      RETURN OLD;
    END
    $fn$;
    CREATE TRIGGER cart_items_release_course AFTER DELETE ON cart_items
      FOR EACH ROW WHEN (OLD.course_claim_id IS NOT NULL) EXECUTE FUNCTION cart_items_release_course();

    -- One place on the whole course for a person, or none (docs/courses.md). Each statement
    -- after the lock takes a fresh snapshot (docs/holds.md "Why separate statements"), so the
    -- count sees every claim committed before the lock was granted. Must stay VOLATILE.
    CREATE FUNCTION hold_course(p_client integer, p_course integer, p_account integer, p_person integer,
                                p_price integer, p_expires timestamptz)
      RETURNS TABLE (outcome text, claim_id bigint)
      LANGUAGE plpgsql VOLATILE
      SET lock_timeout = '3s'
    AS $fn$
    DECLARE
      v_capacity integer;
      v_live integer;
      v_mine_id bigint;
      v_mine_kind text;
      v_new bigint;
    BEGIN
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
      SELECT count(*) INTO v_live FROM course_claims cc WHERE cc.course_id = p_course AND cc.status = 'active';
      IF v_live >= v_capacity THEN
        RETURN QUERY SELECT 'full'::text, NULL::bigint;
        RETURN;
      END IF;
      INSERT INTO course_claims (client_id, course_id, account_user_id, membership_user_id, kind, expires_at, price_pence)
      VALUES (p_client, p_course, p_account, p_person, 'hold', p_expires, p_price)
      RETURNING id INTO v_new;
      RETURN QUERY SELECT 'held'::text, v_new;
    END
    $fn$;
  `.execute(db);
};
