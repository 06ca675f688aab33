type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

export const camelKey = (key: string): string =>
  key.replace(/[_-]+([a-z0-9])/g, (_, c: string) => c.toUpperCase());

// 'themeAppSecondaryColour1' → 'theme_app_secondary_colour1', 'format24Hour' → 'format_24_hour'.
export const snakeKey = (key: string): string =>
  key
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/([a-zA-Z])(\d+)([A-Z]|$)/g, (_, a: string, d: string, b: string) => (b ? `${a}_${d}_${b}` : `${a}${d}`))
    .replace(/-/g, '_')
    .toLowerCase();

const convert = (value: unknown, mapKey: (k: string) => string): unknown => {
  if (Array.isArray(value)) return value.map((v) => convert(v, mapKey));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[mapKey(key)] = convert(v, mapKey);
  return out;
};

/** Response keys → camelCase, deeply (DESIGN.md §3: one place, never per call). */
export const toCamel = <T = unknown>(value: unknown): T => convert(value, camelKey) as T;

/** Request params and bodies → snake_case, deeply. */
export const toSnake = <T = Json>(value: unknown): T => convert(value, snakeKey) as T;
