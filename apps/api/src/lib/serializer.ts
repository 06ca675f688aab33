import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

const zodSerializerCompiler = createSerializerCompiler({});
const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * zod writes `x | null` as `anyOf: [x, { type: 'null' }]`; fast-json-stringify would try each
 * branch against the value at run time (Ajv), so turn it into `type: [x, 'null']`.
 */
const simplify = (schema: unknown): unknown => {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (!isSchema(schema)) return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = simplify(value);
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const [nonNull, nullable] = (anyOf as JsonSchema[]).some((s) => s.type === 'null' && Object.keys(s).length === 1)
      ? [anyOf.find((s: JsonSchema) => s.type !== 'null') as JsonSchema, true]
      : [undefined, false];
    if (nullable && nonNull && typeof nonNull.type === 'string' && !('anyOf' in nonNull) && !('oneOf' in nonNull)) {
      delete out.anyOf;
      return { ...out, ...nonNull, type: [nonNull.type, 'null'] };
    }
  }
  return out;
};

const toJsonSchema = (schema: z.ZodType): JsonSchema | undefined => {
  try {
    return simplify(z.toJSONSchema(schema, { io: 'output', target: 'draft-07', unrepresentable: 'throw' })) as JsonSchema;
  } catch {
    // A response with transforms or codecs has no JSON Schema: zod serialises it instead.
    return undefined;
  }
};

/**
 * Response serialisation from the contract's zod schemas, compiled once per route and status
 * to fast-json-stringify through `z.toJSONSchema`. The zod schema stays the single source; the
 * compiled function writes only declared properties (zod's output schemas are
 * `additionalProperties: false`), so database columns never leak, at a fraction of the cost
 * of a zod parse plus `JSON.stringify` of the whole response (docs/performance.md).
 * With `validate`, each response is also checked against its zod schema first (API tests do
 * this, so a handler drifting from its contract fails a test instead of being coerced).
 */
export const responseSerializerCompiler =
  ({ validate }: { validate: boolean }): FastifySerializerCompiler<z.ZodType> =>
  (route) => {
    const checked = validate ? zodSerializerCompiler(route) : undefined;
    let stringify: ((data: unknown) => string) | undefined;
    // Compiled on first use: a route that never answers costs nothing at start.
    const compiled = () => {
      if (stringify) return stringify;
      const jsonSchema = toJsonSchema(route.schema);
      stringify = jsonSchema ? fastJson(jsonSchema as unknown as Parameters<typeof fastJson>[0]) : (checked ?? zodSerializerCompiler(route));
      return stringify;
    };
    return (data: unknown) => {
      const write = compiled();
      if (checked && write !== checked) checked(data);
      return write(data);
    };
  };
