import { describe, expect, it } from 'vitest';
import type { ChatCitation } from '../chat-types.js';
import { aggregate, detail, emptyParts, fact } from './draft.js';
import { draftText, renderDraft, UNSUPPORTED_NOTE, withMarkers } from './render-draft.js';

const cite = (id: string): ChatCitation => ({ id, citation: `Cite ${id}`, jurisdiction: 'texas', quote: `quote of ${id}` });

describe('renderDraft', () => {
  it('numbers verified citations in reading order, once per record', () => {
    const parts = emptyParts();
    parts.lead.push(fact('First claim.', 'a'), fact('Second claim.', 'b', 'a'));
    parts.body.push(fact('Third claim.', 'c'));
    const verified = new Map([['a', cite('x')], ['b', cite('y')], ['c', cite('x')]]);
    const d = renderDraft(parts, verified);
    expect(d.lead.map((c) => c.text)).toEqual(['First claim [1].', 'Second claim [2][1].']);
    expect(d.body[0]!.text).toBe('Third claim [1].');
    expect(d.citations.map((c) => c.id)).toEqual(['x', 'y']);
  });

  it('flags a fact whose citations were removed, drops an unsupported detail, keeps aggregates as they are', () => {
    const parts = emptyParts();
    parts.lead.push(fact('A rule.', 'gone'), aggregate('3 of 52 jurisdictions.'));
    parts.body.push(detail('An extra detail.', 'gone'));
    const d = renderDraft(parts, new Map());
    expect(d.lead).toEqual([
      { text: `A rule (${UNSUPPORTED_NOTE}).`, role: 'fact', markers: [], supported: false },
      { text: '3 of 52 jurisdictions.', role: 'aggregate', markers: [], supported: true },
    ]);
    expect(d.body).toEqual([]);
  });

  it('renders a table with markers in the value column', () => {
    const parts = emptyParts();
    parts.table = { field: 'initial_deadline', label: 'Initial | deadline', rows: [
      { jurisdiction: 'texas', name: 'Texas', value: '10 business days', citation: "Tex. Gov't Code § 552", evidence: 'a' },
      { jurisdiction: 'ohio', name: 'Ohio', value: '1 business day', citation: null, evidence: null },
      { jurisdiction: 'utah', name: 'Utah', value: '10 business days', citation: null, evidence: 'missing' },
    ] };
    const d = renderDraft(parts, new Map([['a', cite('t')]]));
    expect(d.table).toBe(
      "| Jurisdiction | Initial \\| deadline | Citation |\n| --- | --- | --- |\n| Texas | 10 business days [1] | Tex. Gov't Code § 552 |\n| Ohio | 1 business day |  |\n| Utah | 10 business days (not supported) |  |",
    );
    expect(draftText(d)).toContain('| Texas |');
  });
});

describe('withMarkers', () => {
  it('goes before the final period, or after a closing quote', () => {
    expect(withMarkers('Days.', [1, 2])).toBe('Days [1][2].');
    expect(withMarkers('Title: "quote"', [3])).toBe('Title: "quote" [3]');
    expect(withMarkers('Nothing.', [])).toBe('Nothing.');
  });
});
