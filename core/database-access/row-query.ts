import { z } from 'zod';
import { ValidationError } from '../errors/app-error.js';
import { decodeCursor, encodeCursor } from '../http/list-envelope.js';
import { qualified, quoteIdent, type ColumnKind, type PublishedColumn, type PublishedTable } from './published-catalogue.js';

/**
 * Reading rows of one published table: column selection, filters, one sort column and a
 * keyset cursor, checked against the table's catalogue entry and turned into parameterised
 * SQL. Identifiers come only from the catalogue; values only travel as parameters.
 */

export type FilterOperator = 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'contains' | 'null';

export const FILTER_OPERATORS: readonly FilterOperator[] = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'contains', 'null'];

/** Query parameters with a meaning of their own; any other parameter is a filter. */
export const RESERVED_PARAMETERS = ['columns', 'sort', 'cursor', 'limit', 'format'] as const;

export interface RowRequest {
  columns?: string[];
  /** `column` or `column.operator` → value, as the query string gave them. */
  filters: Record<string, string>;
  /** A column name, `-` before it for descending. */
  sort?: string;
  cursor?: string;
  limit?: number;
}

interface Condition {
  column: PublishedColumn;
  op: FilterOperator;
  value: string | boolean;
}

export interface RowQuery {
  table: PublishedTable;
  /** The columns answered, in order. */
  select: PublishedColumn[];
  conditions: Condition[];
  sort: { column: PublishedColumn; desc: boolean };
  /** Position after which the page starts: the sort column's value and the key's. */
  after?: { v: unknown; k: unknown };
  limit: number | undefined;
}

const cursorSchema = z.object({ s: z.string(), v: z.unknown(), k: z.unknown() });

const ORDERED: ReadonlySet<ColumnKind> = new Set(['text', 'integer', 'number', 'date', 'timestamp', 'boolean']);

function invalid(path: string, message: string): ValidationError {
  return new ValidationError(message, [{ path: `query.${path}`, message }]);
}

function columnOf(table: PublishedTable, name: string, path: string): PublishedColumn {
  const column = table.columns.find((c) => c.name === name);
  if (!column) throw invalid(path, `Unknown column "${name.slice(0, 100)}" of table ${table.name}; its columns: ${table.columns.map((c) => c.name).join(', ')}`);
  return column;
}

/** Checks a filter value against the column's kind, so Postgres never sees a value it cannot cast. */
function checkValue(column: PublishedColumn, value: string, path: string): string {
  const ok: Record<ColumnKind, (v: string) => boolean> = {
    text: () => true,
    integer: (v) => /^-?\d{1,18}$/.test(v),
    number: (v) => /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(v),
    boolean: (v) => v === 'true' || v === 'false',
    date: (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)),
    timestamp: (v) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v)),
    other: () => false,
  };
  if (value.length > 1000) throw invalid(path, 'Filter values are at most 1000 characters');
  if (!ok[column.kind](value)) throw invalid(path, `"${value.slice(0, 100)}" is not a valid ${column.type} value for column ${column.name}`);
  return value;
}

function parseFilter(table: PublishedTable, param: string, value: string): Condition {
  const dot = param.lastIndexOf('.');
  const maybeOp = dot > 0 ? param.slice(dot + 1) : '';
  const op = (FILTER_OPERATORS as readonly string[]).includes(maybeOp) ? (maybeOp as FilterOperator) : 'eq';
  const name = op === 'eq' && maybeOp !== 'eq' ? param : param.slice(0, dot);
  const column = columnOf(table, name, param);
  if (op === 'null') {
    if (value !== 'true' && value !== 'false') throw invalid(param, `${param} takes true or false`);
    return { column, op, value: value === 'true' };
  }
  if (column.kind === 'other') throw invalid(param, `Column ${column.name} (${column.type}) cannot be filtered, only selected`);
  if (op === 'contains' && column.kind !== 'text') throw invalid(param, `contains applies to text columns; ${column.name} is ${column.type}`);
  return { column, op, value: op === 'contains' ? value.slice(0, 1000) : checkValue(column, value, param) };
}

/** Checks a request against the table: every name must be one of its columns. */
export function parseRowRequest(table: PublishedTable, request: RowRequest): RowQuery {
  const select = request.columns && request.columns.length > 0 ? request.columns.map((c) => columnOf(table, c, 'columns')) : table.columns;
  const conditions = Object.entries(request.filters).map(([param, value]) => parseFilter(table, param, value));
  const sortSpec = request.sort ?? table.key;
  const desc = sortSpec.startsWith('-');
  const column = columnOf(table, sortSpec.replace(/^[-+]/, ''), 'sort');
  if (!ORDERED.has(column.kind)) throw invalid('sort', `Column ${column.name} (${column.type}) cannot be sorted`);
  const sortKey = `${desc ? '-' : ''}${column.name}`;
  const position = decodeCursor(request.cursor, cursorSchema);
  if (position && position.s !== sortKey) throw invalid('cursor', 'The cursor was issued for another sort; start again without it');
  return {
    table,
    select,
    conditions,
    sort: { column, desc },
    ...(position ? { after: { v: position.v ?? null, k: position.k ?? null } } : {}),
    limit: request.limit,
  };
}

/** The cursor of the page after `row` (a row fetched with `rowsSql`, so with the key and sort columns). */
export function cursorAfter(query: RowQuery, row: Record<string, unknown>): string {
  const s = `${query.sort.desc ? '-' : ''}${query.sort.column.name}`;
  return encodeCursor({ s, v: jsonValue(row[query.sort.column.name]), k: jsonValue(row[query.table.key]) });
}

/** A value as JSON carries it: dates as ISO 8601, bytes as `\x…` hex. */
export function jsonValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return `\\x${value.toString('hex')}`;
  return value;
}

export interface Sql {
  text: string;
  values: unknown[];
}

const escapeLike = (v: string): string => v.replace(/[\\%_]/g, (c) => `\\${c}`);

const OPS: Record<Exclude<FilterOperator, 'contains' | 'null'>, string> = { eq: '=', ne: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };

function whereClause(query: RowQuery, values: unknown[], withCursor: boolean): string {
  const param = (v: unknown): string => {
    values.push(v);
    return `$${values.length}`;
  };
  const parts = query.conditions.map((c) => {
    const col = quoteIdent(c.column.name);
    if (c.op === 'null') return `${col} IS ${c.value ? '' : 'NOT '}NULL`;
    if (c.op === 'contains') return `${col} ILIKE ${param(`%${escapeLike(String(c.value))}%`)}`;
    return `${col} ${OPS[c.op]} ${param(c.value)}`;
  });
  if (withCursor && query.after) parts.push(keysetCondition(query, query.after, param));
  return parts.length > 0 ? ` WHERE ${parts.join(' AND ')}` : '';
}

/** Rows after the cursor in the page order: sort column (nulls last ascending, first descending), then the key. */
function keysetCondition(query: RowQuery, after: { v: unknown; k: unknown }, param: (v: unknown) => string): string {
  const key = quoteIdent(query.table.key);
  const cmp = query.sort.desc ? '<' : '>';
  if (query.sort.column.name === query.table.key) return `${key} ${cmp} ${param(after.k)}`;
  const col = quoteIdent(query.sort.column.name);
  if (after.v === null) {
    return query.sort.desc ? `((${col} IS NULL AND ${key} < ${param(after.k)}) OR ${col} IS NOT NULL)` : `(${col} IS NULL AND ${key} > ${param(after.k)})`;
  }
  const v = param(after.v);
  const tie = `(${col} = ${v} AND ${key} ${cmp} ${param(after.k)})`;
  return query.sort.desc ? `(${col} < ${v} OR ${tie})` : `(${col} > ${v} OR ${tie} OR ${col} IS NULL)`;
}

/** One page (or batch) of rows: the selected columns plus the key and sort columns the cursor needs. */
export function rowsSql(query: RowQuery, after: { v: unknown; k: unknown } | undefined, limit: number): Sql {
  const values: unknown[] = [];
  const names = new Set([...query.select.map((c) => c.name), query.table.key, query.sort.column.name]);
  const where = whereClause({ ...query, ...(after ? { after } : {}) }, values, after !== undefined);
  const dir = query.sort.desc ? 'DESC NULLS FIRST' : 'ASC NULLS LAST';
  const key = quoteIdent(query.table.key);
  const order = query.sort.column.name === query.table.key ? `${key} ${dir}` : `${quoteIdent(query.sort.column.name)} ${dir}, ${key} ${query.sort.desc ? 'DESC' : 'ASC'}`;
  values.push(limit);
  return { text: `SELECT ${[...names].map(quoteIdent).join(', ')} FROM ${qualified(query.table)}${where} ORDER BY ${order} LIMIT $${values.length}`, values };
}

/** Rows matching the filters, across pages. */
export function countSql(query: RowQuery): Sql {
  const values: unknown[] = [];
  return { text: `SELECT count(*)::int AS n FROM ${qualified(query.table)}${whereClause(query, values, false)}`, values };
}
