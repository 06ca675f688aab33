import { type Kysely, sql } from 'kysely';

/**
 * `activities` joins the tables whose changes bump `clients.catalogue_version` (migration 0007:
 * venues, activity categories, category locations). The timetable keeps each venue and
 * sub-activity's booking window (window days, release time, read from activities) in memory,
 * stamped with that version, so a window changed by staff applies on the next request on every
 * instance (docs/timetable.md "One query per day"). Statement-level, like 0007's triggers.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    CREATE TRIGGER activities_catalogue_insert AFTER INSERT ON activities
      REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
    CREATE TRIGGER activities_catalogue_update AFTER UPDATE ON activities
      REFERENCING NEW TABLE AS changed_new OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
    CREATE TRIGGER activities_catalogue_delete AFTER DELETE ON activities
      REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
    CREATE TRIGGER activities_catalogue_truncate AFTER TRUNCATE ON activities
      FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
  `.execute(db);
};
