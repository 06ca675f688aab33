import { type Kysely, sql } from 'kysely';

/**
 * The tenant lookup (host → client and its catalogue version) is kept in each instance's memory
 * (modules/client/tenant-cache.ts, docs/performance.md "Holds"). Every statement that can change
 * an answer of that lookup — a host mapped, moved or unmapped in `client_domains`; a client
 * added, removed or renamed (its slug is the default client's key); a catalogue version bumped
 * (migration 0007's triggers) — sends `pg_notify('availability', '{"tenant":true}')` in the same
 * transaction, so every instance's listener (lib/availability-hub.ts, migration 0009's channel)
 * hears of it at commit and drops its whole table. PostgreSQL folds identical notes of one
 * transaction into one, so a seed or a bulk change costs one note.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    CREATE FUNCTION tenants_notify() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('availability', '{"tenant":true}');
      RETURN NULL;
    END $$;

    CREATE TRIGGER client_domains_tenants
      AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON client_domains
      FOR EACH STATEMENT EXECUTE FUNCTION tenants_notify();

    CREATE TRIGGER clients_tenants
      AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF id, slug, catalogue_version ON clients
      FOR EACH STATEMENT EXECUTE FUNCTION tenants_notify();
  `.execute(db);
};
