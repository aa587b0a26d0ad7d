import { describe, expect, it } from 'vitest';
import { labelledTurns, NATURAL_KINDS, pattern, readNaturalQuestions } from './natural-question-set.js';

const set = readNaturalQuestions();
const labels = set.questions.flatMap((q) => labelledTurns(q).map((l) => ({ id: q.id, kind: q.kind, ...l })));

describe('natural-questions.json', () => {
  it('has the schema shape and at least 130 items with unique ids', () => {
    expect(set.questions.length).toBeGreaterThanOrEqual(130);
    const ids = set.questions.map((q) => q.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('covers every kind roughly evenly', () => {
    for (const kind of NATURAL_KINDS) expect(set.questions.filter((q) => q.kind === kind).length, kind).toBeGreaterThanOrEqual(10);
  });

  it('compiles every pattern', () => {
    const bad = labels.flatMap((l) =>
      [...l.label.must, ...l.label.must_not].flatMap((p) => {
        try {
          pattern(p);
          return [];
        } catch {
          return [`${l.id}: ${p}`];
        }
      }),
    );
    expect(bad).toEqual([]);
  });

  it('expects unanswerable questions to say the sources do not say', () => {
    for (const q of set.questions.filter((x) => x.kind === 'unanswerable')) {
      expect(q.label.sections, q.id).toEqual([]);
      expect(pattern(q.label.must[0]!).test('The law database does not say.'), q.id).toBe(true);
    }
  });

  it('gives follow-ups more than one turn, asked in one conversation', () => {
    for (const q of set.questions.filter((x) => x.kind === 'follow_up')) expect(q.turns.length, q.id).toBeGreaterThanOrEqual(2);
  });

  it('keeps the statute-verified examples the evaluation was asked for', () => {
    const find = (id: string) => set.questions.find((q) => q.id === id)?.label;
    expect(find('fee-waiver-washington')?.sections).toContain('42.56.120(4)');
    expect(find('appeal-vermont-head')?.sections).toContain('318(c)(1)');
    expect(find('deadline-california-extension')?.source_kind).toBe('process_map');
    expect(find('exemption-missouri-closed-records')?.sections).toContain('610.021');
    expect(find('exemption-texas-police-records')?.sections).toContain('552.108(a)');
    expect(find('exemption-federal-personnel-medical')?.sections).toContain('552(b)(6)');
    expect(find('duty-texas-ask-ag')?.sections).toContain('552.301(b)');
    expect(find('follow-texas-ag-never-asked')?.sections).toContain('552.302');
  });

  it('accepts the statute wording its own label states for a sample of items', () => {
    const label = set.questions.find((q) => q.id === 'duty-texas-ask-ag')!.label;
    const answer = 'It must ask for the attorney general’s decision not later than the 10th business day after receiving the request [1].';
    expect(label.must.every((p) => pattern(p).test(answer))).toBe(true);
    expect(label.must_not.some((p) => pattern(p).test(answer))).toBe(false);
  });
});
