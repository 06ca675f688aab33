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
