import { describe, it, expect } from 'vitest';
import { toJurisdictionSlug } from './jurisdiction-slug.js';

describe('toJurisdictionSlug', () => {
  it.each([
    ['ohio', 'ohio'],
    ['Ohio', 'ohio'],
    ['New York', 'new-york'],
    ['new_york', 'new-york'],
    ['new-york', 'new-york'],
    ['NY', 'new-york'],
    ['US', 'federal'],
    ['Federal', 'federal'],
    ['District of Columbia', 'district-of-columbia'],
    ['Washington, D.C.', 'district-of-columbia'],
    ['DC', 'district-of-columbia'],
    ['Commonwealth of Massachusetts', 'massachusetts'],
    ['  WEST VIRGINIA ', 'west-virginia'],
  ])('%s → %s', (input, slug) => {
    expect(toJurisdictionSlug(input)).toBe(slug);
  });

  it('returns null for anything else', () => {
    expect(toJurisdictionSlug('Puerto Rico')).toBeNull();
    expect(toJurisdictionSlug('')).toBeNull();
    expect(toJurisdictionSlug('Holiday Name')).toBeNull();
  });
});
