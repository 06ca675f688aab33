import { type Kysely, sql } from 'kysely';

/**
 * Indexes behind the venue and catalogue endpoints (issue 4), so they stay index lookups
 * with hundreds of venues: name search as a trigram match, courses by venue and date.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX venues_name_trgm_idx ON venues USING gin (lower(name) gin_trgm_ops);
    CREATE INDEX courses_venue_starts_idx ON courses (venue_id, starts_on, start_time);
    CREATE INDEX courses_category_idx ON courses (category_id);
    CREATE INDEX course_tags_tag_idx ON course_tags (tag_id);
  `.execute(db);
};
