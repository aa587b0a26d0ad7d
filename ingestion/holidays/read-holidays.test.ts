import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readCorpusHolidays } from './read-holidays.js';
import type { HolidayReadIssue } from './read-holidays.js';

let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'holidays-'));
  await mkdir(path.join(dir, 'set', 'holidays'), { recursive: true });
  await mkdir(path.join(dir, '.hidden'), { recursive: true });
  const put = (rel: string, body: string): Promise<void> => writeFile(path.join(dir, rel), body);
  await put('set/holidays/ohio-holidays-2031.json', JSON.stringify({
    jurisdiction: 'Ohio', year: 2031,
    holidays: [{ name: 'Calendar Day', statutory_date: '2031-03-01', observed_date: '2031-03-03' }],
  }));
  // The matrices also cover Ohio 2031 (ignored: the calendar file wins) and Texas 2031.
  await put('set/holidays/master-holiday-matrix-2031.csv', 'Holiday Name,OH,TX\nMatrix Day,03/01,05/05\n');
  await put('set/holidays/master-holiday-matrix.json', JSON.stringify({
    holiday_comparison: { 'Json Day': { texas: { '2031': '2031-06-06' }, ohio: { '2032': '2032-02-02' } } },
  }));
  await put('set/holidays/holiday-notes.json', JSON.stringify({ something: 'else' }));
  await put('set/holidays/broken-holidays.json', '{ not json');
  await put('.hidden/texas-holidays-2031.json', JSON.stringify({ jurisdiction: 'Texas', holidays: [] }));
  await put('set/unrelated.json', JSON.stringify({ holidays: [{ name: 'x', date: '2031-01-01' }] }));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('readCorpusHolidays', () => {
  it('merges sources per jurisdiction and year, most specific first', async () => {
    const issues: HolidayReadIssue[] = [];
    const map = await readCorpusHolidays(dir, { onIssue: (i) => issues.push(i) });
    expect([...map.keys()]).toEqual(['ohio', 'texas']);
    expect(map.get('ohio')).toEqual([
      { date: '2031-03-03', name: 'Calendar Day', sourcePath: 'set/holidays/ohio-holidays-2031.json' },
      { date: '2032-02-02', name: 'Json Day', sourcePath: 'set/holidays/master-holiday-matrix.json' },
    ]);
    // Texas 2031: the matrix JSON outranks the CSV.
    expect(map.get('texas')).toEqual([
      { date: '2031-06-06', name: 'Json Day', sourcePath: 'set/holidays/master-holiday-matrix.json' },
    ]);
    expect(issues.map((i) => i.sourcePath).sort()).toEqual([
      'set/holidays/broken-holidays.json',
      'set/holidays/holiday-notes.json',
    ]);
  });
});
