import { type Kysely, sql } from 'kysely';

/**
 * A waitlist join, leave or promotion changes what a day's timetable shows (`waitlist_count`,
 * the actions), so it sends the same availability note as a claim (migration 0009): live
 * timetables reload it and cached visitor answers of that day are dropped
 * (docs/timetable.md "Visitor read cache").
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    CREATE FUNCTION waitlist_entries_notify() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        PERFORM notify_availability(OLD.occurrence_id);
        RETURN OLD;
      END IF;
      PERFORM notify_availability(NEW.occurrence_id);
      RETURN NEW;
    END $$;

    CREATE TRIGGER waitlist_entries_availability
      AFTER INSERT OR DELETE OR UPDATE OF status ON waitlist_entries
      FOR EACH ROW EXECUTE FUNCTION waitlist_entries_notify();
  `.execute(db);
};
