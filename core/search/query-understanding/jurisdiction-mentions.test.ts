import { describe, expect, it } from 'vitest';
import { buildMentionIndex, findMentions, readJurisdictions, type JurisdictionNaming } from './jurisdiction-mentions.js';

const NAMINGS: JurisdictionNaming[] = [
  { slug: 'federal', name: 'Federal', lawName: 'Freedom of Information Act' },
  { slug: 'texas', name: 'Texas', lawName: 'Texas Public Information Act' },
  { slug: 'washington', name: 'Washington', lawName: 'Washington Public Records Act' },
  { slug: 'california', name: 'California', lawName: 'California Public Records Act' },
  { slug: 'virginia', name: 'Virginia', lawName: 'Virginia Freedom of Information Act' },
  { slug: 'west-virginia', name: 'West Virginia', lawName: 'West Virginia Freedom of Information Act' },
  { slug: 'michigan', name: 'Michigan', lawName: 'Michigan Freedom of Information Act' },
  { slug: 'new-jersey', name: 'New Jersey', lawName: 'New Jersey Open Public Records Act (OPRA)' },
  { slug: 'new-york', name: 'New York', lawName: 'Freedom of Information Law' },
  { slug: 'district-of-columbia', name: 'District of Columbia', lawName: 'District of Columbia Freedom of Information Act' },
  { slug: 'utah', name: 'Utah', lawName: 'Government Records Access and Management Act (GRAMA)' },
  // Two invented jurisdictions whose law names share an acronym: it names neither.
  { slug: 'alpha', name: 'Alpha', lawName: 'Common Records Act' },
  { slug: 'beta', name: 'Beta', lawName: 'Civic Records Act' },
];
const index = buildMentionIndex(NAMINGS);
const read = (q: string) => readJurisdictions(q, index);

describe('readJurisdictions', () => {
  it('finds a jurisdiction name, with or without a possessive', () => {
    expect(read('How long does an agency have to respond in Texas?').jurisdictions).toEqual(['texas']);
    expect(read("Washington's PRA deadline for a first response")).toMatchObject({ jurisdictions: ['washington'], rest: 'PRA deadline for a first response' });
  });

  it('finds full law names and cuts them from the rest of the query', () => {
    expect(read('fees under the California Public Records Act')).toEqual({
      jurisdictions: ['california'],
      mentions: [{ slug: 'california', start: 15, end: 44, kind: 'law' }],
      rest: 'fees under the',
    });
  });

  it('prefers the longest name: West Virginia is not Virginia', () => {
    expect(read('West Virginia FOIA appeals').jurisdictions).toEqual(['west-virginia']);
    expect(read('Virginia FOIA appeals').jurisdictions).toEqual(['virginia']);
  });

  it('reads acronyms of law names only when no name is given, and only in capitals', () => {
    expect(read('FOIA exemption 6').jurisdictions).toEqual(['federal']);
    expect(read('federal FOIA fee waivers').jurisdictions).toEqual(['federal']);
    expect(read('Is payroll data public under GRAMA?').jurisdictions).toEqual(['utah']);
    expect(read('who pays attorney fees under OPRA').jurisdictions).toEqual(['new-jersey']);
    expect(read('FOIL appeals').jurisdictions).toEqual(['new-york']);
    expect(read('a foil of the request').jurisdictions).toEqual([]);
    expect(read("Michigan's FOIA: can I get my attorney fees back?").jurisdictions).toEqual(['michigan']);
  });

  it("gives a law name that follows another jurisdiction's name to that jurisdiction", () => {
    expect(read("Michigan's Freedom of Information Act deadline").jurisdictions).toEqual(['michigan']);
    expect(read('Texas and the Freedom of Information Act').jurisdictions).toEqual(['texas', 'federal']);
  });

  it('ignores acronyms two laws share, and queries that name nothing', () => {
    expect(findMentions('CRA deadlines', index)).toEqual([]);
    expect(read('Which states let requesters recover attorney fees?')).toMatchObject({ jurisdictions: [], rest: 'Which states let requesters recover attorney fees?' });
  });

  it('reads the initials of a name of several words, typed in capitals, plain or dotted', () => {
    expect(read('How long does DC police have to answer?').jurisdictions).toEqual(['district-of-columbia']);
    expect(read('D.C. FOIA time limit')).toMatchObject({ jurisdictions: ['district-of-columbia'], rest: 'FOIA time limit' });
    expect(read('DC FOIA appeals').jurisdictions).toEqual(['district-of-columbia']);
    expect(read('Are salaries public in Washington, D.C.?').jurisdictions).toEqual(['district-of-columbia']);
    expect(read('NY and NJ fees').jurisdictions).toEqual(['new-york', 'new-jersey']);
    expect(read('a dc motor').jurisdictions).toEqual([]);
  });

  it('finds several jurisdictions', () => {
    expect(read('Compare Texas and New Jersey response deadlines').jurisdictions).toEqual(['texas', 'new-jersey']);
  });

  it("reads a large city as its state when no state is named, typed with its capital, before a law's acronym", () => {
    expect(read('How fast must Houston police release arrest records?').jurisdictions).toEqual(['texas']);
    expect(read('Seattle FOIA request for emails').jurisdictions).toEqual(['washington']);
    expect(read('a houston of cards').jurisdictions).toEqual([]);
    // A named state wins: the city is where the asker is, not whose law is asked about.
    expect(read('I am a Houston reporter: how long does a Virginia agency have?').jurisdictions).toEqual(['virginia']);
  });

  it('reads a county by its full name, and a city\'s name before "County" as no state (several states have such a county)', () => {
    expect(read('Can the Wayne County sheriff keep the report secret?').jurisdictions).toEqual([]);
    expect(read('Houston County commissioners denied my request').jurisdictions).toEqual([]);
    expect(read('Travis County deputies denied my request').jurisdictions).toEqual(['texas']);
    expect(read('Seattle police denied my request').jurisdictions).toEqual(['washington']);
  });
});
