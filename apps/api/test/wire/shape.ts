/**
 * Field-by-field checks of the shapes public clients of the live product read
 * (`/work/shared/spec/wire-notes.md`, "What public clients read"), written from the notes
 * rather than from our contract, so a field renamed or dropped in the contract shows here.
 *
 * A shape is:
 * - a type name, or several joined by `|`: `'string'`, `'number'`, `'integer'`, `'boolean'`,
 *   `'null'`, `'array'` (any array), `'object'` (any non-array object), e.g. `'string|null'`;
 * - an object of shapes: the value is an object holding at least those fields (extra fields
 *   are fine: the live product's clients ignore what they do not read);
 * - a one-element array `[shape]`: a non-empty array whose every element has that shape
 *   (empty would prove nothing about its elements).
 */
export type Shape = string | readonly [Shape] | { readonly [field: string]: Shape };

const typeOf = (value: unknown): string[] => {
  if (value === null) return ['null'];
  if (Array.isArray(value)) return ['array'];
  if (typeof value === 'number') return Number.isInteger(value) ? ['number', 'integer'] : ['number'];
  return [typeof value];
};

const describeValue = (value: unknown) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);

/** Every path where `value` does not have `shape`, as `'$.data[0].slug: expected string, got undefined'`; empty when it does. */
export const shapeMismatches = (value: unknown, shape: Shape, path = '$'): string[] => {
  if (typeof shape === 'string') {
    const wanted = shape.split('|');
    return typeOf(value).some((t) => wanted.includes(t)) ? [] : [`${path}: expected ${shape}, got ${describeValue(value)}`];
  }
  if (Array.isArray(shape)) {
    if (!Array.isArray(value)) return [`${path}: expected an array, got ${describeValue(value)}`];
    if (value.length === 0) return [`${path}: expected at least one element, got an empty array`];
    return value.flatMap((item, index) => shapeMismatches(item, shape[0], `${path}[${index}]`));
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return [`${path}: expected an object, got ${describeValue(value)}`];
  }
  const record = value as Record<string, unknown>;
  return Object.entries(shape as Record<string, Shape>).flatMap(([field, fieldShape]) =>
    field in record ? shapeMismatches(record[field], fieldShape, `${path}.${field}`) : [`${path}.${field}: missing`],
  );
};
