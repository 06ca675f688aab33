import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { Language } from '../../lib/language.ts';

/** Course places (docs/courses.md): the course with its sessions, claims, basket rows and bookings. */

export type SessionRow = { date: string; starts_at: string; ends_at: string; start_time: string; end_time: string };

/** The sessions of course `c` (venue `v`) as a JSON array, instants from venue-local dates and times. */
const SESSIONS = sql`(
  SELECT json_agg(json_build_object(
           'date', (c.starts_on + 7 * s.i)::text,
           'starts_at', ((c.starts_on + 7 * s.i) + c.start_time) AT TIME ZONE v.timezone,
           'ends_at', ((c.starts_on + 7 * s.i) + c.start_time + make_interval(mins => c.duration_minutes)) AT TIME ZONE v.timezone,
           'start_time', to_char(c.start_time, 'HH24:MI'),
           'end_time', to_char(c.start_time + make_interval(mins => c.duration_minutes), 'HH24:MI'))
         ORDER BY s.i)
    FROM generate_series(0, c.weeks - 1) AS s(i))`;

/** Live claims of course `c`: bookings and unexpired holds. */
const LIVE = sql`(SELECT count(*)::int FROM course_claims cc
                   WHERE cc.course_id = c.id AND cc.status = 'active' AND (cc.expires_at IS NULL OR cc.expires_at > now()))`;

/** People waiting for course `c` (its free places are theirs first: docs/courses.md "Waitlist"). */
const WAITING = sql`(SELECT count(*)::int FROM course_waitlist_entries w WHERE w.course_id = c.id AND w.status = 'waiting')`;

export type CourseRow = {
  id: number;
  name: string;
  slug: string;
  starts_on: string;
  price_pence: number;
  capacity: number;
  min_age: number | null;
  max_age: number | null;
  level: string | null;
  late_joining: boolean;
  venue_slug: string;
  venue_name: string;
  category_slug: string;
  category_name: string;
  live: number;
  waiting: number;
  sessions: SessionRow[];
};

export const findCourse = async (db: Db, clientId: number, courseId: number): Promise<CourseRow | undefined> =>
  (
    await sql<CourseRow>`
      SELECT c.id, c.name, c.slug, c.starts_on::text AS starts_on, c.price_pence, c.capacity, c.min_age, c.max_age, c.level,
             c.late_joining, v.slug AS venue_slug, v.name AS venue_name, cat.slug AS category_slug, cat.name AS category_name,
             ${LIVE} AS live, ${WAITING} AS waiting, ${SESSIONS} AS sessions
        FROM courses c
        JOIN venues v ON v.id = c.venue_id
        JOIN activity_categories cat ON cat.id = c.category_id
       WHERE c.client_id = ${clientId} AND c.id = ${courseId}`.execute(db)
  ).rows[0];

export type PersonRow = { id: number; first_name: string; last_name: string; relationship: 'self' | 'partner' | 'child' | 'other'; date_of_birth: string | null };

/** The account's people with their dates of birth (the age range is checked against them). */
export const findPeople = async (db: Db, clientId: number, accountUserId: number): Promise<PersonRow[]> =>
  (
    await sql<PersonRow>`
      SELECT id, first_name, last_name, relationship, date_of_birth::text AS date_of_birth
        FROM membership_users WHERE client_id = ${clientId} AND account_user_id = ${accountUserId}
       ORDER BY relationship <> 'self', first_name, id`.execute(db)
  ).rows;

/** `limit:<n>` and `released:<epoch s>`: the account's limits (issue 22, 0066; holds' limitRefusal reads them). */
export type HoldOutcome = { outcome: 'held' | 'already_held' | 'already_booked' | 'full' | 'not_found' | `limit:${number}` | `released:${number}`; claim_id: number | null };

/**
 * hold_course() (0060, 0066): locks the course row, counts live claims after the lock, inserts or
 * refuses. `limits` (default true: a customer's own hold) takes the account's lock first and
 * applies its limits (docs/holds.md "Limits per account"); offers and a checkout's retake pass false.
 */
export const holdCourse = async (
  db: Db,
  args: { clientId: number; courseId: number; accountUserId: number; personId: number; pricePence: number; expiresAt: Date; limits?: boolean },
): Promise<HoldOutcome> =>
  (
    await sql<HoldOutcome>`SELECT outcome, claim_id FROM hold_course(${args.clientId}, ${args.courseId}, ${args.accountUserId}, ${args.personId}, ${args.pricePence}, ${args.expiresAt}, ${args.limits ?? true})`.execute(
      db,
    )
  ).rows[0]!;

/** The basket item of a held course (one per cart, course and person; adding again points it at the hold). */
export const upsertCourseItem = async (
  db: Db,
  item: { clientId: number; cartId: number; courseId: number; personId: number; claimId: number; pricePence: number; origin?: 'customer' | 'waitlist_offer' },
) =>
  (
    await sql<{ id: number }>`
      INSERT INTO cart_items (client_id, cart_id, course_id, purchased_for_user_id, course_claim_id, price_pence, origin)
      VALUES (${item.clientId}, ${item.cartId}, ${item.courseId}, ${item.personId}, ${item.claimId}, ${item.pricePence}, ${item.origin ?? 'customer'})
      ON CONFLICT (cart_id, course_id, purchased_for_user_id) WHERE course_id IS NOT NULL
      DO UPDATE SET course_claim_id = excluded.course_claim_id, price_pence = excluded.price_pence,
                    origin = CASE WHEN excluded.origin = 'waitlist_offer' THEN excluded.origin ELSE cart_items.origin END
      RETURNING id`.execute(db)
  ).rows[0]!;

/** The hold's item in any open cart of the account (an existing hold added again). */
export const findItemOfClaim = async (db: Db, claimId: number) =>
  (await sql<{ id: number; cart_id: number }>`SELECT i.id, i.cart_id FROM cart_items i WHERE i.course_claim_id = ${claimId}`.execute(db)).rows[0];

export type BasketCourseRow = {
  id: number;
  course_id: number;
  name: string;
  slug: string;
  venue_slug: string;
  venue_name: string;
  category_slug: string;
  category_name: string;
  purchased_for_user_id: number;
  first_name: string;
  last_name: string;
  price_pence: number;
  held: boolean;
  expires_at: Date | null;
  origin: 'customer' | 'waitlist_offer';
  sessions: SessionRow[];
};

/** The course items of the open cart of (account, selected person). */
export const findBasketCourses = async (db: Db, clientId: number, accountUserId: number, membershipUserId: number): Promise<BasketCourseRow[]> =>
  (
    await sql<BasketCourseRow>`
      SELECT i.id, c.id AS course_id, c.name, c.slug, v.slug AS venue_slug, v.name AS venue_name, cat.slug AS category_slug, cat.name AS category_name,
             i.purchased_for_user_id, mu.first_name, mu.last_name, i.price_pence, i.origin,
             coalesce(cc.status = 'active' AND cc.expires_at > now(), false) AS held, cc.expires_at, ${SESSIONS} AS sessions
        FROM carts k
        JOIN cart_items i ON i.cart_id = k.id AND i.course_id IS NOT NULL
        JOIN courses c ON c.id = i.course_id
        JOIN venues v ON v.id = c.venue_id
        JOIN activity_categories cat ON cat.id = c.category_id
        JOIN membership_users mu ON mu.id = i.purchased_for_user_id
        LEFT JOIN course_claims cc ON cc.id = i.course_claim_id
       WHERE k.client_id = ${clientId} AND k.account_user_id = ${accountUserId} AND k.membership_user_id = ${membershipUserId} AND k.status = 'open'
       ORDER BY c.starts_on, i.id`.execute(db)
  ).rows;

export type CheckoutCourseRow = { id: number; name: string; course_id: number; purchased_for_user_id: number; price_pence: number; course_claim_id: number | null; held: boolean };

export const findCheckoutCourses = async (db: Db, cartId: number): Promise<CheckoutCourseRow[]> =>
  (
    await sql<CheckoutCourseRow>`
      SELECT i.id, c.name, c.id AS course_id, i.purchased_for_user_id, i.price_pence, i.course_claim_id,
             coalesce(cc.status = 'active' AND cc.kind = 'hold' AND cc.expires_at > now(), false) AS held
        FROM cart_items i
        JOIN courses c ON c.id = i.course_id
        LEFT JOIN course_claims cc ON cc.id = i.course_claim_id
       WHERE i.cart_id = ${cartId} AND i.course_id IS NOT NULL
       ORDER BY i.id`.execute(db)
  ).rows;

/** Held course places become bookings of the order; answers the claims it turned. */
export const bookClaims = async (db: Db, orderId: number, claimIds: readonly number[]) =>
  claimIds.length === 0
    ? []
    : (
        await sql<{ id: number }>`
          UPDATE course_claims SET kind = 'booking', expires_at = NULL, order_id = ${orderId}, booked_at = now()
           WHERE id IN (${sql.join(claimIds)}) AND status = 'active' AND kind = 'hold'
          RETURNING id`.execute(db)
      ).rows;

export type CourseBookingRow = {
  id: number;
  status: 'active' | 'released';
  course_id: number;
  name: string;
  slug: string;
  level: string | null;
  venue_slug: string;
  venue_name: string;
  category_slug: string;
  membership_user_id: number;
  first_name: string;
  last_name: string;
  price_pence: number;
  reference: string;
  order_id: number;
  account_user_id: number;
  released_at: Date | null;
  sessions: SessionRow[];
};

const BOOKING_SELECT = sql`
  SELECT cc.id, cc.status, c.id AS course_id, c.name, c.slug, c.level, v.slug AS venue_slug, v.name AS venue_name, cat.slug AS category_slug,
         cc.membership_user_id, mu.first_name, mu.last_name, cc.price_pence, o.reference, o.id AS order_id, cc.account_user_id,
         cc.released_at, ${SESSIONS} AS sessions
    FROM course_claims cc
    JOIN courses c ON c.id = cc.course_id
    JOIN venues v ON v.id = c.venue_id
    JOIN activity_categories cat ON cat.id = c.category_id
    JOIN membership_users mu ON mu.id = cc.membership_user_id
    JOIN orders o ON o.id = cc.order_id`;

/** The account's course bookings (booked and cancelled), soonest course first. */
export const findCourseBookings = async (db: Db, clientId: number, accountUserId: number): Promise<CourseBookingRow[]> =>
  (
    await sql<CourseBookingRow>`${BOOKING_SELECT}
       WHERE cc.client_id = ${clientId} AND cc.account_user_id = ${accountUserId} AND cc.kind = 'booking'
       ORDER BY cc.status, c.starts_on, c.start_time, cc.id`.execute(db)
  ).rows;

/** One course booking of the client, locked FOR UPDATE when `lock` (the cancellation's transaction). */
export const findCourseBooking = async (db: Db, clientId: number, id: number, lock = false): Promise<CourseBookingRow | undefined> =>
  (
    await sql<CourseBookingRow>`${BOOKING_SELECT}
       WHERE cc.client_id = ${clientId} AND cc.id = ${id} AND cc.kind = 'booking'
       ${lock ? sql`FOR UPDATE OF cc` : sql``}`.execute(db)
  ).rows[0];

export const releaseBooking = (db: Db, id: number, source: string) =>
  sql`UPDATE course_claims SET status = 'released', released_at = now(), cancellation_source = ${source} WHERE id = ${id}`.execute(db);

/** The account's live claims on a course (held or booked), by person. */
export const findEnrolled = async (db: Db, courseId: number, accountUserId: number) =>
  (
    await sql<{ membership_user_id: number; kind: 'hold' | 'booking' }>`
      SELECT membership_user_id, kind FROM course_claims
       WHERE course_id = ${courseId} AND account_user_id = ${accountUserId} AND status = 'active'
         AND (expires_at IS NULL OR expires_at > now())`.execute(db)
  ).rows;

/** A course item held again points at its new claim, at `pricePence`. */
export const pointItemAt = (db: Db, itemId: number, claimId: number, pricePence: number) =>
  sql`UPDATE cart_items SET course_claim_id = ${claimId}, price_pence = ${pricePence} WHERE id = ${itemId}`.execute(db);

/** A course item: its course, person, and whether its hold is live. */
export const findCourseItem = async (db: Db, itemId: number) =>
  (
    await sql<{ id: number; course_id: number; purchased_for_user_id: number; held: boolean }>`
      SELECT i.id, i.course_id, i.purchased_for_user_id, coalesce(cc.status = 'active' AND cc.expires_at > now(), false) AS held
        FROM cart_items i LEFT JOIN course_claims cc ON cc.id = i.course_claim_id
       WHERE i.id = ${itemId} AND i.course_id IS NOT NULL`.execute(db)
  ).rows[0];

export const findCurrencySymbol = async (db: Db, clientId: number) =>
  (await sql<{ currency_symbol: string }>`SELECT currency_symbol FROM clients WHERE id = ${clientId}`.execute(db)).rows[0]?.currency_symbol ?? '£';

export type OrderCourseRow = {
  id: number;
  name: string;
  membership_user_id: number;
  first_name: string;
  last_name: string;
  venue_slug: string;
  venue_name: string;
  venue_address: string;
  price_pence: number;
  status: 'active' | 'released';
  sessions: SessionRow[];
};

/** The course places an order booked, with their sessions (the confirmation, its calendar and email). */
export const findOrderCourses = async (db: Db, orderId: number): Promise<OrderCourseRow[]> =>
  (
    await sql<OrderCourseRow>`
      SELECT cc.id, c.name, cc.membership_user_id, mu.first_name, mu.last_name, v.slug AS venue_slug, v.name AS venue_name,
             concat_ws(', ', v.address_line1, v.town, v.postcode) AS venue_address, cc.price_pence, cc.status, ${SESSIONS} AS sessions
        FROM course_claims cc
        JOIN courses c ON c.id = cc.course_id
        JOIN venues v ON v.id = c.venue_id
        JOIN membership_users mu ON mu.id = cc.membership_user_id
       WHERE cc.order_id = ${orderId}
       ORDER BY c.starts_on, cc.id`.execute(db)
  ).rows;

/* ---- The course's waitlist (docs/courses.md "Waitlist") ---- */

/** The course row's lock, the one hold_course() takes: joins, leaves and offers queue behind holds. */
export const lockCourse = (db: Db, courseId: number) => sql`SELECT id FROM courses WHERE id = ${courseId} FOR UPDATE`.execute(db);

export type WaitlistStatus = 'waiting' | 'offered' | 'accepted' | 'lapsed' | 'left';
export type CourseWaitlistRow = {
  id: number;
  client_id: number;
  course_id: number;
  account_user_id: number;
  membership_user_id: number;
  status: WaitlistStatus;
  claim_id: number | null;
  offer_expires_at: Date | null;
  /** 1 for the next in line; 0 when not waiting. */
  position: number;
};

const ENTRY_SELECT = sql`
  SELECT w.id::int AS id, w.client_id, w.course_id, w.account_user_id, w.membership_user_id, w.status, w.claim_id::int AS claim_id, w.offer_expires_at,
         CASE WHEN w.status = 'waiting' THEN (
           SELECT count(*)::int FROM course_waitlist_entries q
            WHERE q.course_id = w.course_id AND q.status = 'waiting' AND (q.created_at, q.id) <= (w.created_at, w.id)) ELSE 0 END AS position
    FROM course_waitlist_entries w`;

export const findWaitlistEntry = async (db: Db, clientId: number, id: number): Promise<CourseWaitlistRow | undefined> =>
  (await sql<CourseWaitlistRow>`${ENTRY_SELECT} WHERE w.client_id = ${clientId} AND w.id = ${id}`.execute(db)).rows[0];

/** The account's waiting or offered entries on the course (one per person at most). */
export const findLiveWaitlistEntries = async (db: Db, courseId: number, accountUserId: number): Promise<CourseWaitlistRow[]> =>
  (
    await sql<CourseWaitlistRow>`${ENTRY_SELECT}
       WHERE w.course_id = ${courseId} AND w.account_user_id = ${accountUserId} AND w.status IN ('waiting', 'offered') ORDER BY w.id`.execute(db)
  ).rows;

export const insertWaitlistEntry = async (db: Db, entry: { clientId: number; courseId: number; accountUserId: number; personId: number }) =>
  (
    await sql<{ id: number }>`
      INSERT INTO course_waitlist_entries (client_id, course_id, account_user_id, membership_user_id)
      VALUES (${entry.clientId}, ${entry.courseId}, ${entry.accountUserId}, ${entry.personId}) RETURNING id::int AS id`.execute(db)
  ).rows[0]!.id;

export const setWaitlistStatus = (db: Db, id: number, status: WaitlistStatus) =>
  sql`UPDATE course_waitlist_entries SET status = ${status}, updated_at = now() WHERE id = ${id}`.execute(db);

/** The first person waiting (oldest entry). */
export const findFirstWaiter = async (db: Db, courseId: number) =>
  (
    await sql<{ id: number; account_user_id: number; membership_user_id: number }>`
      SELECT id::int AS id, account_user_id, membership_user_id FROM course_waitlist_entries
       WHERE course_id = ${courseId} AND status = 'waiting' ORDER BY created_at, id LIMIT 1`.execute(db)
  ).rows[0];

export const markOffered = (db: Db, id: number, claimId: number, expiresAt: Date) =>
  sql`UPDATE course_waitlist_entries SET status = 'offered', claim_id = ${claimId}, offered_at = now(), offer_expires_at = ${expiresAt}, updated_at = now()
       WHERE id = ${id}`.execute(db);

/** The account holder's own open basket (the one the site shows and pays), opened if need be. */
export const openSelfCart = async (db: Db, clientId: number, accountUserId: number) =>
  (
    await sql<{ id: number }>`
      WITH me AS (SELECT id FROM membership_users WHERE client_id = ${clientId} AND account_user_id = ${accountUserId} AND relationship = 'self' LIMIT 1),
           ins AS (INSERT INTO carts (client_id, account_user_id, membership_user_id) SELECT ${clientId}, ${accountUserId}, me.id FROM me
                   ON CONFLICT (account_user_id, membership_user_id) WHERE status = 'open' DO NOTHING RETURNING id)
      SELECT id FROM ins
      UNION ALL
      SELECT k.id FROM carts k JOIN me ON k.membership_user_id = me.id WHERE k.account_user_id = ${accountUserId} AND k.status = 'open'
      LIMIT 1`.execute(db)
  ).rows[0]?.id;

export const deleteCartItem = (db: Db, itemId: number) => sql`DELETE FROM cart_items WHERE id = ${itemId}`.execute(db);

/** Who an offer email goes to: the account holder's address, the person's name. */
export const findPersonContact = async (db: Db, membershipUserId: number) =>
  (
    await sql<{ first_name: string; last_name: string; email: string; language: Language }>`
      SELECT m.first_name, m.last_name, u.email, u.language FROM membership_users m JOIN users u ON u.id = m.account_user_id WHERE m.id = ${membershipUserId}`.execute(db)
  ).rows[0]!;

/** Course holds and offers past their expiry are released (the 0062 trigger then queues promotion). */
export const releaseExpiredCourseHolds = async (db: Db, batch: number) =>
  (
    await sql`
      UPDATE course_claims SET status = 'released', released_at = now()
       WHERE id IN (SELECT id FROM course_claims WHERE status = 'active' AND kind = 'hold' AND expires_at <= now()
                     ORDER BY expires_at LIMIT ${batch} FOR UPDATE SKIP LOCKED)`.execute(db)
  ).numAffectedRows;

/** A course's client and venue time zone, any client (the offer job knows only the id). */
export const findCourseById = async (db: Db, courseId: number) =>
  (
    await sql<{ client_id: number; timezone: string }>`
      SELECT c.client_id, v.timezone FROM courses c JOIN venues v ON v.id = c.venue_id WHERE c.id = ${courseId}`.execute(db)
  ).rows[0];
