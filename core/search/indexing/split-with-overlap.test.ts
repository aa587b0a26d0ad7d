import { describe, expect, it } from 'vitest';
import { splitWithOverlap } from './split-with-overlap.js';

const sentence = (i: number) => `Sentence number ${i} says the agency shall do thing ${i} promptly.`;
const long = Array.from({ length: 40 }, (_, i) => sentence(i)).join(' ');

describe('splitWithOverlap', () => {
  it('leaves a short text whole', () => {
    expect(splitWithOverlap('A short provision.', 100, 20)).toEqual(['A short provision.']);
  });

  it('cuts at sentence boundaries into windows no longer than the limit', () => {
    const windows = splitWithOverlap(long, 300, 80);
    expect(windows.length).toBeGreaterThan(8);
    for (const w of windows) {
      expect(w.length).toBeLessThanOrEqual(300);
      expect(w).toMatch(/^Sentence number \d+/);
      expect(w).toMatch(/promptly\.$/);
    }
  });

  it('repeats the end of each window at the start of the next, and loses nothing', () => {
    const windows = splitWithOverlap(long, 300, 80);
    for (let i = 1; i < windows.length; i++) {
      const firstSentence = windows[i]!.match(/^.*?promptly\./)![0];
      expect(windows[i - 1]).toContain(firstSentence);
    }
    for (let i = 0; i < 40; i++) expect(windows.some((w) => w.includes(sentence(i)))).toBe(true);
  });

  it('cuts a run-on sentence at spaces, and a giant token anywhere', () => {
    const runOn = Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ');
    const windows = splitWithOverlap(runOn, 200, 50);
    for (const w of windows) expect(w.length).toBeLessThanOrEqual(200);
    expect(windows.join(' ')).toContain('word199');
    const token = 'x'.repeat(1000);
    expect(splitWithOverlap(token, 300, 60).every((w) => w.length <= 300)).toBe(true);
  });

  it('is deterministic', () => {
    expect(splitWithOverlap(long, 250, 60)).toEqual(splitWithOverlap(long, 250, 60));
  });
});
