import { DEFAULT_CURRENCY_SYMBOL } from '@app/contract/rules/money';
import type { ClientWire } from '@app/contract/client/get-client';
import type { Db } from '../../db/connect.ts';
import { notFound } from '../../lib/errors.ts';
import { clientForHostQuery, findClientSettings } from './repository.ts';
import type { Tenant } from './tenant-cache.ts';

/**
 * The client of a host from `client_domains`, else the configured default client (by slug),
 * with its catalogue version: `const resolve = clientResolver(db)` once, then
 * `await resolve(host, defaultSlug)` per request (one prepared query, no cache).
 */
export const clientResolver = (db: Db) => {
  const find = clientForHostQuery(db);
  return async (host: string, defaultClientSlug: string): Promise<Tenant | undefined> => {
    const row = await find(host, defaultClientSlug);
    return row && { id: row.id, catalogueVersion: row.catalogue_version, tagManager: Boolean(row.has_tag_manager), frameAncestors: row.frame_ancestors };
  };
};

/** Client settings of spec §3: the operator's name, currency, online joining, kiosk home, guest passes, analytics. */
export const getClientSettings = async (db: Db, clientId: number): Promise<ClientWire> => {
  const row = await findClientSettings(db, clientId);
  if (!row) throw notFound('client_not_found');
  return {
    id: row.id,
    name: row.name,
    currency: { symbol: row.currency_symbol || DEFAULT_CURRENCY_SYMBOL },
    online_joining_enabled: row.online_joining_enabled,
    kiosk_home_url: row.kiosk_home_url,
    online_guest_passes_enabled: row.online_guest_passes_enabled,
    analytics: row.gtm_id ? { container_id: row.gtm_id, auth: row.gtm_auth, preview: row.gtm_preview } : null,
  };
};
