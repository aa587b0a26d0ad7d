import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors/app-error.js';
import { columnKind, type PublishedTable } from './published-catalogue.js';
import { countSql, cursorAfter, parseRowRequest, rowsSql } from './row-query.js';

const col = (name: string, type: string) => ({ name, type, kind: columnKind(type), description: null });
const holidays: PublishedTable = {
  name: 'holidays',
  description: null,
  key: 'id',
  columns: [col('id', 'bigint'), col('jurisdiction', 'text'), col('date', 'date'), col('name', 'text'), col('details', 'jsonb')],
};

describe('parseRowRequest and rowsSql', () => {
  it('quotes catalogue identifiers and passes every value as a parameter', () => {
    const q = parseRowRequest(holidays, { columns: ['name'], filters: { jurisdiction: "texas' OR 1=1", 'date.gte': '2026-01-01', 'name.contains': '50%_off' }, sort: '-date' });
    const sql = rowsSql(q, undefined, 10);
    expect(sql.text).toBe(
      'SELECT "name", "id", "date" FROM "published"."holidays" WHERE "jurisdiction" = $1 AND "date" >= $2 AND "name" ILIKE $3 ORDER BY "date" DESC NULLS FIRST, "id" DESC LIMIT $4',
    );
    expect(sql.values).toEqual(["texas' OR 1=1", '2026-01-01', '%50\\%\\_off%', 10]);
    expect(countSql(q).text).toBe('SELECT count(*)::int AS n FROM "published"."holidays" WHERE "jurisdiction" = $1 AND "date" >= $2 AND "name" ILIKE $3');
  });

  it('continues after the cursor with nulls last ascending and first descending', () => {
    const asc = parseRowRequest(holidays, { filters: {}, sort: 'name' });
    const cursor = cursorAfter(asc, { name: 'New Year', id: 7 });
    const next = parseRowRequest(holidays, { filters: {}, sort: 'name', cursor });
    expect(rowsSql(next, next.after, 5)).toEqual({
      text: 'SELECT "id", "jurisdiction", "date", "name", "details" FROM "published"."holidays" WHERE ("name" > $1 OR ("name" = $1 AND "id" > $2) OR "name" IS NULL) ORDER BY "name" ASC NULLS LAST, "id" ASC LIMIT $3',
      values: ['New Year', 7, 5],
    });
    const fromNull = rowsSql(parseRowRequest(holidays, { filters: {}, sort: '-name', cursor: cursorAfter(parseRowRequest(holidays, { filters: {}, sort: '-name' }), { name: null, id: 3 }) }), { v: null, k: 3 }, 5);
    expect(fromNull.text).toContain('WHERE (("name" IS NULL AND "id" < $1) OR "name" IS NOT NULL)');
    const byKey = parseRowRequest(holidays, { filters: {} });
    expect(rowsSql(byKey, { v: 9, k: 9 }, 5).text).toContain('WHERE "id" > $1 ORDER BY "id" ASC NULLS LAST LIMIT $2');
  });

  it('refuses names outside the catalogue and values of the wrong type', () => {
    const bad = (request: Parameters<typeof parseRowRequest>[1]) => () => parseRowRequest(holidays, request);
    expect(bad({ filters: {}, columns: ['id', 'password'] })).toThrow(/Unknown column "password"/);
    expect(bad({ filters: { '"id"': '1' } })).toThrow(ValidationError);
    expect(bad({ filters: { 'id.gt': '1; DROP TABLE x' } })).toThrow(/not a valid bigint/);
    expect(bad({ filters: { date: '2026-13-45' } })).toThrow(/not a valid date/);
    expect(bad({ filters: { details: '{}' } })).toThrow(/cannot be filtered/);
    expect(bad({ filters: { 'id.contains': '1' } })).toThrow(/contains applies to text/);
    expect(bad({ filters: { 'name.null': 'maybe' } })).toThrow(/true or false/);
    expect(bad({ filters: {}, sort: 'details' })).toThrow(/cannot be sorted/);
    expect(bad({ filters: {}, sort: 'name', cursor: cursorAfter(parseRowRequest(holidays, { filters: {} }), { id: 1 }) })).toThrow(/another sort/);
  });

  it('reads column.eq as equality and a dotted name without an operator as a column name', () => {
    expect(rowsSql(parseRowRequest(holidays, { filters: { 'name.eq': 'x', 'name.null': 'true' } }), undefined, 1).text).toContain('WHERE "name" = $1 AND "name" IS NULL');
    expect(() => parseRowRequest(holidays, { filters: { 'name.like': 'x' } })).toThrow(/Unknown column "name.like"/);
  });
});
