import { resolveTheme, type Theme } from '@app/contract/theme-defaults';
import type { Db } from '../../db/connect.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { findClientMaintenance, findThemeLevel, findVenueId, THEME_COLUMNS, type ThemeColumn, type ThemeRow } from './repository.ts';

export const MAINTENANCE_MESSAGE = 'Unable to access the site due to planned maintenance.';

const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const snake = (field: string) => field.replace(/([a-z])([A-Z0-9])/g, '$1_$2').toLowerCase();

const toLayer = (row: ThemeRow | undefined): Record<string, string | null> | undefined =>
  row && Object.fromEntries(THEME_COLUMNS.map((column) => [camel(column), row[column]]));

/** The theme on the wire: snake_case keys, null/absent fields dropped (spec §3). */
const toWire = (theme: Theme) =>
  Object.fromEntries(
    Object.entries(theme)
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([field, value]) => [snake(field), value]),
  ) as Record<ThemeColumn, string>;

/**
 * The theme for a client, optionally for one venue: defaults ← client level ← venue level.
 * A client in maintenance answers 503 (spec §2: the web app shows the maintenance page).
 */
export const getTheme = async (db: Db, clientId: number, venueSlug: string | undefined) => {
  if (await findClientMaintenance(db, clientId)) throw new AppError(503, MAINTENANCE_MESSAGE);
  let venueLayer: ThemeRow | undefined;
  if (venueSlug) {
    const venueId = await findVenueId(db, clientId, venueSlug);
    if (venueId === undefined) throw notFound();
    venueLayer = await findThemeLevel(db, clientId, venueId);
  }
  const clientLayer = await findThemeLevel(db, clientId, null);
  return toWire(resolveTheme(toLayer(clientLayer), toLayer(venueLayer)));
};
