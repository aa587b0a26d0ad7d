import { describe, expect, it } from 'vitest';
import { chunkJurisdiction } from './chunk-jurisdiction.js';
import type { JurisdictionRecords } from './law-records.js';

/** Invented records: one right and one exemption, no statute. */
const records: JurisdictionRecords = {
  jurisdiction: 'testland',
  name: 'Testland',
  sections: [],
  rights: [
    {
      id: 'testland:inspection:any-person',
      category: 'inspection',
      title: 'Any person may inspect records',
      citation: 'T.C. § 1',
      statutoryText: 'Any person may inspect public records during office hours.',
      conditions: 'The request names the records.',
      analysis: 'Invented analysis: no reason for the request is needed.',
    },
  ],
  exemptions: [
    {
      id: 'testland:exemption:0:personal_privacy',
      category: 'personal_privacy',
      categoryLabel: 'Personal privacy',
      rawLabel: 'Medical records',
      citation: 'T.C. § 2(a)',
      description: 'Invented: medical records of identifiable people.',
      scope: null,
      notes: 'Invented note.',
    },
  ],
};

describe('chunkJurisdiction', () => {
  it('makes rights and exemptions chunks of their own, with category and context', () => {
    const chunks = chunkJurisdiction(records);
    expect(chunks.map((c) => [c.id, c.type, c.category])).toEqual([
      ['testland:inspection:any-person#0', 'right', 'inspection'],
      ['testland:exemption:0:personal_privacy#0', 'exemption', 'personal_privacy'],
    ]);
    expect(chunks[0]!.text).toBe(
      'Testland — right: Any person may inspect records (T.C. § 1)\n' +
        'Any person may inspect public records during office hours. Conditions: The request names the records. Invented analysis: no reason for the request is needed.',
    );
    expect(chunks[1]!.headingPath).toEqual(['Exemptions', 'Personal privacy', 'Medical records']);
    expect(chunks[1]!.text).toBe('Testland — exemption: Medical records (Personal privacy, T.C. § 2(a))\nInvented: medical records of identifiable people. Notes: Invented note.');
  });

  it('changes a chunk’s hash when its category changes, even with the same text', () => {
    const before = chunkJurisdiction(records)[0]!;
    const after = chunkJurisdiction({ ...records, rights: [{ ...records.rights[0]!, category: 'copies' }] })[0]!;
    expect(after.id).toBe(before.id);
    expect(after.contentHash).not.toBe(before.contentHash);
  });
});
