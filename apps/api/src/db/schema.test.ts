import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db.ts';
import type { Db } from './connect.ts';

/**
 * `schema.ts` (the Kysely table types) against the migrated database: every table and column
 * on both sides, nullability, defaults behind `Generated<>`, and the TypeScript type of each
 * PostgreSQL type. A migration without its schema.ts change (or the reverse) fails here.
 */
type DeclaredColumn = { type: string; isNullable: boolean; isGenerated: boolean };
type DbColumn = { table: string; column: string; dataType: string; isNullable: boolean; hasDefault: boolean };

const IGNORED_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

/** TypeScript spellings accepted for each PostgreSQL type (after `Generated<>` and `| null`). */
const TS_TYPES: Record<string, string[]> = {
  integer: ['number'],
  smallint: ['number'],
  bigint: ['number'],
  numeric: ['number'],
  real: ['number'],
  'double precision': ['number'],
  text: ['string'],
  'character varying': ['string'],
  character: ['string'],
  uuid: ['string'],
  boolean: ['boolean'],
  'timestamp with time zone': ['Timestamp', 'Date'],
  date: ['DateOnly', 'string'],
  'time without time zone': ['string'],
  tstzrange: ['string'],
  ARRAY: ['string[]', 'number[]'],
  // JSON documents: a named type or unknown (parsed by pg; written with JSON.stringify).
  jsonb: ['unknown', 'string[]', 'EmailAttachment[]', 'JsonText', 'Record<string, unknown>', 'Record<string, number>'],
};

const readDeclaredSchema = () => {
  const file = path.join(import.meta.dirname, 'schema.ts');
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const aliases = new Map<string, ts.TypeNode>();
  source.forEachChild((node) => {
    if (ts.isTypeAliasDeclaration(node)) aliases.set(node.name.text, node.type);
  });
  const membersOf = (name: string) => {
    const node = aliases.get(name);
    if (!node || !ts.isTypeLiteralNode(node)) throw new Error(`schema.ts: ${name} is not an object type`);
    return node.members.filter(ts.isPropertySignature);
  };
  const tables = new Map<string, Map<string, DeclaredColumn>>();
  for (const table of membersOf('Database')) {
    const tableType = table.type!.getText(source);
    const columns = new Map<string, DeclaredColumn>();
    for (const column of membersOf(tableType)) {
      let type = column.type!;
      const isGenerated = ts.isTypeReferenceNode(type) && type.typeName.getText(source) === 'Generated';
      if (isGenerated) type = (type as ts.TypeReferenceNode).typeArguments![0]!;
      // A local alias of string literals (V1Type) stands for its literals.
      const expand = (t: ts.TypeNode): string[] => {
        const alias = ts.isTypeReferenceNode(t) ? aliases.get(t.typeName.getText(source)) : undefined;
        if (alias && ts.isUnionTypeNode(alias) && alias.types.every(ts.isLiteralTypeNode)) return alias.types.map((a) => a.getText(source));
        return [t.getText(source)];
      };
      const parts = (ts.isUnionTypeNode(type) ? type.types : [type]).flatMap(expand);
      columns.set(column.name.getText(source), {
        type: parts.filter((p) => p !== 'null').join(' | '),
        isNullable: parts.includes('null'),
        isGenerated,
      });
    }
    tables.set(table.name.getText(source), columns);
  }
  return tables;
};

let db: Db;
let drop: () => Promise<void>;
let declared: Map<string, Map<string, DeclaredColumn>>;
let actual: DbColumn[];

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  declared = readDeclaredSchema();
  actual = (
    await sql<DbColumn>`
      SELECT c.table_name AS "table", c.column_name AS "column", c.data_type AS "dataType",
             c.is_nullable = 'YES' AS "isNullable",
             (c.column_default IS NOT NULL OR c.is_identity = 'YES') AS "hasDefault"
      FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
      ORDER BY c.table_name, c.ordinal_position`.execute(db)
  ).rows.filter((c) => !IGNORED_TABLES.has(c.table));
});
afterAll(() => drop());

describe('schema.ts matches the migrated database', () => {
  it('declares every table, and no table the migrations do not create', () => {
    expect([...declared.keys()].sort()).toEqual([...new Set(actual.map((c) => c.table))].sort());
  });

  it('declares every column, and no column the database lacks', () => {
    const inDb = actual.map((c) => `${c.table}.${c.column}`).sort();
    const inTs = [...declared].flatMap(([table, columns]) => [...columns.keys()].map((c) => `${table}.${c}`)).sort();
    expect(inTs).toEqual(inDb);
  });

  it('marks exactly the nullable columns `| null`', () => {
    const mismatched = actual
      .filter((c) => declared.get(c.table)?.get(c.column)?.isNullable !== c.isNullable)
      .map((c) => `${c.table}.${c.column}: database ${c.isNullable ? 'NULL' : 'NOT NULL'}`);
    expect(mismatched).toEqual([]);
  });

  it('wraps in Generated<> only columns the database fills in (default, identity or null)', () => {
    const mismatched = actual
      .filter((c) => declared.get(c.table)?.get(c.column)?.isGenerated && !c.hasDefault && !c.isNullable)
      .map((c) => `${c.table}.${c.column}: Generated<> but no default`);
    expect(mismatched).toEqual([]);
  });

  it('gives each column the TypeScript type of its PostgreSQL type', () => {
    const mismatched = actual.flatMap((c) => {
      const column = declared.get(c.table)?.get(c.column);
      const accepted = TS_TYPES[c.dataType];
      if (!column) return [];
      if (!accepted) return [`${c.table}.${c.column}: no TypeScript mapping for ${c.dataType} in this test`];
      // A text column may be narrowed to string literals ('customer' | 'staff').
      const isNarrowedText = accepted.includes('string') && /^'[^']*'( \| '[^']*')*$/.test(column.type);
      // An integer column may be narrowed to number literals (a CHECK allows only those: 0 | 12).
      const isNarrowedNumber = accepted.includes('number') && /^\d+( \| \d+)*$/.test(column.type);
      return accepted.includes(column.type) || isNarrowedText || isNarrowedNumber ? [] : [`${c.table}.${c.column}: ${column.type} for ${c.dataType}`];
    });
    expect(mismatched).toEqual([]);
  });
});
