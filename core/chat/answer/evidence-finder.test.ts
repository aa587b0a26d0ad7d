import { describe, expect, it } from 'vitest';
import type { TransparencyService } from '../../transparency/transparency-service.js';
import type { LawRecordText } from '../../transparency/transparency-views.js';
import { createEvidenceFinder } from './evidence-finder.js';

/** A section whose text holds both a real deadline and an unrelated number (the Ohio failure). */
const section: LawRecordText = {
  id: 'freedonia:section:149(B)',
  type: 'statute_section',
  jurisdiction: 'freedonia',
  citation: 'Frd. Code § 149(B)',
  title: '149(B)',
  text: 'Records of the council become public 75 years after they are made and 1 copy is kept. All public records responsive to the request shall be promptly prepared and made available for inspection.',
  category: null,
};

function service(records: LawRecordText[]): TransparencyService {
  return {
    recordTexts: async (ids: readonly string[]) => records.filter((r) => ids.includes(r.id)),
    listRights: async () => ({ data: [], total: 0, next_cursor: null }),
    sectionsContaining: async () => [],
    getStatute: async () => {
      throw new Error('not used');
    },
  } as unknown as TransparencyService;
}

describe('evidence finder with reviewed facts', () => {
  it("cites a reviewed fact's own words when the stored section holds them", async () => {
    const finder = createEvidenceFinder(service([section]));
    const found = await finder.find([
      {
        key: 'deadline:freedonia',
        jurisdiction: 'freedonia',
        sectionIds: [section.id],
        terms: ['1', 'one'],
        context: ['day'],
        reviewed: { sectionId: section.id, citation: 'Frd. Code § 149(B)(1)', quote: 'shall be promptly prepared and made available for inspection' },
      },
    ]);
    // The record's own citation, which the citation verifier compares with the stored one.
    expect(found.get('deadline:freedonia')).toEqual({
      id: section.id,
      citation: 'Frd. Code § 149(B)',
      jurisdiction: 'freedonia',
      quote: 'shall be promptly prepared and made available for inspection',
    });
  });

  it('falls back to searching when the section no longer holds the reviewed words', async () => {
    const finder = createEvidenceFinder(service([section]));
    const found = await finder.find([
      {
        key: 'k',
        jurisdiction: 'freedonia',
        sectionIds: [section.id],
        terms: ['promptly'],
        reviewed: { sectionId: section.id, citation: 'Frd. Code § 149(B)', quote: 'within ten business days' },
      },
    ]);
    expect(found.get('k')?.quote).toMatch(/promptly prepared/);
    expect(found.get('k')?.quote).not.toMatch(/ten business days/);
  });
});
