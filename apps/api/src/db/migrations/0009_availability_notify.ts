import { type Kysely, sql } from 'kysely';

/**
 * Live availability (issue 9, docs/timetable.md "Live availability"): every change that can move
 * a place — a claim inserted, released, expired-and-swept or deleted; an occurrence's capacity
 * changed or cancelled — sends `pg_notify('availability', {client_id, venue_id, category_id,
 * local_date, occurrence_id})` in the same transaction, so listeners hear of it at commit and
 * never before. Each API instance holds one LISTEN connection and fans the notes out to the
 * browsers watching that venue, sub-activity and day (server-sent events).
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    CREATE FUNCTION notify_availability(p_occurrence_id integer) RETURNS void
    LANGUAGE sql AS $$
      SELECT pg_notify('availability', json_build_object(
        'client_id', o.client_id, 'venue_id', o.venue_id, 'category_id', o.category_id,
        'local_date', to_char(o.local_date, 'YYYY-MM-DD'), 'occurrence_id', o.id)::text)
      FROM occurrences o WHERE o.id = p_occurrence_id
    $$;

    CREATE FUNCTION place_claims_notify() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        PERFORM notify_availability(OLD.occurrence_id);
        RETURN OLD;
      END IF;
      IF TG_OP = 'UPDATE' AND OLD.occurrence_id <> NEW.occurrence_id THEN
        PERFORM notify_availability(OLD.occurrence_id);
      END IF;
      PERFORM notify_availability(NEW.occurrence_id);
      RETURN NEW;
    END $$;

    CREATE TRIGGER place_claims_availability
      AFTER INSERT OR DELETE OR UPDATE OF status, kind, expires_at, occurrence_id ON place_claims
      FOR EACH ROW EXECUTE FUNCTION place_claims_notify();

    CREATE FUNCTION occurrences_notify() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM notify_availability(NEW.id);
      RETURN NEW;
    END $$;

    CREATE TRIGGER occurrences_availability
      AFTER UPDATE OF capacity, cancelled_at ON occurrences
      FOR EACH ROW
      WHEN (OLD.capacity IS DISTINCT FROM NEW.capacity OR OLD.cancelled_at IS DISTINCT FROM NEW.cancelled_at)
      EXECUTE FUNCTION occurrences_notify();
  `.execute(db);
};
