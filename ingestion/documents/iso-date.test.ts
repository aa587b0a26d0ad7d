import { describe, expect, it } from 'vitest';
import { toIsoDate } from './iso-date.js';

describe('toIsoDate', () => {
  it('reads ISO and written-out dates', () => {
    expect(toIsoDate('2026-11-22')).toBe('2026-11-22');
    expect(toIsoDate('September 5, 2025')).toBe('2025-09-05');
    expect(toIsoDate('as of Sept. 30, 2024 (amended)')).toBe('2024-09-30');
  });

  it('returns null for no date or an impossible one', () => {
    expect(toIsoDate(null)).toBeNull();
    expect(toIsoDate('Current as of 2025')).toBeNull();
    expect(toIsoDate('February 30, 2025')).toBeNull();
    expect(toIsoDate('2025-13-01')).toBeNull();
  });
});
