import { type Kysely, sql } from 'kysely';

/**
 * A full course's waitlist (issue 20, docs/courses.md "Waitlist"): the session waitlist of 0010
 * for a course as a whole. An entry waits for one place on the whole course; when a place frees
 * (a hold expires or is removed, a booking is cancelled, the capacity rises) the trigger below
 * queues `promote-course-waitlist` in the releasing transaction, and the job offers the place to
 * the first waiter under the course row's lock: a hold (hold_course) with the offer's expiry, a
 * basket item with origin 'waitlist_offer', the entry 'offered' and an email, in one transaction.
 * hold_course() now keeps free places for the people waiting (a newcomer is refused while
 * someone waits), so a freed place cannot be taken before it is offered.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    CREATE TABLE course_waitlist_entries (
      id bigserial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      course_id integer NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
      account_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      membership_user_id integer NOT NULL REFERENCES membership_users(id) ON DELETE CASCADE,
      status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'offered', 'accepted', 'lapsed', 'left')),
      -- The offer's hold while offered (and after, for the record).
      claim_id bigint REFERENCES course_claims(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      offered_at timestamptz,
      offer_expires_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    -- One live entry per person and course: joining again answers the same entry.
    CREATE UNIQUE INDEX course_waitlist_person_idx ON course_waitlist_entries (course_id, membership_user_id)
      WHERE status IN ('waiting', 'offered');
    CREATE INDEX course_waitlist_queue_idx ON course_waitlist_entries (course_id, created_at, id) WHERE status = 'waiting';
    CREATE INDEX course_waitlist_account_idx ON course_waitlist_entries (account_user_id, status);
    CREATE INDEX course_waitlist_claim_idx ON course_waitlist_entries (claim_id) WHERE claim_id IS NOT NULL;

    -- hold_course() of 0060 with "waitlist first": after the lock and the count, the people
    -- waiting ahead of this person (everyone waiting, for a newcomer) keep the free places. A
    -- waiter who gets a place is no longer waiting ('accepted'). Same signature; VOLATILE.
    CREATE OR REPLACE FUNCTION hold_course(p_client integer, p_course integer, p_account integer, p_person integer,
                                           p_price integer, p_expires timestamptz)
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

    -- When course claims are released (removed, cleared, expired, a booking cancelled) or an
    -- offer becomes a booking, in the same transaction: the entries of released offers lapse
    -- (expired) or are left (removed), a booked offer's entry is accepted, and a promotion job is
    -- queued for every course with people waiting (job key: one pending job per course).
    CREATE FUNCTION course_claims_after_update() RETURNS trigger
    LANGUAGE plpgsql AS $fn$
    BEGIN
      UPDATE course_waitlist_entries w
         SET status = CASE WHEN o.expires_at <= n.released_at THEN 'lapsed' ELSE 'left' END, updated_at = now()
        FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE w.claim_id = n.id AND w.status = 'offered' AND o.status = 'active' AND n.status = 'released';

      UPDATE course_waitlist_entries w SET status = 'accepted', updated_at = now()
        FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE w.claim_id = n.id AND w.status = 'offered' AND o.kind = 'hold' AND n.kind = 'booking' AND n.status = 'active';

      IF to_regnamespace('graphile_worker') IS NOT NULL THEN
        PERFORM graphile_worker.add_job(
                  identifier => 'promote-course-waitlist',
                  payload => json_build_object('courseId', s.course_id),
                  job_key => 'promote-course-waitlist:' || s.course_id)
           FROM (SELECT DISTINCT n.course_id
                   FROM new_rows n JOIN old_rows o ON o.id = n.id
                  WHERE o.status = 'active' AND n.status = 'released'
                    AND EXISTS (SELECT 1 FROM course_waitlist_entries w WHERE w.course_id = n.course_id AND w.status = 'waiting')) s;
      END IF;
      RETURN NULL;
    END
    $fn$;

    CREATE TRIGGER course_claims_released
      AFTER UPDATE ON course_claims
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION course_claims_after_update();

    -- More places on a course (staff raise the capacity): offer them to the people waiting.
    CREATE FUNCTION courses_capacity_raised() RETURNS trigger
    LANGUAGE plpgsql AS $fn$
    BEGIN
      IF to_regnamespace('graphile_worker') IS NOT NULL
         AND EXISTS (SELECT 1 FROM course_waitlist_entries w WHERE w.course_id = NEW.id AND w.status = 'waiting') THEN
        PERFORM graphile_worker.add_job(
                  identifier => 'promote-course-waitlist',
                  payload => json_build_object('courseId', NEW.id),
                  job_key => 'promote-course-waitlist:' || NEW.id);
      END IF;
      RETURN NULL;
    END
    $fn$;

    CREATE TRIGGER courses_capacity_raised
      AFTER UPDATE OF capacity ON courses
      FOR EACH ROW WHEN (NEW.capacity > OLD.capacity)
      EXECUTE FUNCTION courses_capacity_raised();
  `.execute(db);
};
