import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatLetterText } from './format-letter.js';
import { renderLetterPdf, textToLetterBlocks } from './letter-pdf.js';
import type { LetterBlock } from './request-letter.js';

// The PDFs are read back with poppler-utils (pdfinfo, pdftotext), as an agency's reader would.

const dir = mkdtempSync(join(tmpdir(), 'letter-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function read(pdf: Buffer, name: string): { text: string; info: string } {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return { text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }), info: execFileSync('pdfinfo', [file], { encoding: 'utf8' }) };
}

const BLOCKS: LetterBlock[] = [
  { kind: 'lines', lines: ['November 7, 2025'] },
  { kind: 'lines', lines: ['Officer for Public Information', 'Records Office', '1 Main St'] },
  { kind: 'subject', text: 'Re: Texas Public Information Act request: Use-of-force reports' },
  { kind: 'paragraph', spans: ['Dear Officer for Public Information:'] },
  { kind: 'paragraph', spans: ["Under the Texas Public Information Act (Tex. Gov't Code ch. 552), I request copies of the following records:"] },
  { kind: 'quote', text: 'All use-of-force reports filed in 2024.\n- with their supervisor reviews' },
  { kind: 'paragraph', spans: [{ strong: 'Fee waiver.' }, ' I request a waiver of all fees, as provided by § 552.267 — “in the public interest”.'] },
  { kind: 'paragraph', spans: ['Sincerely,'] },
  { kind: 'lines', lines: ['Ada Reporter', 'ada@example.org'] },
];
const DATE = new Date('2025-11-07T12:00:00Z');

describe('renderLetterPdf', () => {
  it('writes every block, in order, with the citations and typographic characters intact', async () => {
    const { text, info } = read(await renderLetterPdf(BLOCKS, { title: 'Use-of-force reports', date: DATE }), 'letter');
    const flat = text.replace(/\s+/g, ' ');
    const order = ['November 7, 2025', 'Officer for Public Information', 'Re: Texas Public Information Act request', "Tex. Gov't Code ch. 552", 'All use-of-force reports filed in 2024.', 'Fee waiver.', '§ 552.267 — “in the public interest”', 'Ada Reporter'];
    const positions = order.map((s) => flat.indexOf(s));
    expect(positions.every((p) => p >= 0), `missing: ${order.filter((_, i) => positions[i]! < 0).join(' | ')}`).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(info).toMatch(/Title:\s+Use-of-force reports/);
    expect(info).toMatch(/Pages:\s+1/);
  });

  it('is deterministic: the same letter and date give the same bytes', async () => {
    const a = await renderLetterPdf(BLOCKS, { title: 'T', date: DATE });
    const b = await renderLetterPdf(BLOCKS, { title: 'T', date: DATE });
    expect(a.equals(b)).toBe(true);
    expect((await renderLetterPdf(BLOCKS, { title: 'T', date: new Date('2025-11-08T12:00:00Z') })).equals(a)).toBe(false);
  });

  it('runs a long letter onto further pages', async () => {
    const long: LetterBlock[] = Array.from({ length: 80 }, (_, i) => ({ kind: 'paragraph', spans: [`Paragraph ${i + 1} of a long appeal, arguing each withheld record in turn.`] }));
    const { text, info } = read(await renderLetterPdf(long, { title: 'Long', date: DATE }), 'long');
    expect(info).toMatch(/Pages:\s+[2-9]/);
    expect(text).toContain('Paragraph 80 of a long appeal');
  });

  it('shows characters the standard fonts lack as their nearest equivalents, never failing', async () => {
    const { text } = read(await renderLetterPdf([{ kind: 'paragraph', spans: ['Records ≥ 2020 → all; 漢字 name'] }], { title: 'x', date: DATE }), 'winansi');
    expect(text).toContain('Records >= 2020 -> all; ?? name');
  });
});

describe('textToLetterBlocks', () => {
  it('reads a letter kept as text back into blocks that format to the same text', () => {
    const text = formatLetterText(BLOCKS);
    const blocks = textToLetterBlocks(text);
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'lines', 'subject', 'paragraph', 'paragraph', 'quote', 'paragraph', 'paragraph', 'lines']);
    expect(formatLetterText(blocks)).toBe(text);
  });
});
