import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseProcessMap } from './parse-process-map.js';

const RAW = [
  '# Exampleland Records Act - Process Map',
  '',
  '## VERIFICATION',
  '**VERIFICATION DATE**: February 2, 2025',
  '**Status: CURRENT**',
  '',
  '---',
  '',
  '## Response Timelines',
  '',
  '### Standard Timeline',
  '- **Initial Response**: 5 days',
  '',
  '### **Extensions**',
  '- 10 more days',
  '',
  '```',
  '# not a heading inside a fence',
  '```',
  '',
  '## Response Timelines',
  'Repeated heading.',
  '',
].join('\n');

describe('parseProcessMap', () => {
  const doc = parseProcessMap(RAW, { jurisdiction: 'exampleland', sourcePath: 'hole-tld/process-maps/exampleland-era.md' });

  it('describes the document', () => {
    expect(doc.kind).toBe('process_map');
    expect(doc.title).toBe('Exampleland Records Act - Process Map');
    expect(doc.retrievedDate).toBe('2025-02-02');
    expect(doc.header['status']).toBe('CURRENT');
    expect(doc.citation).toBeNull();
    expect(doc.contentHash).toBe(createHash('sha256').update(RAW, 'utf8').digest('hex'));
  });

  it('makes one section per heading with its trail in path', () => {
    expect(doc.sections.map((s) => [s.label, s.depth])).toEqual([
      ['process-map:1-exampleland-records-act-process-map', 0],
      ['process-map:2-verification', 1],
      ['process-map:3-response-timelines', 1],
      ['process-map:4-standard-timeline', 2],
      ['process-map:5-extensions', 2],
      ['process-map:6-response-timelines', 1],
    ]);
    const ext = doc.sections[4];
    expect(ext?.path).toEqual(['Exampleland Records Act - Process Map', 'Response Timelines', 'Extensions']);
    expect(ext?.parentLabel).toBe('process-map:3-response-timelines');
    expect(ext?.text).toContain('# not a heading inside a fence');
    expect(doc.sections[2]?.text).toContain('### Standard Timeline');
    expect(doc.sections[2]?.text).not.toContain('Repeated heading.');
  });

  it('keeps every section a verbatim span of the file', () => {
    for (const s of doc.sections) expect(RAW).toContain(s.text);
  });
});
