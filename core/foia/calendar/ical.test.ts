import { describe, expect, it } from 'vitest';
import { buildCalendar, escapeText, foldLine, utcStamp } from './ical.js';

describe('iCalendar writing (RFC 5545)', () => {
  it('escapes TEXT values', () => {
    expect(escapeText('a, b; c\\d\nline')).toBe('a\\, b\\; c\\\\d\\nline');
  });

  it('folds lines at 75 octets, never inside a UTF-8 character, continuations starting with a space', () => {
    const line = `DESCRIPTION:${'é'.repeat(100)}`;
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(2);
    for (const [i, p] of physical.entries()) {
      expect(Buffer.byteLength(p, 'utf8')).toBeLessThanOrEqual(75);
      if (i > 0) expect(p.startsWith(' ')).toBe(true);
      expect(p).not.toContain('\uFFFD');
    }
    expect(physical.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
  });

  it('writes all-day events with CRLF line ends', () => {
    const ics = buildCalendar(
      { prodId: '-//Test//EN', name: 'Test', refreshMinutes: 60 },
      [{ uid: 'u1@test', date: '2025-12-31', summary: 'Due', description: 'Line one\nLine two', stamp: new Date('2025-12-01T10:00:00Z') }],
      new Date('2025-12-02T11:12:13.456Z'),
    );
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toContain('\n');
    expect(ics).toContain('\r\nDTSTART;VALUE=DATE:20251231\r\nDTEND;VALUE=DATE:20260101\r\n');
    expect(ics).toContain('DTSTAMP:20251202T111213Z');
    expect(ics).toContain('DESCRIPTION:Line one\\nLine two');
    expect(utcStamp(new Date('2025-01-02T03:04:05Z'))).toBe('20250102T030405Z');
  });
});
