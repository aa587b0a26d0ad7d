import { describe, expect, it } from 'vitest';
import { fileStem, outputKey } from './compilation-activities.js';

describe('output names', () => {
  it('makes a plain file name of any title', () => {
    expect(fileStem('Texas: deadlines & the Attorney General')).toBe('texas-deadlines-the-attorney-general');
    expect(fileStem('Écoles publiques — 2025')).toBe('ecoles-publiques-2025');
    expect(fileStem('§§ ¶ —')).toBe('packet');
    expect(fileStem('a'.repeat(200))).toHaveLength(80);
  });
  it('stores each format under the compilation', () => {
    expect(outputKey('c-1', 'My packet', 'markdown')).toBe('packets/c-1/my-packet.md');
    expect(outputKey('c-1', 'My packet', 'pdf')).toBe('packets/c-1/my-packet.pdf');
    expect(outputKey('c-1', 'My packet', 'html')).toBe('packets/c-1/my-packet.html');
  });
});
