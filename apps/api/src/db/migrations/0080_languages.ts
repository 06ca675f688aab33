import { type Kysely, sql } from 'kysely';

/**
 * Languages (issue 27, docs/languages.md): a person's chosen language, recorded on the account and
 * used for everything sent to them later (emails, receipts, `.ics` summaries). `en-GB` or `cy`;
 * an account made before the choice existed reads English.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    ALTER TABLE users ADD COLUMN language text NOT NULL DEFAULT 'en-GB' CHECK (language IN ('en-GB', 'cy'));
  `.execute(db);
};
