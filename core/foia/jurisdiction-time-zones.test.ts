import { describe, expect, it } from 'vitest';
import { JURISDICTION_SLUGS } from '../calendar/holiday-rules.js';
import { jurisdictionTimeZone, timeZoneSlugs } from './jurisdiction-time-zones.js';

describe('jurisdictionTimeZone', () => {
  it('covers exactly the 52 jurisdictions, each with a zone Intl knows', () => {
    expect(timeZoneSlugs().sort()).toEqual([...JURISDICTION_SLUGS].sort());
    for (const slug of JURISDICTION_SLUGS) {
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: jurisdictionTimeZone(slug) })).not.toThrow();
    }
  });

  it('puts federal requests in Washington time and states in their capital’s zone', () => {
    expect(jurisdictionTimeZone('federal')).toBe('America/New_York');
    expect(jurisdictionTimeZone('texas')).toBe('America/Chicago');
    expect(jurisdictionTimeZone('arizona')).toBe('America/Phoenix');
    expect(jurisdictionTimeZone('idaho')).toBe('America/Boise');
  });
});
