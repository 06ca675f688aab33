/**
 * Password length (OWASP ASVS 5 level 2), apart from the schemas in fields.ts so the forms that
 * say it (register, joining's details) do not carry zod (issue 28). fields.ts re-exports it.
 */

/** Password length of OWASP ASVS 5 level 2: at least 8, at most 128 characters (counted as code points), no composition rules. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
