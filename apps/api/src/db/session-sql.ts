// SQL shared by the statements that find a caller's session (auth's own lookup, and the basket
// add that folds it into its first read): one text, so the session rules cannot drift apart.

/**
 * The two common table expressions of a session lookup, for a statement of its own or one that
 * folds the lookup into its own read (the basket add, docs/holds.md): `live` holds the live
 * session of the token hash ("sessionId", "userId", role, kiosk; no row when there is none) and
 * `touched` marks it used now when that was last done over a minute ago. The arguments are the
 * statement's placeholders for the three values.
 */
export const activeSessionCtes = (p: { clientId: string; tokenHash: string; idleMinutes: string }) => `
    live AS (
      SELECT s.id AS "sessionId", u.id AS "userId", u.role, s.kiosk, s.last_seen_at < now() - interval '1 minute' AS stale
        FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.client_id = ${p.clientId} AND s.token_hash = ${p.tokenHash} AND s.revoked_at IS NULL AND s.expires_at > now()
         AND s.last_seen_at > now() - make_interval(mins => ${p.idleMinutes}::integer)
    ), touched AS (
      UPDATE sessions SET last_seen_at = now() FROM live
       WHERE sessions.id = live."sessionId" AND live.stale AND sessions.last_seen_at < now() - interval '1 minute'
      RETURNING sessions.id
    )`;
