import type { Db } from '../../db/connect.ts';

/* ---- Terms ---- */

export const findTerms = (db: Db, clientId: number) =>
  db
    .selectFrom('terms')
    .select(['id', 'title', 'label', 'body', 'url', 'required'])
    .where('client_id', '=', clientId)
    .where('active', '=', true)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
