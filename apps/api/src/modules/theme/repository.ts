import type { Db } from '../../db/connect.ts';
import type { ThemesTable } from '../../db/schema.ts';

export const THEME_COLUMNS = [
  'theme_app_logo',
  'theme_app_dark_bg_colour',
  'theme_app_header_bg_colour',
  'header_primary_colour',
  'theme_app_primary_colour',
  'theme_app_secondary_colour1',
  'theme_app_secondary_colour2',
  'theme_app_body_font_style',
  'theme_app_heading_font_style',
  'theme_app_secondary_button_style',
] as const;

export type ThemeColumn = (typeof THEME_COLUMNS)[number];
export type ThemeRow = Pick<ThemesTable, ThemeColumn>;

/** Whether the client is in maintenance; `lock` holds its row for a switch (two at once: one records the change). */
export const findClientMaintenance = async (db: Db, clientId: number, lock = false): Promise<boolean> => {
  const query = db.selectFrom('clients').select('maintenance_mode').where('id', '=', clientId);
  return (await (lock ? query.forUpdate() : query).executeTakeFirst())?.maintenance_mode ?? false;
};

/** The client-level theme row, or the venue-level one when `venueId` is given. */
export const findThemeLevel = async (db: Db, clientId: number, venueId: number | null): Promise<ThemeRow | undefined> =>
  db
    .selectFrom('themes')
    .select(THEME_COLUMNS)
    .where('client_id', '=', clientId)
    .where('venue_id', venueId === null ? 'is' : '=', venueId)
    .executeTakeFirst();

/**
 * Creates or updates one theme level in a single statement: the partial unique indexes of
 * 0001_base make "one row per level" a database rule, so concurrent edits cannot duplicate it.
 * Fields not given stay as they are.
 */
export const upsertThemeLevel = async (
  db: Db,
  clientId: number,
  venueId: number | null,
  changes: Partial<Record<ThemeColumn, string | null>>,
): Promise<ThemeRow> =>
  db
    .insertInto('themes')
    .values({ client_id: clientId, venue_id: venueId, ...changes })
    .onConflict((oc) =>
      (venueId === null
        ? oc.column('client_id').where('venue_id', 'is', null)
        : oc.columns(['client_id', 'venue_id']).where('venue_id', 'is not', null)
      ).doUpdateSet({ ...changes, updated_at: new Date() }),
    )
    .returning(THEME_COLUMNS)
    .executeTakeFirstOrThrow();

export const setClientMaintenance = async (db: Db, clientSlug: string, on: boolean): Promise<boolean> => {
  const result = await db
    .updateTable('clients')
    .set({ maintenance_mode: on })
    .where('slug', '=', clientSlug)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
};

export const setMaintenanceById = async (db: Db, clientId: number, on: boolean): Promise<void> => {
  await db.updateTable('clients').set({ maintenance_mode: on }).where('id', '=', clientId).execute();
};

/**
 * Who changed a theme or the maintenance switch, and when (issue 26: every change recorded, in the
 * console's append-only `operator_changes`; a venue's theme on that venue's page, the operator's
 * level and the switch on every venue's page).
 */
export const recordThemeChange = async (
  db: Db,
  change: { clientId: number; venueId: number | null; actorUserId: number; action: 'theme_changed' | 'maintenance_changed'; detail: Record<string, unknown> },
): Promise<void> => {
  await db
    .insertInto('operator_changes')
    .values({
      client_id: change.clientId,
      venue_id: change.venueId,
      occurrence_id: null,
      actor_user_id: change.actorUserId,
      action: change.action,
      reason: null,
      detail: JSON.stringify(change.detail) as unknown as Record<string, unknown>,
    })
    .execute();
};
