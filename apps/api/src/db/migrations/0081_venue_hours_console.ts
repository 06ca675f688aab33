import { type Kysely, sql } from 'kysely';

/**
 * The operator console's remaining screens (issue 26, docs/operator-tools.md):
 * - `venue_opening_hours`: a venue's weekly opening hours, one row per weekday it opens (ISO day,
 *   1 = Monday); a day with no row is closed. The close is after the open (no hours past
 *   midnight). The venue's footer block lists them after the operator's footer text.
 * - `operator_changes.action` gains the console's new changes: venue details, opening hours and
 *   footer text; categories and activities; series edited and ended; theme and maintenance.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    CREATE TABLE venue_opening_hours (
      venue_id integer NOT NULL REFERENCES venues(id) ON DELETE CASCADE,
      iso_day smallint NOT NULL CHECK (iso_day BETWEEN 1 AND 7),
      opens time NOT NULL,
      closes time NOT NULL,
      PRIMARY KEY (venue_id, iso_day),
      CONSTRAINT venue_opening_hours_close_after_open CHECK (closes > opens)
    );

    ALTER TABLE operator_changes DROP CONSTRAINT operator_changes_action_check;
    ALTER TABLE operator_changes ADD CONSTRAINT operator_changes_action_check CHECK (action IN (
      'occurrence_cancelled', 'capacity_changed', 'instructor_changed', 'location_changed', 'no_show_policy_changed', 'series_created',
      'venue_details_changed', 'opening_hours_changed', 'footer_changed',
      'category_created', 'category_changed', 'activity_changed',
      'series_changed', 'series_ended', 'theme_changed', 'maintenance_changed'
    ));
  `.execute(db);
};
