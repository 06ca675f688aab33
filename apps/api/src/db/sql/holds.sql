-- Holding a place inside PostgreSQL (docs/holds.md): the current bodies of hold_place() and
-- cart_add_item(), the one way a hold or a waitlist offer is created. Loaded by the latest holds
-- migration (db/migrations/0050_holds_sql.ts), which runs this file as it is: change a body
-- here and add a migration that loads it again; never edit an old migration.
--
-- hold_place(occurrence, account_user, membership_user, kind, expires_at) answers one row
-- (outcome, claim_id, released):
--   'held'           a new claim (claim_id) was inserted;
--   'already_held'   the person already has an active hold or offer on it (claim_id: that one);
--   'already_booked' the person has booked it (claim_id: the booking's claim);
--   'full'           no place left (or the court is taken for that time: exclusion constraint);
--   'reserved'       places are free but kept for people waiting ahead on the waitlist;
--   'started', 'cancelled', 'not_found'.
-- `released` counts the expired holds and offers it released on the way.
--
-- Why separate statements in plpgsql, not one statement: under READ COMMITTED each statement
-- takes its snapshot when it starts. The lock is one statement and the scan of claims is the
-- next, which takes a fresh snapshot after the lock is held and so sees every claim committed
-- before it (one statement would count from a snapshot taken before waiting: an oversell). The
-- functions must stay VOLATILE (a STABLE function reuses the caller's snapshot).
--
-- Fast path: a refusal needs no lock. Full of active unexpired claims (committed state) and
-- nothing of this person's: 'full' at once, nothing written.
--
-- cart_add_item() upserts the open basket before hold_place() takes the lock (the lock covers
-- only the hold and the item until commit) and commits with synchronous_commit = off.
--
-- Holds cannot be hoarded (issue 22, docs/holds.md "Limits per account"): a customer's own hold
-- (kind 'hold', p_limits true) first takes the account's advisory lock (22, account), always
-- BEFORE the occurrence or course lock, then hold_limits_refusal() counts under it. Refusals:
--   'limit:<n>'          the account already has n live holds, offers and course holds;
--   'limit_session:<n>'  n live claims of the account on this occurrence (not courts or family sessions);
--   'released:<epoch>'   the account let a hold of this occurrence lapse or removed it less than
--                        a hold's length ago: it may hold it again from <epoch> (seconds).
-- Offers (the promotion job holds the occurrence lock already) and a checkout's retake of a
-- hold that ran out while paying (p_limits false) take no account lock and are never refused by it.

-- Drops the five-argument hold_place() of 0010/0011 (p_limits is new; a default would make a
-- five-argument call ambiguous between the two).
DROP FUNCTION IF EXISTS hold_place(integer, integer, integer, text, timestamptz);

CREATE OR REPLACE FUNCTION hold_limits_refusal(
  p_client_id integer,
  p_account_user_id integer,
  p_occurrence_id integer,
  p_course_id integer,
  p_per_session boolean,
  p_window interval
) RETURNS text
LANGUAGE plpgsql VOLATILE
AS $fn$
DECLARE
  lim record;
  v_lapsed timestamptz;
  v_live integer;
  v_here integer;
BEGIN
  SELECT cl.max_live_holds, cl.max_holds_per_session INTO lim FROM clients cl WHERE cl.id = p_client_id;

  -- The same place again too soon: a hold of this account on it that lapsed (expired, swept or
  -- not) or was removed less than a hold's length ago. It goes back to everyone else first.
  IF p_occurrence_id IS NOT NULL THEN
    SELECT max(CASE WHEN c.status = 'released' THEN least(c.released_at, c.expires_at) ELSE c.expires_at END) INTO v_lapsed
      FROM place_claims c
     WHERE c.account_user_id = p_account_user_id AND c.occurrence_id = p_occurrence_id AND c.kind <> 'booking'
       AND ((c.status = 'released' AND c.released_at > now() - p_window) OR (c.status = 'active' AND c.expires_at <= now()));
  ELSE
    SELECT max(least(cc.released_at, cc.expires_at)) INTO v_lapsed
      FROM course_claims cc
     WHERE cc.account_user_id = p_account_user_id AND cc.course_id = p_course_id AND cc.kind = 'hold'
       AND ((cc.status = 'released' AND cc.released_at > now() - p_window) OR (cc.status = 'active' AND cc.expires_at <= now()));
  END IF;
  IF v_lapsed IS NOT NULL AND v_lapsed > now() - p_window THEN
    RETURN 'released:' || ceil(extract(epoch FROM v_lapsed + p_window))::bigint;
  END IF;

  -- Live holds and offers of the account (sessions), and its live course holds (one place each).
  SELECT count(*), count(*) FILTER (WHERE c.occurrence_id = p_occurrence_id) INTO v_live, v_here
    FROM place_claims c
   WHERE c.account_user_id = p_account_user_id AND c.status = 'active' AND c.kind <> 'booking' AND c.expires_at > now();
  v_live := v_live + (SELECT count(*) FROM course_claims cc
                       WHERE cc.account_user_id = p_account_user_id AND cc.status = 'active' AND cc.kind = 'hold' AND cc.expires_at > now());
  IF v_live >= lim.max_live_holds THEN
    RETURN 'limit:' || lim.max_live_holds;
  END IF;
  IF p_per_session AND v_here >= lim.max_holds_per_session THEN
    RETURN 'limit_session:' || lim.max_holds_per_session;
  END IF;
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION hold_place(
  p_occurrence_id integer,
  p_account_user_id integer,
  p_membership_user_id integer,
  p_kind text,
  p_expires_at timestamptz,
  p_limits boolean DEFAULT true
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
  v_limited boolean := p_kind = 'hold' AND p_limits;
  v_refusal text;
BEGIN
  IF p_kind NOT IN ('hold', 'offer') THEN
    RAISE EXCEPTION 'hold_place: kind must be hold or offer, not %', p_kind;
  END IF;

  -- 0. A customer's own hold: the account's lock first (before the occurrence's), so two adds
  --    of one account count each other's holds (issue 22).
  IF v_limited THEN
    PERFORM pg_advisory_xact_lock(22, p_account_user_id);
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

  -- 2. One scan of the occurrence's active claims (fresh snapshot: this statement starts
  --    after the lock was granted): live ones, expired ones, and this person's live one.
  SELECT count(*) FILTER (WHERE c.expires_at IS NULL OR c.expires_at > now()) AS live,
         count(*) FILTER (WHERE c.expires_at <= now()) AS expired,
         max(c.id) FILTER (WHERE c.membership_user_id = p_membership_user_id AND (c.expires_at IS NULL OR c.expires_at > now())) AS mine_id,
         bool_or(c.kind = 'booking') FILTER (WHERE c.membership_user_id = p_membership_user_id) AS mine_booked
    INTO existing
    FROM place_claims c
   WHERE c.occurrence_id = p_occurrence_id AND c.status = 'active';

  -- 3. Release the expired holds and offers (a stopped sweeper never blocks a place).
  IF existing.expired > 0 THEN
    UPDATE place_claims c SET status = 'released', released_at = now()
     WHERE c.occurrence_id = p_occurrence_id AND c.status = 'active' AND c.expires_at <= now();
    GET DIAGNOSTICS v_released = ROW_COUNT;
  END IF;

  -- 4. The same person keeps one claim: adding twice is idempotent.
  IF existing.mine_id IS NOT NULL THEN
    RETURN QUERY SELECT CASE WHEN existing.mine_booked THEN 'already_booked' ELSE 'already_held' END, existing.mine_id, v_released;
    RETURN;
  END IF;

  -- 4b. The account's limits, counted under its lock (docs/holds.md "Limits per account"):
  --     courts and family sessions (ad hoc) have no limit per session.
  IF v_limited THEN
    v_refusal := hold_limits_refusal(occ.client_id, p_account_user_id, p_occurrence_id, NULL,
                                     occ.activity_kind NOT IN ('resource', 'ad_hoc'), p_expires_at - now());
    IF v_refusal IS NOT NULL THEN
      RETURN QUERY SELECT v_refusal, NULL::bigint, v_released;
      RETURN;
    END IF;
  END IF;

  -- 5. What is taken: live holds and offers, and bookings.
  v_active := existing.live;
  IF v_active >= occ.capacity THEN
    RETURN QUERY SELECT 'full'::text, NULL::bigint, v_released;
    RETURN;
  END IF;

  -- 6. A customer's own hold comes after the people waiting ahead of them (offers are made
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

  -- 7. Insert the claim. A court claim also names the court and its time, and the
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

CREATE OR REPLACE FUNCTION cart_add_item(
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
  -- A hold commits without waiting for its WAL flush (docs/holds.md "Durability of a
  -- hold"): the occurrence lock and the availability NOTIFY's commit lock are then not held
  -- across an fsync. A database crash can lose holds acknowledged in the last moments, never
  -- oversell: WAL is replayed in order, so a later durable commit (a booking) keeps every
  -- hold before it. Lasts until the end of this transaction only.
  PERFORM set_config('synchronous_commit', 'off', true);

  -- The basket first: not under the occurrence lock (taken by hold_place() below and kept
  -- until commit), so the lock covers only the hold and the item.
  INSERT INTO carts AS c (client_id, account_user_id, membership_user_id)
  VALUES (p_client_id, p_account_user_id, p_selected_user_id)
  ON CONFLICT (account_user_id, membership_user_id) WHERE status = 'open' DO UPDATE SET updated_at = now()
  RETURNING c.id INTO v_cart;

  SELECT * INTO h FROM hold_place(p_occurrence_id, p_account_user_id, p_membership_user_id, 'hold', p_expires_at);
  IF h.outcome NOT IN ('held', 'already_held') THEN
    RETURN QUERY SELECT h.outcome, NULL::bigint, NULL::integer;
    RETURN;
  END IF;

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

  RETURN QUERY SELECT h.outcome, h.claim_id, v_item;
END
$fn$;
