import { type Kysely, sql } from 'kysely';

/**
 * Sessions added, removed or moved change what a day's timetable shows, so they send the same
 * availability note as a claim (migration 0009) for every day they touch: the visitor read cache
 * drops that day at once (docs/timetable.md "Visitor read cache") and live timetables reload.
 * One note per day and statement (the template job inserts weeks of sessions at once), carrying
 * the lowest session id of that day.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    CREATE FUNCTION occurrence_days_notify() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        PERFORM pg_notify('availability', json_build_object(
          'client_id', d.client_id, 'venue_id', d.venue_id, 'category_id', d.category_id,
          'local_date', to_char(d.local_date, 'YYYY-MM-DD'), 'occurrence_id', d.occurrence_id)::text)
        FROM (SELECT client_id, venue_id, category_id, local_date, min(id) AS occurrence_id
                FROM new_rows GROUP BY client_id, venue_id, category_id, local_date) d;
      END IF;
      IF TG_OP IN ('DELETE', 'UPDATE') THEN
        PERFORM pg_notify('availability', json_build_object(
          'client_id', d.client_id, 'venue_id', d.venue_id, 'category_id', d.category_id,
          'local_date', to_char(d.local_date, 'YYYY-MM-DD'), 'occurrence_id', d.occurrence_id)::text)
        FROM (SELECT client_id, venue_id, category_id, local_date, min(id) AS occurrence_id
                FROM old_rows GROUP BY client_id, venue_id, category_id, local_date) d;
      END IF;
      RETURN NULL;
    END $$;

    CREATE TRIGGER occurrences_days_inserted
      AFTER INSERT ON occurrences REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION occurrence_days_notify();
    CREATE TRIGGER occurrences_days_deleted
      AFTER DELETE ON occurrences REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION occurrence_days_notify();
    -- Moved or reassigned (capacity and cancellation keep their row notes of 0009).
    CREATE TRIGGER occurrences_days_updated
      AFTER UPDATE ON occurrences REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION occurrence_days_notify();
  `.execute(db);
};
