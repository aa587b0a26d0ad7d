import { describe, expect, it } from 'vitest';
import type { LawRecordText } from '../../transparency/transparency-views.js';
import { composeFromPassages } from './general-answer.js';

/* Invented records: a statute section that answers, a process-map heading, and an unrelated summary line. */
const record = (id: string, type: LawRecordText['type'], title: string, text: string, citation: string | null = null): LawRecordText => ({
  id, type, jurisdiction: 'freedonia', citation, title, text, category: null,
});
const STATUTE = record('sec:f:3(b)', 'statute_section', '3(b)', 'If the record is in storage, the custodian shall certify this in writing and set a date within one week when the record will be available.', 'Frd. Code § 3(b)');
const HEADING = record('pm:f:1', 'process_map', 'Map — Storage', '### Records in storage');
const SUMMARY = record('sum:f:1', 'summary', 'Summary — Fees', 'Fees are the actual cost of copies.');

describe('composeFromPassages', () => {
  it('answers with the statute sentence that holds the question, quoted and cited, before any summary', () => {
    const p = composeFromPassages('What happens if the record I want is in storage?', 'in Freedonia', [HEADING, SUMMARY, STATUTE]);
    expect(p.lead[0]).toMatchObject({ role: 'fact', evidence: ['passage:sec:f:3(b)'] });
    expect(p.lead[0]!.text).toBe('In Freedonia, the law says (Frd. Code § 3(b)): "If the record is in storage, the custodian shall certify this in writing and set a date within one week when the record will be available."');
    expect(p.body).toEqual([]);
  });

  it('says plainly when no passage holds the question', () => {
    const p = composeFromPassages('Can the agency demand my passport?', 'in Freedonia', [HEADING, SUMMARY]);
    expect(p.lead).toEqual([{ role: 'absence', text: 'The law database holds no passage that answers this question in Freedonia.', evidence: [] }]);
  });
});
