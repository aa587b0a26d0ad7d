import { describe, expect, it } from 'vitest';
import { findReferences, isStatuteNode, jurisdictionOfSection, locateNode, pieces, type Reference } from './statute-text.js';

const ref = (citation_text: string, label: string): Reference => ({ section_id: `sec:texas:${label}`, label, citation: `Tex. Gov't Code § ${label}`, citation_text });

describe('findReferences', () => {
  it('finds every occurrence, the longest citation first, never inside a longer number', () => {
    const text = 'Under Subsection (e)(1)(A) and Subsection (e), see Section 552.301; not Section 552.3015. Again Subsection\n(e).';
    const found = findReferences(text, [ref('Subsection (e)', '552.301(e)'), ref('Subsection (e)(1)(A)', '552.301(e)(1)(A)'), ref('Section 552.301', '552.301')]);
    expect(found.map((f) => [text.slice(f.start, f.end), f.ref.label])).toEqual([
      ['Subsection (e)(1)(A)', '552.301(e)(1)(A)'],
      ['Subsection (e)', '552.301(e)'],
      ['Section 552.301', '552.301'],
      ['Subsection\n(e)', '552.301(e)'],
    ]);
  });

  it('finds nothing without references', () => {
    expect(findReferences('Any text.', [])).toEqual([]);
  });
});

describe('locateNode', () => {
  const section = '(a)  A body shall act.\n(b)  A body shall act.\n(c)  Other words.';
  it('tells apart repeated words by the designator', () => {
    const at = locateNode(section, 'A body shall act.', 'b')!;
    expect(section.slice(at[0], at[1])).toBe('(b)  A body shall act.');
  });
  it('falls back to the words alone', () => {
    const at = locateNode(section, 'Other words.', 'z')!;
    expect(section.slice(at[0], at[1])).toBe('Other words.');
    expect(locateNode(section, 'missing', 'a')).toBeNull();
  });
});

describe('pieces', () => {
  it('cuts the text at links and at the mark, splitting a link that crosses it', () => {
    const text = 'See Section 552.301 now.';
    const links = findReferences(text, [ref('Section 552.301', '552.301')]);
    const runs = pieces(text, links, [0, 11]);
    expect(runs.map((r) => [r.text, r.marked, r.ref?.label ?? null])).toEqual([
      ['See ', true, null],
      ['Section', true, '552.301'],
      [' 552.301', false, '552.301'],
      [' now.', false, null],
    ]);
    expect(runs.map((r) => r.text).join('')).toBe(text);
  });
});

describe('ids', () => {
  it('reads the jurisdiction of a statute node id and tells statute nodes from summary passages', () => {
    expect(jurisdictionOfSection('sec:district-of-columbia:2-532(a)')).toBe('district-of-columbia');
    expect(jurisdictionOfSection('texas:exemption:0:x')).toBeUndefined();
    expect(isStatuteNode('sec:texas:552.221(d)', 'texas')).toBe(true);
    expect(isStatuteNode('sec:texas:process-map:20-phase-1', 'texas')).toBe(false);
    expect(isStatuteNode('sec:federal:552', 'texas')).toBe(false);
    expect(isStatuteNode(null, 'texas')).toBe(false);
  });
});
