import type { z } from 'zod';

/**
 * The paths ('lat', 'theme_app_logo', '' for the object itself) of the issues a schema
 * reports for `input`, or null when the schema accepts it.
 */
export const issuePaths = (schema: z.ZodType, input: unknown): string[] | null => {
  const result = schema.safeParse(input);
  return result.success ? null : result.error.issues.map((issue) => issue.path.map(String).join('.'));
};
