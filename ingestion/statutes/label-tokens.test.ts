import { describe, expect, it } from 'vitest';
import { isSuccessor, readToken, romanValue, successorKey, toRoman } from './label-tokens.js';

describe('roman numerals', () => {
  it('reads canonical numerals up to 39 and rejects the rest', () => {
    expect(romanValue('i')).toBe(1);
    expect(romanValue('iv')).toBe(4);
    expect(romanValue('xiv')).toBe(14);
    expect(romanValue('xxxix')).toBe(39);
    expect(romanValue('iiii')).toBeNull();
    expect(romanValue('vx')).toBeNull();
    expect(romanValue('c')).toBeNull();
    expect(toRoman(19)).toBe('xix');
  });
});

describe('readToken', () => {
  it('lists every reading of an ambiguous designator', () => {
    const kinds = (key: string): string[] => readToken(key, 'paren')?.readings.map((r) => r.kind) ?? [];
    expect(kinds('i')).toEqual(['lower', 'lroman']);
    expect(kinds('ii')).toEqual(['lower', 'ldouble', 'lroman']);
    expect(kinds('I')).toEqual(['upper', 'uroman']);
    expect(kinds('b')).toEqual(['lower']);
    expect(kinds('12')).toEqual(['num']);
  });

  it('reads inserted designators as following their base', () => {
    expect(readToken('a1', 'paren')?.readings[0]).toEqual({ kind: 'lower', major: 1, minor: 1 });
    expect(readToken('a-1', 'paren')?.readings[0]).toEqual({ kind: 'lower', major: 1, minor: 1 });
    expect(readToken('2A', 'paren')?.readings[0]).toEqual({ kind: 'num', major: 2, minor: 1 });
  });

  it('rejects words', () => {
    expect(readToken('ACT', 'dot')).toBeNull();
    expect(readToken('No', 'dot')).toBeNull();
    expect(readToken('1978', 'paren')).toBeNull();
  });
});

describe('order within a scheme', () => {
  it('knows successors, inserted ones included', () => {
    const r = (key: string) => readToken(key, 'paren')!.readings[0]!;
    expect(isSuccessor(r('a'), r('b'))).toBe(true);
    expect(isSuccessor(r('a'), r('a1'))).toBe(true);
    expect(isSuccessor(r('a1'), r('b'))).toBe(true);
    expect(isSuccessor(r('a'), r('c'))).toBe(false);
    expect(successorKey({ kind: 'lower', major: 26, minor: 0 })).toBe('aa');
    expect(successorKey({ kind: 'lower', major: 52, minor: 0 })).toBe('aaa');
    expect(successorKey({ kind: 'uroman', major: 3, minor: 0 })).toBe('IV');
  });
});
