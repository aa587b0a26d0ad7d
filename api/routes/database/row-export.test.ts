import { describe, expect, it } from 'vitest';
import { csvField, csvLine } from './row-export.js';

describe('CSV (RFC 4180)', () => {
  it('quotes fields with commas, quotes and line breaks; JSON for objects; empty for null', () => {
    expect(csvLine(['plain', 'a,b', 'say "hi"', 'two\nlines', null, 3, true, { a: [1] }])).toBe('plain,"a,b","say ""hi""","two\nlines",,3,true,"{""a"":[1]}"\r\n');
    expect(csvField(undefined)).toBe('');
  });
});
