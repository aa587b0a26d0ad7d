import { describe, expect, it } from 'vitest';
import { displayFact } from './fact-display.js';
import type { LegalFact } from './legal-fact-schema.js';

const who = (residency_required: boolean | null, exceptions: string | null) =>
  ({ field: 'who_may_request', value: { residency_required, who: 'any person', exceptions }, citation: 'Frd. Code § 1', quote: 'any person', source_kind: 'statute_text', reviewed: '2026-11-24' }) as unknown as LegalFact;

describe('displayFact: who may request', () => {
  it('reads exceptions to an open right as who may not ask, and exceptions to a residency rule as who else may', () => {
    expect(displayFact(who(false, 'persons serving a sentence of imprisonment'))).toBe('No residency requirement: any person; except persons serving a sentence of imprisonment');
    expect(displayFact(who(true, 'representatives of newspapers'))).toBe('Residency required: any person; also open to representatives of newspapers');
    expect(displayFact(who(null, 'officers of the court'))).toBe('Whether residency is required is not stated: any person; exceptions: officers of the court');
    expect(displayFact(who(false, null))).toBe('No residency requirement: any person');
  });
});
