/**
 * A letter as a one-column PDF (US Letter, PDFKit's standard Helvetica, so no font files):
 * address blocks, a bold subject line, paragraphs with their bold lead-ins, and the records
 * sought indented. The bytes depend on the blocks and the date alone (PDFKit derives the file
 * ID from the document info), so the same letter always renders to the same file.
 */
import { once } from 'node:events';
import PDFDocument from 'pdfkit';
import { toWinAnsi } from '../../documents/render-pdf.js';
import type { LetterBlock } from './request-letter.js';

const MARGIN = 72;
const WIDTH = 612 - 2 * MARGIN;
const SIZE = 11;
const BLOCK_GAP = 10;
const QUOTE_INDENT = 28;

export interface LetterPdfOptions {
  /** The document title (its metadata, shown by viewers). */
  title: string;
  /** The letter's date: the document's creation date, which keeps the bytes fixed. */
  date: Date;
}

/** Renders the letter's blocks into a PDF. */
export async function renderLetterPdf(blocks: readonly LetterBlock[], options: LetterPdfOptions): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    lang: 'en',
    displayTitle: true,
    info: { Title: toWinAnsi(options.title), Creator: 'Sunlight', Producer: 'Sunlight (PDFKit)', CreationDate: options.date, ModDate: options.date },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = once(doc, 'end');
  blocks.forEach((block, i) => {
    if (i > 0) doc.moveDown(BLOCK_GAP / doc.currentLineHeight(true));
    writeBlock(doc, block);
  });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

function writeBlock(doc: PDFKit.PDFDocument, block: LetterBlock): void {
  switch (block.kind) {
    case 'lines':
      doc.font('Helvetica').fontSize(SIZE).text(toWinAnsi(block.lines.join('\n')), MARGIN, doc.y, { width: WIDTH });
      return;
    case 'subject':
      doc.font('Helvetica-Bold').fontSize(SIZE).text(toWinAnsi(block.text), MARGIN, doc.y, { width: WIDTH });
      return;
    case 'quote':
      doc.font('Helvetica').fontSize(SIZE).text(toWinAnsi(block.text), MARGIN + QUOTE_INDENT, doc.y, { width: WIDTH - QUOTE_INDENT });
      return;
    case 'paragraph': {
      const spans = block.spans.map((s) => (typeof s === 'string' ? { text: toWinAnsi(s), bold: false } : { text: toWinAnsi(s.strong), bold: true })).filter((s) => s.text !== '');
      spans.forEach((span, i) => {
        doc.font(span.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(SIZE);
        const options = { width: WIDTH, continued: i < spans.length - 1 };
        if (i === 0) doc.text(span.text, MARGIN, doc.y, options);
        else doc.text(span.text, options);
      });
      return;
    }
  }
}

/**
 * Blocks of a letter kept as plain text (a drafted follow-up or appeal, or a request letter
 * as sent): paragraphs split at blank lines; one indented by four spaces is the quoted
 * records; a single line starting "Re:" is the subject; several lines are an address block.
 */
export function textToLetterBlocks(text: string): LetterBlock[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((part) => part.replace(/^\n+|\s+$/g, ''))
    .filter((part) => part.trim() !== '')
    .map((part): LetterBlock => {
      const lines = part.split('\n');
      if (lines.every((l) => l.startsWith('    '))) return { kind: 'quote', text: lines.map((l) => l.slice(4)).join('\n') };
      if (lines.length === 1 && /^Re:\s/.test(part)) return { kind: 'subject', text: part };
      if (lines.length > 1) return { kind: 'lines', lines };
      return { kind: 'paragraph', spans: [part] };
    });
}
