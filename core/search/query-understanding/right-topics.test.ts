import { describe, expect, it } from 'vitest';
import { rightCategoriesAsked } from './right-topics.js';

describe('rightCategoriesAsked', () => {
  it('reads the kind of right a question asks about from everyday words', () => {
    expect(rightCategoriesAsked('How many business days does the agency have to respond?')).toEqual(['timeliness']);
    expect(rightCategoriesAsked('Can they waive the copy fees?')).toEqual(['fees_and_waivers', 'copies']);
    expect(rightCategoriesAsked('Can I recover attorney fees if I win?')).toEqual(['attorney_fees']);
    expect(rightCategoriesAsked('How do I appeal a denial in court?')).toEqual(['appeal', 'judicial_review']);
    expect(rightCategoriesAsked('Do I have to be a resident to ask?')).toEqual(['no_residency_requirement']);
  });

  it('reads none from a question that names no kind of right', () => {
    expect(rightCategoriesAsked('Are police body camera videos public?')).toEqual([]);
  });
});
