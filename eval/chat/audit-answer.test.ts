import { describe, expect, it } from 'vitest';
import { auditClaims, statements } from './audit-answer.js';

describe('statements', () => {
  it('splits lead sentences after a marker or a word, not after an abbreviation, and keeps list lines whole', () => {
    expect(statements('In Texas, an agency has 10 business days [1]. It may extend [2].\n\n- Tex. Gov. Code § 552.221 applies [1].')).toEqual([
      'In Texas, an agency has 10 business days [1].',
      'It may extend [2].',
      'Tex. Gov. Code § 552.221 applies [1].',
    ]);
  });

  it('keeps a quoted passage of several sentences in one statement with its marker', () => {
    const answer = 'The law says (§ 7): "The custodian shall respond. The response shall state the basis." [1]';
    expect(statements(answer)).toEqual([answer]);
    expect(auditClaims(answer, ['§ 7']).unsupported).toEqual([]);
    // Outside the quotation, a sentence without a marker is still its own statement.
    expect(auditClaims(`${answer.replace(' [1]', '')} [1]. Agencies usually comply.`, ['§ 7']).unsupported).toEqual(['Agencies usually comply.']);
  });
});
