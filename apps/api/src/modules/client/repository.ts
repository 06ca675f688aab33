import type { Db } from '../../db/connect.ts';

export const findClientSettings = async (db: Db, clientId: number) =>
  db
    .selectFrom('clients')
    .select([
      'id',
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

/** The client serving a host (`client_domains`, DESIGN.md §4). */
export const findClientIdByHost = async (db: Db, host: string): Promise<number | undefined> =>
  (await db.selectFrom('client_domains').select('client_id').where('host', '=', host).executeTakeFirst())?.client_id;

export const findClientIdBySlug = async (db: Db, slug: string): Promise<number | undefined> =>
  (await db.selectFrom('clients').select('id').where('slug', '=', slug).executeTakeFirst())?.id;
