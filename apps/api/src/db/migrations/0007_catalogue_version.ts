import { type Kysely, sql } from 'kysely';

/**
 * A per-client catalogue version (issue 7): every committed change to a client's venues,
 * activity categories or category locations bumps `clients.catalogue_version` in the same
 * transaction, so an API instance that reads the version with the tenant lookup knows at
 * once whether a catalogue answer it keeps in memory is still current (docs/catalogue.md,
 * "Caching"). Statement-level triggers with transition tables: a bulk load of thousands of
 * rows bumps each client once per statement, not once per row.
 */
const TABLES = ['venues', 'activity_categories', 'category_locations'] as const;

export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    ALTER TABLE clients ADD COLUMN catalogue_version bigint NOT NULL DEFAULT 1;

    -- The clients touched by a statement: category_locations has no client_id, its venue does.
    CREATE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        UPDATE clients SET catalogue_version = catalogue_version + 1;
      ELSIF TG_TABLE_NAME = 'category_locations' AND TG_OP = 'INSERT' THEN
        UPDATE clients SET catalogue_version = catalogue_version + 1
        WHERE id IN (SELECT v.client_id FROM venues v JOIN changed_new n ON n.venue_id = v.id);
      ELSIF TG_TABLE_NAME = 'category_locations' AND TG_OP = 'DELETE' THEN
        UPDATE clients SET catalogue_version = catalogue_version + 1
        WHERE id IN (SELECT v.client_id FROM venues v JOIN changed_old o ON o.venue_id = v.id);
      ELSIF TG_TABLE_NAME = 'category_locations' THEN
        UPDATE clients SET catalogue_version = catalogue_version + 1
        WHERE id IN (
          SELECT v.client_id FROM venues v
          WHERE v.id IN (SELECT venue_id FROM changed_new UNION SELECT venue_id FROM changed_old)
        );
      ELSIF TG_OP = 'INSERT' THEN
        UPDATE clients SET catalogue_version = catalogue_version + 1
        WHERE id IN (SELECT client_id FROM changed_new);
      ELSIF TG_OP = 'DELETE' THEN
        UPDATE clients SET catalogue_version = catalogue_version + 1
        WHERE id IN (SELECT client_id FROM changed_old);
      ELSE
        UPDATE clients SET catalogue_version = catalogue_version + 1
        WHERE id IN (SELECT client_id FROM changed_new UNION SELECT client_id FROM changed_old);
      END IF;
      RETURN NULL;
    END
    $$;
  `.execute(db);

  // PostgreSQL allows transition tables only on single-event triggers: one trigger per event.
  for (const table of TABLES) {
    const t = sql.table(table);
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_catalogue_insert`)} AFTER INSERT ON ${t}
        REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
      CREATE TRIGGER ${sql.raw(`${table}_catalogue_update`)} AFTER UPDATE ON ${t}
        REFERENCING NEW TABLE AS changed_new OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
      CREATE TRIGGER ${sql.raw(`${table}_catalogue_delete`)} AFTER DELETE ON ${t}
        REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
      CREATE TRIGGER ${sql.raw(`${table}_catalogue_truncate`)} AFTER TRUNCATE ON ${t}
        FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
    `.execute(db);
  }
};
