import { resolveTheme, type Theme } from '@app/contract/rules/theme-defaults';
import type { ThemeWire } from '@app/contract/theme/theme';
import type { UpdateThemeLevelRequest } from '@app/contract/staff/update-theme-level';
import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { serviceUnavailable } from '../../lib/errors.ts';
import { getVenue } from '../venues/service.ts';
import {
  findClientMaintenance,
  findThemeLevel,
  recordThemeChange,
  setClientMaintenance,
  setMaintenanceById,
  THEME_COLUMNS,
  upsertThemeLevel,
  type ThemeRow,
} from './repository.ts';

/**
 * Spec §2 maintenance text. The web app shows it on its maintenance page when the theme
 * answers 503 'site_in_maintenance' with the maintenance message (spec §2).
 */
export const MAINTENANCE_MESSAGE = 'Unable to access the site due to planned maintenance.';

const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

const toLayer = (row: ThemeRow | undefined): Record<string, string | null> | undefined =>
  row && Object.fromEntries(THEME_COLUMNS.map((column) => [camel(column), row[column]]));

/** The theme on the wire: snake_case keys, absent fields dropped (spec §3). */
const toWire = (theme: Theme): ThemeWire => ({
  ...(theme.themeAppLogo ? { theme_app_logo: theme.themeAppLogo } : {}),
  theme_app_dark_bg_colour: theme.themeAppDarkBgColour,
  theme_app_header_bg_colour: theme.themeAppHeaderBgColour,
  header_primary_colour: theme.headerPrimaryColour,
  theme_app_primary_colour: theme.themeAppPrimaryColour,
  theme_app_secondary_colour1: theme.themeAppSecondaryColour1,
  theme_app_secondary_colour2: theme.themeAppSecondaryColour2,
  theme_app_body_font_style: theme.themeAppBodyFontStyle,
  theme_app_heading_font_style: theme.themeAppHeadingFontStyle,
  theme_app_secondary_button_style: theme.themeAppSecondaryButtonStyle,
});

/** The venue's id through the venues service (404 'venue_not_found'), or null for the client level. */
const venueIdOrNull = async (db: Db, clientId: number, venueSlug: string | undefined): Promise<number | null> =>
  venueSlug ? (await getVenue(db, clientId, venueSlug)).id : null;

/**
 * The theme for a client, optionally for one venue: defaults ← client level ← venue level.
 * A client in maintenance answers 503 (spec §2: the web app shows the maintenance page).
 */
export const getTheme = async (db: Db, clientId: number, venueSlug: string | undefined): Promise<ThemeWire> => {
  if (await findClientMaintenance(db, clientId)) throw serviceUnavailable('site_in_maintenance', MAINTENANCE_MESSAGE);
  const venueId = await venueIdOrNull(db, clientId, venueSlug);
  const venueLayer = venueId === null ? undefined : await findThemeLevel(db, clientId, venueId);
  const clientLayer = await findThemeLevel(db, clientId, null);
  return toWire(resolveTheme(toLayer(clientLayer), toLayer(venueLayer)));
};

const emptyRow = (): ThemeRow => Object.fromEntries(THEME_COLUMNS.map((column) => [column, null])) as ThemeRow;

/** What staff see for one level: exactly the stored values, nulls included (null = inherited). */
export const getThemeLevel = async (db: Db, clientId: number, venueSlug: string | undefined) => {
  const venueId = await venueIdOrNull(db, clientId, venueSlug);
  const row = (await findThemeLevel(db, clientId, venueId)) ?? emptyRow();
  return { venue: venueSlug ?? null, theme: row };
};

/** A staff edit of one level; validated by ZUpdateThemeLevelRequest (colours, fonts, logo URL). */
export const updateThemeLevel = async (
  db: Db,
  clientId: number,
  venueSlug: string | undefined,
  changes: UpdateThemeLevelRequest,
  actorUserId: number,
) => {
  const venueId = await venueIdOrNull(db, clientId, venueSlug);
  const fields = Object.keys(changes);
  const row = await inTransaction(db, async (trx) => {
    const saved = await upsertThemeLevel(trx, clientId, venueId, changes);
    if (fields.length > 0) {
      const summary = `${venueSlug ? 'this venue' : 'every venue'}: ${fields.join(', ')}`;
      await recordThemeChange(trx, { clientId, venueId, actorUserId, action: 'theme_changed', detail: { summary, level: venueSlug ?? 'operator', to: changes } });
    }
    return saved;
  });
  return { venue: venueSlug ?? null, theme: row };
};

/** The maintenance switch from the staff API; a change of state is recorded with who made it. */
export const setMaintenance = (db: Db, clientId: number, enabled: boolean, actorUserId: number) =>
  inTransaction(db, async (trx) => {
    const was = await findClientMaintenance(trx, clientId, true);
    await setMaintenanceById(trx, clientId, enabled);
    if (was !== enabled) {
      await recordThemeChange(trx, { clientId, venueId: null, actorUserId, action: 'maintenance_changed', detail: { summary: enabled ? 'switched on' : 'switched off', from: was, to: enabled } });
    }
  });

/** The maintenance switch by client slug (`npm run client:maintenance`); false for an unknown slug. */
export const setMaintenanceBySlug = (db: Db, clientSlug: string, enabled: boolean) =>
  setClientMaintenance(db, clientSlug, enabled);
