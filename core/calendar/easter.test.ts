import { describe, it, expect } from 'vitest';
import { easterSunday } from './easter.js';

describe('easterSunday', () => {
  it.each([
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2024, '2024-03-31'],
    [2019, '2019-04-21'],
    [2000, '2000-04-23'],
    [2038, '2038-04-25'], // latest possible date
    [2285, '2285-03-22'], // earliest possible date
  ])('%i → %s', (year, date) => {
    expect(easterSunday(year)).toBe(date);
  });
});
