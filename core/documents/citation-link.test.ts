import { describe, expect, it } from 'vitest';
import { citationHref, sourceKindWords } from './citation-link.js';

describe('citation links and source kinds', () => {
  it('links a citation to its document under the packet’s base, or not at all', () => {
    expect(citationHref({ link_base: 'https://sunlight.example' }, { text: '§ 1', document_id: 'texas:exemption:2', source_kind: 'dataset' })).toBe('https://sunlight.example/api/v1/documents/texas%3Aexemption%3A2');
    expect(citationHref({ link_base: '' }, { text: '§ 1', document_id: null, source_kind: 'citation_only' })).toBeNull();
  });
  it('names the law database’s record kinds in words', () => {
    expect(sourceKindWords('statute_text')).toBe('statute text');
    expect(sourceKindWords('structured')).toBe('dataset');
    expect(sourceKindWords('process_map')).toBe('summary');
    expect(sourceKindWords('citation_only')).toBe('citation only');
  });
});
