import { type Kysely, sql } from 'kysely';

/**
 * OpenActive open data feeds (issue 26; docs/openactive.md). One row per item of each RPDE feed
 * per client: its `modified`, drawn from one sequence (a counter, never a clock), bumped in the
 * same transaction as the change by statement-level triggers on the source rows, so a harvester
 * paging by (modified, item_id) sees every change once more, later, and a removed row as a
 * tombstone (`deleted`). Claims and bookings bump at commit (deferred row triggers; see below). The item's data is read from the source rows when a page is served.
 *
 * - session-series / facility-uses: activities (class, ad hoc, fast ticket / resource), their
 *   pricing options and their venue;
 * - scheduled-sessions / facility-use-slots: occurrences, and the place claims and bookings that
 *   change their free places;
 * - individual-facility-uses: a location (court, pitch) once a resource activity has an occurrence
 *   there (`parent_id`: that activity);
 * - course-instances: courses, their claims and their venue.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    CREATE SEQUENCE openactive_modified_seq AS bigint;

    CREATE TABLE openactive_items (
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      feed text NOT NULL CHECK (feed IN ('session-series', 'scheduled-sessions', 'facility-uses',
                                         'individual-facility-uses', 'facility-use-slots', 'course-instances')),
      item_id bigint NOT NULL,
      modified bigint NOT NULL DEFAULT nextval('openactive_modified_seq'),
      deleted boolean NOT NULL DEFAULT false,
      parent_id bigint,
      PRIMARY KEY (client_id, feed, item_id)
    );
    -- The feed's keyset: a page is one index range scan however long the feed grows.
    CREATE INDEX openactive_items_page_idx ON openactive_items (client_id, feed, modified, item_id);

    -- Marks items changed (a new modified; deleted as given). Distinct and ordered first: one
    -- statement may touch an item twice, and a fixed order keeps concurrent writers from deadlocking.
    CREATE FUNCTION openactive_touch(p_client integer[], p_feed text[], p_item bigint[], p_deleted boolean) RETURNS void
    LANGUAGE sql AS $$
      INSERT INTO openactive_items (client_id, feed, item_id, modified, deleted)
      SELECT t.client_id, t.feed, t.item_id, nextval('openactive_modified_seq'), p_deleted
        FROM (SELECT DISTINCT u.client_id, u.feed, u.item_id
                FROM unnest(p_client, p_feed, p_item) AS u(client_id, feed, item_id)
               WHERE u.item_id IS NOT NULL
               ORDER BY u.client_id, u.feed, u.item_id) t
      ON CONFLICT (client_id, feed, item_id) DO UPDATE SET modified = EXCLUDED.modified, deleted = EXCLUDED.deleted
    $$;

    -- Bumps items that already exist (never creates one).
    CREATE FUNCTION openactive_bump(p_client integer[], p_feed text[], p_item bigint[]) RETURNS void
    LANGUAGE sql AS $$
      UPDATE openactive_items i SET modified = nextval('openactive_modified_seq')
        FROM (SELECT DISTINCT u.client_id, u.feed, u.item_id
                FROM unnest(p_client, p_feed, p_item) AS u(client_id, feed, item_id)
               ORDER BY u.client_id, u.feed, u.item_id) t
       WHERE i.client_id = t.client_id AND i.feed = t.feed AND i.item_id = t.item_id
    $$;

    CREATE FUNCTION openactive_activity_feed(kind text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
      SELECT CASE kind WHEN 'resource' THEN 'facility-uses' ELSE 'session-series' END
    $$;
    CREATE FUNCTION openactive_occurrence_feed(kind text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
      SELECT CASE kind WHEN 'resource' THEN 'facility-use-slots' ELSE 'scheduled-sessions' END
    $$;

    CREATE FUNCTION openactive_activities_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        -- Gone, or moved to the other feed by a change of kind.
        PERFORM openactive_touch(array_agg(o.client_id), array_agg(openactive_activity_feed(o.kind::text)), array_agg(o.id::bigint), true)
           FROM old_rows o LEFT JOIN activities a ON a.id = o.id
          WHERE a.id IS NULL OR openactive_activity_feed(a.kind::text) <> openactive_activity_feed(o.kind::text);
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        PERFORM openactive_touch(array_agg(n.client_id), array_agg(openactive_activity_feed(n.kind::text)), array_agg(n.id::bigint), false)
           FROM new_rows n;
      END IF;
      IF TG_OP = 'UPDATE' THEN
        -- A court's data names its facility use.
        PERFORM openactive_bump(array_agg(i.client_id), array_agg(i.feed), array_agg(i.item_id))
           FROM openactive_items i JOIN new_rows n ON i.client_id = n.client_id AND i.parent_id = n.id
          WHERE i.feed = 'individual-facility-uses';
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER activities_openactive_ins AFTER INSERT ON activities REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION openactive_activities_changed();
    CREATE TRIGGER activities_openactive_upd AFTER UPDATE ON activities REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION openactive_activities_changed();
    CREATE TRIGGER activities_openactive_del AFTER DELETE ON activities REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION openactive_activities_changed();

    -- Prices: the series' or facility use's offers, and a slot's own offers (future slots).
    CREATE FUNCTION openactive_pricing_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE priced integer[];
    BEGIN
      IF TG_OP = 'INSERT' THEN SELECT array_agg(DISTINCT activity_id) INTO priced FROM new_rows;
      ELSIF TG_OP = 'DELETE' THEN SELECT array_agg(DISTINCT activity_id) INTO priced FROM old_rows;
      ELSE SELECT array_agg(DISTINCT x.activity_id) INTO priced FROM (SELECT activity_id FROM old_rows UNION SELECT activity_id FROM new_rows) x;
      END IF;
      PERFORM openactive_bump(array_agg(a.client_id), array_agg(openactive_activity_feed(a.kind::text)), array_agg(a.id::bigint))
         FROM activities a WHERE a.id = ANY (priced);
      PERFORM openactive_bump(array_agg(o.client_id), array_agg('facility-use-slots'::text), array_agg(o.id::bigint))
         FROM occurrences o JOIN activities a ON a.id = o.activity_id
        WHERE a.kind = 'resource' AND o.activity_id = ANY (priced) AND o.ends_at > now();
      RETURN NULL;
    END $$;
    CREATE TRIGGER pricing_options_openactive_ins AFTER INSERT ON pricing_options REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION openactive_pricing_changed();
    CREATE TRIGGER pricing_options_openactive_upd AFTER UPDATE ON pricing_options REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION openactive_pricing_changed();
    CREATE TRIGGER pricing_options_openactive_del AFTER DELETE ON pricing_options REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION openactive_pricing_changed();

    CREATE FUNCTION openactive_occurrences_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        PERFORM openactive_touch(array_agg(o.client_id), array_agg(f.feed), array_agg(o.id::bigint), true)
           FROM old_rows o CROSS JOIN (VALUES ('scheduled-sessions'), ('facility-use-slots')) f(feed)
          WHERE EXISTS (SELECT 1 FROM openactive_items i WHERE i.client_id = o.client_id AND i.feed = f.feed AND i.item_id = o.id);
        RETURN NULL;
      END IF;
      PERFORM openactive_touch(array_agg(n.client_id), array_agg(openactive_occurrence_feed(a.kind::text)), array_agg(n.id::bigint), false)
         FROM new_rows n JOIN activities a ON a.id = n.activity_id;
      -- A court with its first slot becomes an individual facility use.
      INSERT INTO openactive_items (client_id, feed, item_id, parent_id)
      SELECT DISTINCT ON (n.client_id, n.location_id) n.client_id, 'individual-facility-uses', n.location_id, n.activity_id
        FROM new_rows n JOIN activities a ON a.id = n.activity_id
       WHERE a.kind = 'resource' AND n.location_id IS NOT NULL
       ORDER BY n.client_id, n.location_id
      ON CONFLICT (client_id, feed, item_id) DO NOTHING;
      RETURN NULL;
    END $$;
    CREATE TRIGGER occurrences_openactive_ins AFTER INSERT ON occurrences REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION openactive_occurrences_changed();
    CREATE TRIGGER occurrences_openactive_upd AFTER UPDATE ON occurrences REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION openactive_occurrences_changed();
    CREATE TRIGGER occurrences_openactive_del AFTER DELETE ON occurrences REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION openactive_occurrences_changed();

    -- Holds, offers and bookings: the occurrence's remaining capacity. Deferred to commit (row
    -- constraint triggers): the item's row is locked only while the transaction commits, after
    -- every other lock it takes (a hold's occurrence lock, the claims sweep's rows), so concurrent
    -- bookings do not queue on it, and the modified drawn is close to the commit order harvesters see.
    -- Always by the primary key: the function's cached generic plan was a sequential scan of
    -- openactive_items (no statistics yet in the seed's transaction), once per claim at commit, so
    -- the demo seed's commit took minutes and the server never came up within its 120 s.
    CREATE FUNCTION openactive_claim_row_changed() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
    BEGIN
      -- Nested: PL/pgSQL resolves every field an expression names, so bookings never reach OLD.kind.
      IF TG_OP = 'UPDATE' THEN
        IF TG_TABLE_NAME = 'place_claims' THEN
          IF (OLD.status, OLD.kind, OLD.expires_at, OLD.occurrence_id) IS NOT DISTINCT FROM (NEW.status, NEW.kind, NEW.expires_at, NEW.occurrence_id) THEN
            RETURN NULL;
          END IF;
        ELSIF OLD.status IS NOT DISTINCT FROM NEW.status THEN
          RETURN NULL;
        END IF;
      END IF;
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE openactive_items SET modified = nextval('openactive_modified_seq')
         WHERE client_id = OLD.client_id AND feed IN ('scheduled-sessions', 'facility-use-slots') AND item_id = OLD.occurrence_id;
      END IF;
      IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.occurrence_id IS DISTINCT FROM OLD.occurrence_id) THEN
        UPDATE openactive_items SET modified = nextval('openactive_modified_seq')
         WHERE client_id = NEW.client_id AND feed IN ('scheduled-sessions', 'facility-use-slots') AND item_id = NEW.occurrence_id;
      END IF;
      RETURN NULL;
    END $$;
    CREATE CONSTRAINT TRIGGER place_claims_openactive AFTER INSERT OR UPDATE OR DELETE ON place_claims
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION openactive_claim_row_changed();
    -- A booking's cancellation (its claim is released too, but not always in the same statement).
    CREATE CONSTRAINT TRIGGER bookings_openactive AFTER UPDATE ON bookings
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION openactive_claim_row_changed();

    CREATE FUNCTION openactive_courses_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        PERFORM openactive_touch(array_agg(o.client_id), array_agg('course-instances'::text), array_agg(o.id::bigint), true) FROM old_rows o;
      ELSE
        PERFORM openactive_touch(array_agg(n.client_id), array_agg('course-instances'::text), array_agg(n.id::bigint), false) FROM new_rows n;
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER courses_openactive_ins AFTER INSERT ON courses REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION openactive_courses_changed();
    CREATE TRIGGER courses_openactive_upd AFTER UPDATE ON courses REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION openactive_courses_changed();
    CREATE TRIGGER courses_openactive_del AFTER DELETE ON courses REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION openactive_courses_changed();

    CREATE FUNCTION openactive_course_claims_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        PERFORM openactive_bump(array_agg(n.client_id), array_agg('course-instances'::text), array_agg(n.course_id::bigint)) FROM new_rows n;
      ELSE
        PERFORM openactive_bump(array_agg(o.client_id), array_agg('course-instances'::text), array_agg(o.course_id::bigint)) FROM old_rows o;
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER course_claims_openactive_ins AFTER INSERT ON course_claims REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION openactive_course_claims_changed();
    CREATE TRIGGER course_claims_openactive_upd AFTER UPDATE ON course_claims REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION openactive_course_claims_changed();
    CREATE TRIGGER course_claims_openactive_del AFTER DELETE ON course_claims REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION openactive_course_claims_changed();

    -- A venue's name, address or position is every item's location there.
    CREATE FUNCTION openactive_venues_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM openactive_bump(array_agg(a.client_id), array_agg(openactive_activity_feed(a.kind::text)), array_agg(a.id::bigint))
         FROM activities a JOIN new_rows n ON n.id = a.venue_id;
      PERFORM openactive_bump(array_agg(c.client_id), array_agg('course-instances'::text), array_agg(c.id::bigint))
         FROM courses c JOIN new_rows n ON n.id = c.venue_id;
      PERFORM openactive_bump(array_agg(l.client_id), array_agg('individual-facility-uses'::text), array_agg(l.id::bigint))
         FROM locations l JOIN new_rows n ON n.id = l.venue_id;
      RETURN NULL;
    END $$;
    CREATE TRIGGER venues_openactive_upd AFTER UPDATE ON venues REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION openactive_venues_changed();

    CREATE FUNCTION openactive_locations_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        PERFORM openactive_touch(array_agg(o.client_id), array_agg('individual-facility-uses'::text), array_agg(o.id::bigint), true)
           FROM old_rows o
          WHERE EXISTS (SELECT 1 FROM openactive_items i WHERE i.client_id = o.client_id AND i.feed = 'individual-facility-uses' AND i.item_id = o.id);
      ELSE
        PERFORM openactive_bump(array_agg(n.client_id), array_agg('individual-facility-uses'::text), array_agg(n.id::bigint)) FROM new_rows n;
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER locations_openactive_upd AFTER UPDATE ON locations REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION openactive_locations_changed();
    CREATE TRIGGER locations_openactive_del AFTER DELETE ON locations REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION openactive_locations_changed();

    -- What exists already.
    INSERT INTO openactive_items (client_id, feed, item_id)
    SELECT client_id, openactive_activity_feed(kind::text), id FROM activities ORDER BY id;
    INSERT INTO openactive_items (client_id, feed, item_id)
    SELECT o.client_id, openactive_occurrence_feed(a.kind::text), o.id FROM occurrences o JOIN activities a ON a.id = o.activity_id ORDER BY o.id;
    INSERT INTO openactive_items (client_id, feed, item_id, parent_id)
    SELECT DISTINCT ON (o.client_id, o.location_id) o.client_id, 'individual-facility-uses', o.location_id, o.activity_id
      FROM occurrences o JOIN activities a ON a.id = o.activity_id
     WHERE a.kind = 'resource' AND o.location_id IS NOT NULL ORDER BY o.client_id, o.location_id;
    INSERT INTO openactive_items (client_id, feed, item_id)
    SELECT client_id, 'course-instances', id FROM courses ORDER BY id;
  `.execute(db);
};
