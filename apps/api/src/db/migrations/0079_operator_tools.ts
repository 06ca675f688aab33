import { type Kysely, sql } from 'kysely';

/**
 * Operator tools (issue 26, docs/operator-tools.md):
 * - `users.operator_role`: 'manager' marks staff with the operator (manager) role; only staff may
 *   have it. A manager is still staff (the till works for them); manager routes ask for the role.
 * - `operator_changes`: every change a manager makes (who, when, what, at which venue, to which
 *   occurrence), append-only (the till records' trigger refuses UPDATE, DELETE and TRUNCATE). The
 *   occurrence is kept by id with no foreign key: the record outlives the occurrence.
 * - A capacity floor on `occurrences`: lowering an occurrence's capacity below its live places
 *   (bookings, unexpired holds and offers) is refused by PostgreSQL whoever writes it. The
 *   trigger runs once the row is locked and counts with a fresh snapshot, and a hold takes the
 *   same row lock (hold_place), so a hold and a lowering never both win the last place.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    ALTER TABLE users ADD COLUMN operator_role text
      CHECK (operator_role IS NULL OR operator_role = 'manager');
    ALTER TABLE users ADD CONSTRAINT users_operator_role_staff CHECK (operator_role IS NULL OR role = 'staff');

    CREATE TABLE operator_changes (
      id bigserial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id),
      venue_id integer REFERENCES venues(id),
      occurrence_id integer,
      actor_user_id integer NOT NULL REFERENCES users(id),
      action text NOT NULL CHECK (action IN ('occurrence_cancelled', 'capacity_changed', 'instructor_changed', 'location_changed', 'no_show_policy_changed', 'series_created')),
      detail jsonb NOT NULL DEFAULT '{}'::jsonb,
      reason text CHECK (reason IS NULL OR length(reason) BETWEEN 1 AND 500),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX operator_changes_venue_idx ON operator_changes (client_id, venue_id, created_at DESC, id DESC);
    CREATE INDEX operator_changes_occurrence_idx ON operator_changes (occurrence_id) WHERE occurrence_id IS NOT NULL;
    CREATE TRIGGER operator_changes_append_only BEFORE UPDATE OR DELETE ON operator_changes
      FOR EACH ROW EXECUTE FUNCTION till_records_append_only();
    CREATE TRIGGER operator_changes_no_truncate BEFORE TRUNCATE ON operator_changes
      FOR EACH STATEMENT EXECUTE FUNCTION till_records_append_only();

    CREATE FUNCTION occurrence_capacity_floor() RETURNS trigger LANGUAGE plpgsql VOLATILE AS $fn$
    DECLARE
      v_taken integer;
    BEGIN
      SELECT count(*)::integer INTO v_taken FROM place_claims pc
       WHERE pc.occurrence_id = NEW.id AND pc.status = 'active' AND (pc.expires_at IS NULL OR pc.expires_at > now());
      IF NEW.capacity < v_taken THEN
        RAISE EXCEPTION 'capacity % is below the % places booked or held', NEW.capacity, v_taken
          USING ERRCODE = 'check_violation', CONSTRAINT = 'occurrences_capacity_floor';
      END IF;
      RETURN NEW;
    END
    $fn$;
    CREATE TRIGGER occurrences_capacity_floor BEFORE UPDATE OF capacity ON occurrences
      FOR EACH ROW WHEN (NEW.capacity < OLD.capacity) EXECUTE FUNCTION occurrence_capacity_floor();
  `.execute(db);
};

