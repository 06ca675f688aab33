import { type Kysely, sql } from 'kysely';

/**
 * Holding a place inside PostgreSQL (issue 9, docs/holds.md).
 *
 * `hold_place(occurrence, account_user, membership_user, kind, expires_at)` is the one way a
 * hold or a waitlist offer is created. It answers one row `(outcome, claim_id, released)`:
 *
 * - 'held'           a new claim (claim_id) was inserted;
 * - 'already_held'   the person already has an active hold or offer on it (claim_id: that one);
 * - 'already_booked' the person has booked it (claim_id: the booking's claim);
 * - 'full'           no place left (or the court is taken for that time: exclusion constraint);
 * - 'reserved'       places are free but kept for people waiting ahead on the waitlist;
 * - 'started', 'cancelled', 'not_found'.
 *
 * `released` counts the expired holds and offers it released on the way.
 *
 * Why a plpgsql function of separate statements, not one statement: under READ COMMITTED each
 * statement takes its snapshot when it starts. A single `WITH … SELECT … FOR UPDATE … INSERT`
 * statement would take its snapshot before waiting for the occurrence lock; once the lock is
 * granted (the other transaction has committed its hold), the claims count inside the same
 * statement still reads the old snapshot and misses that hold, so two transactions that queued
 * on the lock would both see "1 place left" and both insert: an oversell. Here the lock is one
 * statement and the count is the next one, which takes a fresh snapshot after the lock is held
 * and therefore sees every hold committed before it. The function must stay VOLATILE (a STABLE
 * function reuses the caller's snapshot).
 *
 * Fast path: a refusal needs no lock. If, without locking, the places are already taken by
 * active unexpired claims (a committed state), the answer is 'full' at once; nothing is written,
 * so nothing can be oversold, and the hot occurrence's lock is left to those who can get a place.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    CREATE FUNCTION hold_place(
      p_occurrence_id integer,
      p_account_user_id integer,
      p_membership_user_id integer,
      p_kind text,
      p_expires_at timestamptz
    ) RETURNS TABLE (outcome text, claim_id bigint, released integer)
    LANGUAGE plpgsql VOLATILE
    -- A hold waits this long at most for the occurrence lock (55P03 → the API's 'busy' 409).
    SET lock_timeout = '3s'
    AS $fn$
    DECLARE
      occ record;
      mine record;
      existing record;
      v_active integer;
      v_waiting_ahead integer := 0;
      v_released integer := 0;
      v_claim bigint;
      v_location integer;
    BEGIN
      IF p_kind NOT IN ('hold', 'offer') THEN
        RAISE EXCEPTION 'hold_place: kind must be hold or offer, not %', p_kind;
      END IF;

      -- The person's place in the waitlist queue, if they are waiting (waiters ahead keep
      -- freed places: a hold by anyone behind them is 'reserved').
      SELECT w.created_at, w.id INTO mine
        FROM waitlist_entries w
       WHERE w.occurrence_id = p_occurrence_id AND w.membership_user_id = p_membership_user_id AND w.status = 'waiting';

      -- Fast path without the lock: full of live claims and nothing of this person's.
      IF NOT EXISTS (
        SELECT 1 FROM place_claims c
         WHERE c.occurrence_id = p_occurrence_id AND c.membership_user_id = p_membership_user_id AND c.status = 'active'
      ) THEN
        SELECT o.capacity - (
                 SELECT count(*) FROM place_claims c
                  WHERE c.occurrence_id = o.id AND c.status = 'active' AND (c.expires_at IS NULL OR c.expires_at > now())
               ) AS free,
               o.cancelled_at, o.starts_at
          INTO occ
          FROM occurrences o WHERE o.id = p_occurrence_id;
        IF FOUND AND occ.cancelled_at IS NULL AND occ.starts_at > now() AND occ.free <= 0 THEN
          RETURN QUERY SELECT 'full'::text, NULL::bigint, 0;
          RETURN;
        END IF;
      END IF;

      -- 1. Lock the occurrence: every hold, offer and booking of it queues here.
      SELECT o.id, o.client_id, o.capacity, o.cancelled_at, o.starts_at, o.ends_at, o.location_id, a.kind AS activity_kind
        INTO occ
        FROM occurrences o JOIN activities a ON a.id = o.activity_id
       WHERE o.id = p_occurrence_id
         FOR UPDATE OF o;
      IF NOT FOUND THEN
        RETURN QUERY SELECT 'not_found'::text, NULL::bigint, 0;
        RETURN;
      END IF;
      IF occ.cancelled_at IS NOT NULL THEN
        RETURN QUERY SELECT 'cancelled'::text, NULL::bigint, 0;
        RETURN;
      END IF;
      IF occ.starts_at <= now() THEN
        RETURN QUERY SELECT 'started'::text, NULL::bigint, 0;
        RETURN;
      END IF;

      -- 2. Release this occurrence's expired holds and offers (a stopped sweeper never blocks
      --    a place). Fresh snapshot: this statement starts after the lock was granted.
      UPDATE place_claims c SET status = 'released', released_at = now()
       WHERE c.occurrence_id = p_occurrence_id AND c.status = 'active' AND c.expires_at <= now();
      GET DIAGNOSTICS v_released = ROW_COUNT;

      -- 3. The same person keeps one claim: adding twice is idempotent.
      SELECT c.id, c.kind INTO existing
        FROM place_claims c
       WHERE c.occurrence_id = p_occurrence_id AND c.membership_user_id = p_membership_user_id AND c.status = 'active';
      IF FOUND THEN
        RETURN QUERY SELECT CASE WHEN existing.kind = 'booking' THEN 'already_booked' ELSE 'already_held' END, existing.id, v_released;
        RETURN;
      END IF;

      -- 4. Count what is taken (holds and offers still live, and bookings).
      SELECT count(*) INTO v_active
        FROM place_claims c
       WHERE c.occurrence_id = p_occurrence_id AND c.status = 'active';
      IF v_active >= occ.capacity THEN
        RETURN QUERY SELECT 'full'::text, NULL::bigint, v_released;
        RETURN;
      END IF;

      -- 5. A customer's own hold comes after the people waiting ahead of them (offers are made
      --    to the first waiter, so they are never behind anyone).
      IF p_kind = 'hold' THEN
        SELECT count(*) INTO v_waiting_ahead
          FROM waitlist_entries w
         WHERE w.occurrence_id = p_occurrence_id AND w.status = 'waiting'
           AND w.membership_user_id <> p_membership_user_id
           AND (mine.id IS NULL OR (w.created_at, w.id) < (mine.created_at, mine.id));
        IF v_active + v_waiting_ahead >= occ.capacity THEN
          RETURN QUERY SELECT 'reserved'::text, NULL::bigint, v_released;
          RETURN;
        END IF;
      END IF;

      -- 6. Insert the claim. A court claim also names the court and its time, and the
      --    exclusion constraint refuses an overlapping claim on that court (another occurrence).
      v_location := CASE WHEN occ.activity_kind = 'resource' THEN occ.location_id END;
      IF v_location IS NULL THEN
        INSERT INTO place_claims (client_id, occurrence_id, location_id, during, account_user_id, membership_user_id, kind, expires_at)
        VALUES (occ.client_id, p_occurrence_id, NULL, tstzrange(occ.starts_at, occ.ends_at, '[)'),
                p_account_user_id, p_membership_user_id, p_kind, p_expires_at)
        RETURNING id INTO v_claim;
      ELSE
        BEGIN
          INSERT INTO place_claims (client_id, occurrence_id, location_id, during, account_user_id, membership_user_id, kind, expires_at)
          VALUES (occ.client_id, p_occurrence_id, v_location, tstzrange(occ.starts_at, occ.ends_at, '[)'),
                  p_account_user_id, p_membership_user_id, p_kind, p_expires_at)
          RETURNING id INTO v_claim;
        EXCEPTION WHEN exclusion_violation THEN
          RETURN QUERY SELECT 'full'::text, NULL::bigint, v_released;
          RETURN;
        END;
      END IF;

      -- A waiter who got a place themselves is no longer waiting.
      IF p_kind = 'hold' AND mine.id IS NOT NULL THEN
        UPDATE waitlist_entries SET status = 'accepted', updated_at = now() WHERE id = mine.id;
      END IF;

      RETURN QUERY SELECT 'held'::text, v_claim, v_released;
    END
    $fn$;

    -- A basket add of one item in one statement: hold_place(), then (only when held) the open
    -- basket of (account, selected person) and the item pointing at the claim. Called on its own
    -- it is atomic and holds the occurrence lock only until its own commit; a multi-item add
    -- calls it once per item inside one transaction. Outcomes: those of hold_place(), and
    -- 'other_basket' when the person's hold is already an item of another of the account's baskets.
    CREATE FUNCTION cart_add_item(
      p_client_id integer,
      p_account_user_id integer,
      p_selected_user_id integer,
      p_occurrence_id integer,
      p_membership_user_id integer,
      p_pricing_option_id integer,
      p_price_pence integer,
      p_expires_at timestamptz
    ) RETURNS TABLE (outcome text, claim_id bigint, cart_item_id integer)
    LANGUAGE plpgsql VOLATILE
    AS $fn$
    DECLARE
      h record;
      v_cart integer;
      v_other integer;
      v_item integer;
    BEGIN
      SELECT * INTO h FROM hold_place(p_occurrence_id, p_account_user_id, p_membership_user_id, 'hold', p_expires_at);
      IF h.outcome NOT IN ('held', 'already_held') THEN
        RETURN QUERY SELECT h.outcome, NULL::bigint, NULL::integer;
        RETURN;
      END IF;

      INSERT INTO carts (client_id, account_user_id, membership_user_id)
      VALUES (p_client_id, p_account_user_id, p_selected_user_id)
      ON CONFLICT (account_user_id, membership_user_id) WHERE status = 'open' DO NOTHING;
      SELECT c.id INTO v_cart FROM carts c
       WHERE c.account_user_id = p_account_user_id AND c.membership_user_id = p_selected_user_id AND c.status = 'open';

      IF h.outcome = 'already_held' THEN
        SELECT i.cart_id INTO v_other FROM cart_items i WHERE i.claim_id = h.claim_id AND i.cart_id <> v_cart LIMIT 1;
        IF FOUND THEN
          RETURN QUERY SELECT 'other_basket'::text, h.claim_id, NULL::integer;
          RETURN;
        END IF;
      END IF;

      INSERT INTO cart_items AS i (client_id, cart_id, occurrence_id, pricing_option_id, purchased_for_user_id, claim_id, price_pence)
      VALUES (p_client_id, v_cart, p_occurrence_id, p_pricing_option_id, p_membership_user_id, h.claim_id, p_price_pence)
      ON CONFLICT (cart_id, occurrence_id, purchased_for_user_id) DO UPDATE
        SET claim_id = EXCLUDED.claim_id, pricing_option_id = EXCLUDED.pricing_option_id, price_pence = EXCLUDED.price_pence
      RETURNING i.id INTO v_item;
      UPDATE carts SET updated_at = now() WHERE id = v_cart;

      RETURN QUERY SELECT h.outcome, h.claim_id, v_item;
    END
    $fn$;

    -- When claims are released (removed, cleared, expired, a booking cancelled) or an offer
    -- becomes a booking, in the same transaction: the waitlist entries of released offers lapse
    -- (expired) or are left (removed), and a promotion job is queued for every occurrence that
    -- has people waiting. graphile-worker's add_job with a job key: one pending job per
    -- occurrence however many places free at once.
    CREATE FUNCTION place_claims_after_update() RETURNS trigger
    LANGUAGE plpgsql AS $fn$
    BEGIN
      UPDATE waitlist_entries w
         SET status = CASE WHEN n.expires_at <= now() THEN 'lapsed' ELSE 'left' END, updated_at = now()
        FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE w.claim_id = n.id AND w.status = 'offered' AND o.status = 'active' AND n.status = 'released';

      UPDATE waitlist_entries w SET status = 'accepted', updated_at = now()
        FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE w.claim_id = n.id AND w.status = 'offered' AND o.kind = 'offer' AND n.kind = 'booking' AND n.status = 'active';

      IF to_regnamespace('graphile_worker') IS NOT NULL THEN
        PERFORM graphile_worker.add_job(
                  identifier => 'promote-waitlist',
                  payload => json_build_object('occurrenceId', s.occurrence_id),
                  job_key => 'promote-waitlist:' || s.occurrence_id)
           FROM (SELECT DISTINCT n.occurrence_id
                   FROM new_rows n JOIN old_rows o ON o.id = n.id
                  WHERE o.status = 'active' AND n.status = 'released'
                    AND EXISTS (SELECT 1 FROM waitlist_entries w WHERE w.occurrence_id = n.occurrence_id AND w.status = 'waiting')) s;
      END IF;
      RETURN NULL;
    END
    $fn$;

    CREATE TRIGGER place_claims_released
      AFTER UPDATE ON place_claims
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION place_claims_after_update();

    -- More places on an occurrence (staff raise the capacity): offer them to the people waiting.
    CREATE FUNCTION occurrences_capacity_raised() RETURNS trigger
    LANGUAGE plpgsql AS $fn$
    BEGIN
      IF to_regnamespace('graphile_worker') IS NOT NULL
         AND EXISTS (SELECT 1 FROM waitlist_entries w WHERE w.occurrence_id = NEW.id AND w.status = 'waiting') THEN
        PERFORM graphile_worker.add_job(
                  identifier => 'promote-waitlist',
                  payload => json_build_object('occurrenceId', NEW.id),
                  job_key => 'promote-waitlist:' || NEW.id);
      END IF;
      RETURN NULL;
    END
    $fn$;

    CREATE TRIGGER occurrences_capacity_raised
      AFTER UPDATE OF capacity ON occurrences
      FOR EACH ROW WHEN (NEW.capacity > OLD.capacity)
      EXECUTE FUNCTION occurrences_capacity_raised();
  `.execute(db);
};
