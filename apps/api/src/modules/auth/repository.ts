import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { runNamed } from '../../db/prepared.ts';
import type { UsersTable } from '../../db/schema.ts';
import { activeSessionCtes } from '../../db/session-sql.ts';

export const findUserForLogin = (db: Db, clientId: number, username: string) =>
  db
    .selectFrom('users')
    .select(['id', 'password_hash', 'language'])
    .where('client_id', '=', clientId)
    .where((eb) => eb.or([eb(eb.fn('lower', ['email']), '=', username.toLowerCase()), eb('reference', '=', username)]))
    .executeTakeFirst();

export const insertSession = (db: Db, row: { clientId: number; userId: number; tokenHash: string; expiresAt: Date; kiosk?: boolean }) =>
  db
    .insertInto('sessions')
    .values({ client_id: row.clientId, user_id: row.userId, token_hash: row.tokenHash, expires_at: row.expiresAt, kiosk: row.kiosk ?? false })
    .execute();

/**
 * The live session of a token hash — not revoked, not past its 30 days, used within the idle
 * period — in one round trip on every signed-in request: a named prepared statement (parsed and
 * planned once per pooled connection) whose second part marks the session used now when that
 * was last done over a minute ago (two racing requests: one write), so the request path writes
 * at most once a minute per session and never needs a second query. Not kept in memory: a
 * revoked, rotated or idle session is refused by the very next request to any instance.
 */
export const findActiveSession = async (db: Db, clientId: number, tokenHash: string, idleMinutes: number) => {
  const text = `WITH ${activeSessionCtes({ clientId: '$1', tokenHash: '$2', idleMinutes: '$3' })}
    SELECT "sessionId", "userId", role, kiosk FROM live`;
  type Row = { sessionId: number; userId: number; role: Selectable<UsersTable>['role']; kiosk: boolean };
  const rows = await runNamed<Row>(db, 'auth-active-session', text, [clientId, tokenHash, idleMinutes]);
  return rows[0];
};

export const revokeSession = (db: Db, sessionId: number) =>
  db.updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', sessionId).execute();

/** The session's token hash replaced by a new one (rotation on a privilege change); answers whether it was live. */
export const rotateSessionToken = async (db: Db, sessionId: number, tokenHash: string) => {
  const result = await db
    .updateTable('sessions')
    .set({ token_hash: tokenHash, last_seen_at: sql`now()` })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

export const findUserProfile = async (db: Db, clientId: number, userId: number) => {
  const user = await db
    .selectFrom('users')
    .select(['id', 'reference', 'first_name', 'last_name', 'email', 'role', 'language'])
    .where('client_id', '=', clientId)
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return undefined;
  const members = await db
    .selectFrom('membership_users')
    .leftJoin('venues', 'venues.id', 'membership_users.home_venue_id')
    .select([
      'membership_users.id',
      'membership_users.first_name',
      'membership_users.last_name',
      'membership_users.relationship',
      'membership_users.date_of_birth',
      'membership_users.home_venue_id',
      'venues.slug as home_venue_slug',
    ])
    .where('membership_users.client_id', '=', clientId)
    .where('membership_users.account_user_id', '=', userId)
    .orderBy('membership_users.id')
    .execute();
  return { user, members };
};

/** The two counters of one login attempt (modules/auth/login-throttle.ts). */
export type LoginKeys = { account: string; address: string };

/** Live failure windows of the account and the address, and whether the address is familiar to the account. */
export const findLoginFailures = async (db: Db, keys: LoginKeys, knownDays: number) =>
  (
    await sql<{ key: string; failures: number; retry_after: number; known: boolean }>`
      SELECT f.key, f.failures,
             greatest(1, ceil(extract(epoch FROM f.window_ends_at - now())))::int AS retry_after,
             EXISTS (
               SELECT 1 FROM login_known_addresses k
               WHERE k.account_key = ${keys.account} AND k.address = ${keys.address}
                 AND k.last_success_at > now() - make_interval(days => ${knownDays})
             ) AS known
      FROM login_failures f
      WHERE f.key IN (${keys.account}, ${keys.address}) AND f.window_ends_at > now()`.execute(db)
  ).rows;

/** One failure on each of `keys`, in one atomic upsert (a window that has ended starts again at 1). */
export const countLoginFailure = async (db: Db, keys: readonly string[], windowMinutes: number): Promise<void> => {
  await sql`
    INSERT INTO login_failures AS f (key, failures, window_ends_at)
    SELECT key, 1, now() + make_interval(mins => ${windowMinutes})
    FROM unnest(${keys}::text[]) AS key
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN f.window_ends_at <= now() THEN 1 ELSE f.failures + 1 END,
      window_ends_at = CASE WHEN f.window_ends_at <= now() THEN EXCLUDED.window_ends_at ELSE f.window_ends_at END`.execute(db);
};

export const clearAccountFailures = async (db: Db, accountKey: string): Promise<void> => {
  await db.deleteFrom('login_failures').where('key', '=', accountKey).execute();
};

export const rememberLoginAddress = async (db: Db, keys: LoginKeys): Promise<void> => {
  await db
    .insertInto('login_known_addresses')
    .values({ account_key: keys.account, address: keys.address, last_success_at: new Date() })
    .onConflict((oc) => oc.columns(['account_key', 'address']).doUpdateSet({ last_success_at: new Date() }))
    .execute();
};

export const sweepLoginThrottle = async (db: Db, knownDays: number): Promise<void> => {
  await sql`DELETE FROM login_failures WHERE window_ends_at < now()`.execute(db);
  await sql`DELETE FROM login_known_addresses WHERE last_success_at < now() - make_interval(days => ${knownDays})`.execute(db);
};

/** One hit on a request counter (register, forgotten password) in one upsert; answers the count in the live window. */
export const countRequest = async (db: Db, key: string, windowMinutes: number) =>
  (
    await sql<{ failures: number; retry_after: number }>`
      INSERT INTO login_failures AS f (key, failures, window_ends_at)
      VALUES (${key}, 1, now() + make_interval(mins => ${windowMinutes}))
      ON CONFLICT (key) DO UPDATE SET
        failures = CASE WHEN f.window_ends_at <= now() THEN 1 ELSE f.failures + 1 END,
        window_ends_at = CASE WHEN f.window_ends_at <= now() THEN EXCLUDED.window_ends_at ELSE f.window_ends_at END
      RETURNING failures, greatest(1, ceil(extract(epoch FROM window_ends_at - now())))::int AS retry_after`.execute(db)
  ).rows[0]!;

export const findUserByEmail = (db: Db, clientId: number, email: string) =>
  db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'language'])
    .where('client_id', '=', clientId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();

export const findUserByEmailOrReference = (db: Db, clientId: number, value: string) =>
  db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'language'])
    .where('client_id', '=', clientId)
    .where((eb) => eb.or([eb(eb.fn('lower', ['email']), '=', value.toLowerCase()), eb(eb.fn('upper', ['reference']), '=', value.toUpperCase())]))
    .executeTakeFirst();

export const findUserById = (db: Db, clientId: number, userId: number) =>
  db.selectFrom('users').select(['id', 'email', 'first_name', 'last_name']).where('client_id', '=', clientId).where('id', '=', userId).executeTakeFirst();

/** The letters customer references of this client start with ('ANW'), or null when it has none yet. */
export const referencePrefix = async (db: Db, clientId: number) =>
  (
    await sql<{ prefix: string | null }>`
      SELECT substring(reference FROM '^[A-Z]+') AS prefix FROM users
      WHERE client_id = ${clientId} AND reference ~ '^[A-Z]+[0-9]+$' ORDER BY id LIMIT 1`.execute(db)
  ).rows[0]?.prefix ?? null;

export type NewCustomer = {
  clientId: number;
  reference: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  dateOfBirth: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  town: string | null;
  postcode: string | null;
  marketingConsent: boolean;
  onboardingType: string | null;
  homeVenueId: number | null;
  /** The page's language at sign-up (issue 27); the column's default, English, when absent. */
  language?: 'en-GB' | 'cy';
};

/** The user and their 'self' membership user; null when the email (or reference) is already taken. */
export const insertCustomer = async (db: Db, c: NewCustomer): Promise<number | null> => {
  const row = await db
    .insertInto('users')
    .values({
      client_id: c.clientId,
      reference: c.reference,
      email: c.email,
      password_hash: c.passwordHash,
      role: 'customer',
      first_name: c.firstName,
      last_name: c.lastName,
      phone: c.phone,
      date_of_birth: c.dateOfBirth,
      address_line1: c.addressLine1,
      address_line2: c.addressLine2,
      town: c.town,
      postcode: c.postcode,
      marketing_consent: c.marketingConsent,
      onboarding_type: c.onboardingType,
      ...(c.language ? { language: c.language } : {}),
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return null;
  await db
    .insertInto('membership_users')
    .values({
      client_id: c.clientId,
      account_user_id: row.id,
      user_id: row.id,
      first_name: c.firstName,
      last_name: c.lastName,
      date_of_birth: c.dateOfBirth,
      relationship: 'self',
      home_venue_id: c.homeVenueId,
    })
    .execute();
  return row.id;
};

export const setPasswordHash = async (db: Db, userId: number, passwordHash: string): Promise<void> => {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
};

/** Ends every live session of the user, except `keepSessionId`; answers how many ended. */
export const revokeUserSessions = async (db: Db, userId: number, keepSessionId: number | null = null) => {
  let query = db.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keepSessionId !== null) query = query.where('id', '!=', keepSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
};

type TokenTable = 'password_reset_tokens' | 'login_tokens';

export const insertOneTimeToken = async (db: Db, table: TokenTable, row: { clientId: number; userId: number; tokenHash: string; expiresAt: Date }) => {
  await db.insertInto(table).values({ client_id: row.clientId, user_id: row.userId, token_hash: row.tokenHash, expires_at: row.expiresAt }).execute();
};

/** Uses the token if it is this client's, unused and unexpired, in one statement (two racing uses: one wins). */
export const consumeOneTimeToken = (db: Db, table: TokenTable, clientId: number, tokenHash: string) =>
  db
    .updateTable(table)
    .set({ used_at: new Date() })
    .where('client_id', '=', clientId)
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning(['user_id'])
    .executeTakeFirst();

/** Spends every other unused token of the user (a reset makes older links useless). */
export const spendUserTokens = async (db: Db, table: TokenTable, userId: number): Promise<void> => {
  await db.updateTable(table).set({ used_at: new Date() }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
};

/** The account of an unused, unexpired reset token (not using it). */
export const findPendingResetUser = (db: Db, clientId: number, tokenHash: string) =>
  db
    .selectFrom('password_reset_tokens')
    .innerJoin('users', 'users.id', 'password_reset_tokens.user_id')
    .select(['users.id', 'users.email', 'users.first_name', 'users.last_name', 'users.language'])
    .where('password_reset_tokens.client_id', '=', clientId)
    .where('password_reset_tokens.token_hash', '=', tokenHash)
    .where('password_reset_tokens.used_at', 'is', null)
    .where('password_reset_tokens.expires_at', '>', new Date())
    .executeTakeFirst();

/** What My details shows and edits. */
export const findUserDetails = (db: Db, clientId: number, userId: number) =>
  db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'reference',
      'password_hash',
      'first_name',
      'last_name',
      'phone',
      'address_line1',
      'address_line2',
      'town',
      'postcode',
      'emergency_contact_name',
      'emergency_contact_phone',
      'marketing_consent',
      'marketing_sms',
      'language',
    ])
    .where('client_id', '=', clientId)
    .where('id', '=', userId)
    .executeTakeFirst();

export type DetailsChange = Partial<{
  first_name: string;
  last_name: string;
  phone: string | null;
  address_line1: string | null;
  address_line2: string | null;
  town: string | null;
  postcode: string | null;
  emergency_contact_name: string | null;
  emergency_contact_phone: string | null;
  marketing_consent: boolean;
  marketing_sms: boolean;
}>;

/** Writes the changed details; the name also goes to the account's own ('self') membership user. */
export const updateUserDetails = async (db: Db, clientId: number, userId: number, change: DetailsChange): Promise<void> => {
  await db.updateTable('users').set(change).where('client_id', '=', clientId).where('id', '=', userId).execute();
  const name = { ...(change.first_name === undefined ? {} : { first_name: change.first_name }), ...(change.last_name === undefined ? {} : { last_name: change.last_name }) };
  if (Object.keys(name).length > 0)
    await db
      .updateTable('membership_users')
      .set(name)
      .where('client_id', '=', clientId)
      .where('account_user_id', '=', userId)
      .where('relationship', '=', 'self')
      .execute();
};

/**
 * The account holder's date of birth when they have none yet: the user row (locked by the update,
 * so two requests cannot both set it) and their 'self' membership user. False when one was set.
 */
export const setDateOfBirthIfNone = async (db: Db, clientId: number, userId: number, dateOfBirth: string): Promise<boolean> => {
  const row = await db
    .updateTable('users')
    .set({ date_of_birth: dateOfBirth })
    .where('client_id', '=', clientId)
    .where('id', '=', userId)
    .where('date_of_birth', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!row) return false;
  await db
    .updateTable('membership_users')
    .set({ date_of_birth: dateOfBirth })
    .where('client_id', '=', clientId)
    .where('account_user_id', '=', userId)
    .where('relationship', '=', 'self')
    .execute();
  return true;
};

/** The person's recorded language (issue 27), or undefined for no such user of this client. */
export const findUserLanguage = async (db: Db, clientId: number, userId: number) =>
  (await db.selectFrom('users').select('language').where('client_id', '=', clientId).where('id', '=', userId).executeTakeFirst())?.language;

/** Records the person's language (issue 27): the site's, and everything sent to them later. */
export const setUserLanguage = async (db: Db, clientId: number, userId: number, language: 'en-GB' | 'cy'): Promise<void> => {
  await db.updateTable('users').set({ language }).where('client_id', '=', clientId).where('id', '=', userId).execute();
};
