/**
 * What the published database holds: the views of the `published` schema, read from the
 * Postgres catalogue (their comments are the descriptions). Table and column names a
 * client sends are looked up here; only names found here ever reach SQL, quoted.
 */

/** How a column may be filtered and sorted. `other` (JSON, arrays): selected only. */
export type ColumnKind = 'text' | 'integer' | 'number' | 'boolean' | 'date' | 'timestamp' | 'other';

export interface PublishedColumn {
  name: string;
  /** The Postgres type, e.g. `text`, `integer`, `timestamp with time zone`, `jsonb`. */
  type: string;
  kind: ColumnKind;
  description: string | null;
}

export interface PublishedTable {
  name: string;
  description: string | null;
  columns: PublishedColumn[];
  /** The first column: unique and never null in every published view; pages are keyed by it. */
  key: string;
}

export const PUBLISHED_SCHEMA = 'published';

const KINDS: Record<string, ColumnKind> = {
  text: 'text',
  'character varying': 'text',
  character: 'text',
  smallint: 'integer',
  integer: 'integer',
  bigint: 'integer',
  numeric: 'number',
  real: 'number',
  'double precision': 'number',
  boolean: 'boolean',
  date: 'date',
  'timestamp with time zone': 'timestamp',
  'timestamp without time zone': 'timestamp',
};

export function columnKind(type: string): ColumnKind {
  return KINDS[type.replace(/\(.*\)$/, '')] ?? 'other';
}

/** Double-quotes an identifier for SQL. Only ever given names from the catalogue. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** `"published"."name"` */
export function qualified(table: PublishedTable): string {
  return `${quoteIdent(PUBLISHED_SCHEMA)}.${quoteIdent(table.name)}`;
}

/** The catalogue query: views of the published schema with their columns, types and comments, in column order. */
export const CATALOGUE_SQL = `
  SELECT c.relname AS table_name,
         obj_description(c.oid, 'pg_class') AS table_description,
         a.attname AS column_name,
         format_type(a.atttypid, a.atttypmod) AS column_type,
         col_description(c.oid, a.attnum) AS column_description
  FROM pg_class c
  JOIN pg_namespace n ON n.oid = c.relnamespace
  JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
  WHERE n.nspname = $1 AND c.relkind IN ('v', 'm', 'r')
  ORDER BY c.relname, a.attnum`;

export interface CatalogueRow {
  table_name: string;
  table_description: string | null;
  column_name: string;
  column_type: string;
  column_description: string | null;
}

/** Groups the catalogue query's rows into tables. */
export function tablesFromCatalogue(rows: CatalogueRow[]): PublishedTable[] {
  const tables = new Map<string, PublishedTable>();
  for (const r of rows) {
    let t = tables.get(r.table_name);
    if (!t) {
      t = { name: r.table_name, description: r.table_description, columns: [], key: r.column_name };
      tables.set(r.table_name, t);
    }
    t.columns.push({ name: r.column_name, type: r.column_type, kind: columnKind(r.column_type), description: r.column_description });
  }
  return [...tables.values()];
}
