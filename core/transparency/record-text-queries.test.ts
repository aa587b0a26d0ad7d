import { describe, expect, it } from 'vitest';
import { leadInOf } from './record-text-queries.js';

describe('leadInOf', () => {
  it("returns the last sentence of a parent's own words when they introduce a list", () => {
    const parent = 'Definitions apply. 2. “Criminal information” does not include:\n\na. Arrestee description.\n\nb. Radio log.';
    expect(leadInOf(parent, 'Arrestee description.')).toBe('“Criminal information” does not include:');
    expect(leadInOf('The following records are exempt from disclosure:\n(1) Personnel files;', 'Personnel files;')).toBe('The following records are exempt from disclosure:');
  });

  it('keeps abbreviations inside the sentence and returns null where no list is introduced', () => {
    expect(leadInOf('As defined in G.S. 130A-389, the following are public:\n(a) The report.', 'The report.')).toBe('As defined in G.S. 130A-389, the following are public:');
    expect(leadInOf('A custodian shall respond. (a) Within five days.', 'Within five days.')).toBeNull();
    expect(leadInOf('Text without the child.', 'Something else')).toBeNull();
  });

  it('reads a sentence ending in a full stop as a lead-in when it names "the following"', () => {
    const parent = 'Unless otherwise prohibited by law, the following information shall be public records within the meaning of G.S. 132-1.\n\n(1) The time and date.';
    expect(leadInOf(parent, 'The time and date.')).toBe('Unless otherwise prohibited by law, the following information shall be public records within the meaning of G.S. 132-1.');
  });
});
