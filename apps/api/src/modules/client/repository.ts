import type { Db } from '../../db/connect.ts';
import { prepare } from '../../db/prepared.ts';

export const findClientSettings = async (db: Db, clientId: number) =>
  db
    .selectFrom('clients')
    .select([
      'id',
      'name',
      'currency_symbol',
      'online_joining_enabled',
      'kiosk_home_url',
      'online_guest_passes_enabled',
      'gtm_id',
      'gtm_auth',
      'gtm_preview',
    ])
    .where('id', '=', clientId)
    .executeTakeFirst();

/**
 * The tenant lookup (DESIGN.md §4), one query per API request: the client mapped to `host`
 * in client_domains, else the client with `defaultSlug`, with its catalogue version (bumped
 * by triggers on every catalogue change, migration 0007) so catalogue reads can tell at once
 * whether an answer kept in memory is current, and what a page's headers need (whether a
 * tag-manager container is configured, who may frame the bookings site; migration 0065).
 * Compiled once per database (db/prepared.ts).
 */
export const clientForHostQuery = (db: Db) => {
  const run = prepare(db, 'client-for-host', ['host', 'defaultSlug'], ({ host, defaultSlug }) =>
    db
      .selectFrom('clients')
      .select(['id', 'catalogue_version', 'frame_ancestors'])
      .select((eb) => eb('gtm_id', 'is not', null).as('has_tag_manager'))
      .where((eb) =>
        eb(
          'id',
          '=',
          eb.fn.coalesce(
            eb.selectFrom('client_domains').select('client_id').where('host', '=', host),
            eb.selectFrom('clients').select('id').where('slug', '=', defaultSlug),
          ),
        ),
      ),
  );
  return async (host: string, defaultSlug: string) => (await run({ host, defaultSlug }))[0];
};
