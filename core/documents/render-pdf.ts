/**
 * A research packet as a PDF legal memo (US Letter, PDFKit's standard Helvetica fonts, so no
 * font files are needed): a title page, contents with page numbers, each part from a new page,
 * tables whose header row repeats on every page they run onto, and a sources appendix; every
 * page but the title page carries "Page n of N".
 *
 * Pages are buffered so the contents and the footers can be written once the page numbers are
 * known: the contents pages are reserved (their height is measured first), the parts are laid
 * out after them, then the writer goes back to fill them in.
 *
 * The bytes depend on the packet alone: the document dates come from the packet's ingestion
 * time (or 2000-01-01), and PDFKit derives the file ID from the document info, so two renders
 * of one packet are identical.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import {
  citationHref,
  CONTENTS_TITLE,
  documentHref,
  failureNotice,
  FINGERPRINT_LABEL,
  jurisdictionWords,
  labelLeadIn,
  NO_CITATION_WORDS,
  NOT_IN_CORPUS_WORDS,
  partHeading,
  provenanceLine,
  quoteIntroduction,
  sourceKindWords,
  SOURCES_TITLE,
} from './citation-link.js';
import type { Packet, PacketBlock, PacketCitation, PacketPart, PacketSpan } from './packet.js';

type Doc = PDFKit.PDFDocument;

/** Renders the whole PDF into memory. */
export async function renderPdf(packet: Packet): Promise<Buffer> {
  const doc = layOutPacket(packet);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = once(doc, 'end');
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** Renders the PDF into `output` (a file or an upload stream), resolving once it has all been written. */
export async function renderPdfTo(packet: Packet, output: Writable): Promise<void> {
  const doc = layOutPacket(packet);
  const written = pipeline(doc, output);
  doc.end();
  await written;
}

// ---------------------------------------------------------------------------------------------
// WinAnsi text

/** Characters outside Latin-1 that WinAnsiEncoding has (Windows-1252's 0x80–0x9F). */
const WIN_ANSI_EXTRAS = new Set([
  0x0152, 0x0153, 0x0160, 0x0161, 0x0178, 0x017d, 0x017e, 0x0192, 0x02c6, 0x02dc, 0x2013, 0x2014, 0x2018, 0x2019, 0x201a, 0x201c,
  0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
]);

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  // The soft hyphen is in WinAnsi, but the standard fonts would print it as a visible hyphen mid-word.
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff && code !== 0xad) || WIN_ANSI_EXTRAS.has(code);
}

/** Common characters WinAnsi lacks, as the nearest text it has. */
const APPROXIMATIONS = new Map<string, string>([
  ['\u2010', '-'], // hyphen
  ['\u2011', '-'], // non-breaking hyphen
  ['\u2012', '-'], // figure dash
  ['\u2212', '-'], // minus sign
  ['\u2015', '\u2014'], // horizontal bar → em dash
  ['\u2264', '<='],
  ['\u2265', '>='],
  ['\u2260', '!='],
  ['\u2248', '~'],
  ['\u2192', '->'],
  ['\u2190', '<-'],
  ['\u2194', '<->'],
  ['\u21d2', '=>'],
  ['\u2032', "'"], // prime
  ['\u2033', '"'], // double prime
  ['\u201b', '\u2018'], // reversed single quotation mark
  ['\u201f', '\u201c'], // reversed double quotation mark
  ['\u2044', '/'], // fraction slash
  ['\u2215', '/'], // division slash
  ['\u2219', '\u2022'], // bullet operator
  ['\u25cf', '\u2022'], // black circle
  ['\u25aa', '\u2022'], // small black square
  ['\u2023', '\u2022'], // triangular bullet
  ['\u2043', '-'], // hyphen bullet
  ['\u2024', '.'], // one dot leader
  ['\u2028', '\n'], // line separator
  ['\u2029', '\n'], // paragraph separator
  ['\t', ' '],
  ['\n', '\n'],
]);

/**
 * Text the standard PDF fonts can show: they encode only WinAnsi (Latin-1 plus typographic
 * quotes, dashes, bullet, ellipsis, euro…). Characters WinAnsi has are kept; common others
 * become their nearest ASCII ("≤" → "<=", non-breaking hyphen → "-"); invisible ones
 * (zero-width spaces, joiners, direction marks, variation selectors) are dropped; other spaces
 * become a space and other dashes a hyphen; a compatibility form (ligature "ﬁ" → "fi") or the
 * base letter ("ő" → "o") is used when it is WinAnsi; anything else becomes "?". Line breaks
 * are kept as "\n" for PDFKit to break lines on.
 */
export function toWinAnsi(text: string): string {
  if (/^[\x20-\x7e\n]*$/.test(text)) return text;
  let out = '';
  for (const char of text.replace(/\r\n?/g, '\n').normalize('NFC')) out += winAnsiChar(char);
  return out;
}

function winAnsiChar(char: string): string {
  if (isWinAnsi(char)) return char;
  const approximation = APPROXIMATIONS.get(char);
  if (approximation !== undefined) return approximation;
  if (/[\p{Cc}\p{Cf}\p{M}]/u.test(char)) return '';
  if (/\p{Zs}/u.test(char)) return ' ';
  if (/\p{Pd}/u.test(char)) return '-';
  return winAnsiEquivalent(char.normalize('NFKC')) ?? winAnsiEquivalent(char.normalize('NFD').replace(/\p{M}/gu, '')) ?? '?';
}

/** `candidate` when it is different text made only of what WinAnsi has (directly or by approximation), else null. */
function winAnsiEquivalent(candidate: string): string | null {
  if (candidate === '') return null;
  let out = '';
  for (const char of candidate) {
    const mapped = isWinAnsi(char) ? char : APPROXIMATIONS.get(char);
    if (mapped === undefined) return null;
    out += mapped;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Page geometry and styles

/** US Letter, in points. */
const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 54;
/** The height between the top and bottom margins. */
const PAGE_BODY = PAGE_HEIGHT - 2 * MARGIN;
const BLOCK_GAP = 7;
const LINE_GAP = 2;
const TABLE_LINE_GAP = 1;
const CELL_PADDING = 4;
const BOX_PADDING = 8;
const INDENT = 18;

const COLOR = {
  text: '#111111',
  muted: '#555555',
  link: '#1a4f9c',
  rule: '#8c8c8c',
  headerFill: '#e6e6e6',
  noticeFill: '#fff8e1',
  noticeBorder: '#c9a227',
  failureFill: '#fdecea',
  failureBorder: '#b3261e',
};

interface TextStyle {
  font: 'Helvetica' | 'Helvetica-Bold' | 'Helvetica-Oblique' | 'Courier';
  size: number;
  color: string;
}

const STYLE = {
  body: { font: 'Helvetica', size: 10.5, color: COLOR.text },
  bold: { font: 'Helvetica-Bold', size: 10.5, color: COLOR.text },
  link: { font: 'Helvetica', size: 10.5, color: COLOR.link },
  quote: { font: 'Helvetica-Oblique', size: 10, color: COLOR.muted },
  muted: { font: 'Helvetica-Oblique', size: 10.5, color: COLOR.muted },
  small: { font: 'Helvetica', size: 9, color: COLOR.muted },
  smallLink: { font: 'Helvetica', size: 9, color: COLOR.link },
  kicker: { font: 'Helvetica-Bold', size: 10, color: COLOR.muted },
  title: { font: 'Helvetica-Bold', size: 24, color: COLOR.text },
  fingerprint: { font: 'Courier', size: 9, color: COLOR.text },
  partHeading: { font: 'Helvetica-Bold', size: 16, color: COLOR.text },
  heading: { font: 'Helvetica-Bold', size: 12.5, color: COLOR.text },
  contents: { font: 'Helvetica', size: 11, color: COLOR.text },
  caption: { font: 'Helvetica-Bold', size: 9.5, color: COLOR.text },
  cell: { font: 'Helvetica', size: 8.5, color: COLOR.text },
  cellHead: { font: 'Helvetica-Bold', size: 8.5, color: COLOR.text },
  cellCite: { font: 'Helvetica', size: 8, color: COLOR.link },
  cellCiteUnlinked: { font: 'Helvetica', size: 8, color: COLOR.muted },
  footer: { font: 'Helvetica', size: 8.5, color: COLOR.muted },
} satisfies Record<string, TextStyle>;

/** A run of text in one style, optionally a link; its text is already WinAnsi. */
interface Run {
  text: string;
  style: TextStyle;
  link: string | null;
}

function run(text: string, style: TextStyle, link: string | null = null): Run {
  return { text: toWinAnsi(text), style, link };
}

/** 2000-01-01 stands in for a packet whose ingestion time is unknown, so its dates are still fixed. */
const FALLBACK_DOCUMENT_DATE = Date.UTC(2000, 0, 1);

function documentDate(ingestedAt: string | null): Date {
  const time = ingestedAt === null ? Number.NaN : new Date(ingestedAt).getTime();
  return new Date(Number.isNaN(time) ? FALLBACK_DOCUMENT_DATE : time);
}

function layOutPacket(packet: Packet): Doc {
  const date = documentDate(packet.ingestion.ingested_at);
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    autoFirstPage: false,
    lang: 'en',
    displayTitle: true,
    info: { Title: packet.title, Creator: 'Sunlight', Producer: 'Sunlight (PDFKit)', CreationDate: date, ModDate: date },
  });
  new PacketPdfWriter(doc, packet).write();
  return doc;
}

// ---------------------------------------------------------------------------------------------
// The memo

/** A part, or the sources appendix: a section of the memo that starts on a new page and has a contents entry. */
interface Section {
  heading: string;
  /** The named destination its contents entry links to. */
  destination: string;
  writeBody: () => void;
}

interface ContentsPlacement {
  /** Which reserved contents page (0-based). */
  page: number;
  y: number;
  height: number;
}

class PacketPdfWriter {
  private readonly left: number;
  private readonly width: number;

  constructor(
    private readonly doc: Doc,
    private readonly packet: Packet,
  ) {
    this.left = MARGIN;
    this.width = PAGE_WIDTH - 2 * MARGIN;
  }

  write(): void {
    this.titlePage();

    const sections: Section[] = [
      ...this.packet.parts.map((part, i) => ({ heading: partHeading(part), destination: `part-${i + 1}`, writeBody: () => this.part(part) })),
      { heading: SOURCES_TITLE, destination: 'sources', writeBody: () => this.sources() },
    ];
    const placements = this.planContents(sections);
    const contentsPageCount = (placements.at(-1)?.page ?? 0) + 1;
    const firstContentsPage = this.pageCount();
    for (let i = 0; i < contentsPageCount; i++) {
      this.doc.addPage();
      if (i === 0) this.doc.outline.addItem(CONTENTS_TITLE);
    }

    const startPages = sections.map((section) => {
      const page = this.startSection(section);
      section.writeBody();
      return page;
    });

    this.contents(sections, startPages, placements, firstContentsPage);
    this.footers();
  }

  // -- pages and flowing text ------------------------------------------------------------------

  private pageCount(): number {
    return this.doc.bufferedPageRange().count;
  }

  private get maxY(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  private use(style: TextStyle): void {
    this.doc.font(style.font).fontSize(style.size).fillColor(style.color);
  }

  private lineHeight(style: TextStyle): number {
    this.use(style);
    return this.doc.currentLineHeight(true) + LINE_GAP;
  }

  /** Starts a new page unless `height` more points fit on this one. */
  private ensureSpace(height: number): void {
    if (this.doc.y + height > this.maxY) this.doc.addPage();
  }

  /**
   * Writes runs as one paragraph from the left margin (plus `indent`), each run in its style and
   * with its link; PDFKit wraps the lines and continues on a new page when one is full.
   */
  private flow(runs: Run[], indent = 0): void {
    const visible = runs.filter((r) => r.text !== '');
    visible.forEach((r, i) => {
      this.use(r.style);
      const options = { width: this.width - indent, lineGap: LINE_GAP, continued: i < visible.length - 1, link: r.link };
      if (i === 0) this.doc.text(r.text, this.left + indent, this.doc.y, options);
      else this.doc.text(r.text, options);
    });
  }

  private gap(points = BLOCK_GAP): void {
    this.doc.y += points;
  }

  // -- title page and contents ---------------------------------------------------------------

  private titlePage(): void {
    const doc = this.doc;
    doc.addPage();
    doc.y = 200;
    this.use(STYLE.kicker);
    doc.text('RESEARCH PACKET', this.left, doc.y, { width: this.width, characterSpacing: 1.5 });
    this.gap(10);
    this.flow([run(this.packet.title, STYLE.title)]);
    this.gap(14);
    doc.moveTo(this.left, doc.y).lineTo(this.left + this.width, doc.y).lineWidth(1).strokeColor(COLOR.rule).stroke();
    this.gap(14);
    this.flow([run(provenanceLine(this.packet.ingestion), STYLE.body)]);
    this.gap(10);
    this.flow([run(FINGERPRINT_LABEL, STYLE.small)]);
    this.gap(2);
    this.flow([run(this.packet.fingerprint, STYLE.fingerprint)]);
  }

  /** Where each contents entry goes on the reserved pages, measured before the pages exist. */
  private planContents(sections: Section[]): ContentsPlacement[] {
    const top = MARGIN + this.lineHeight(STYLE.partHeading) + BLOCK_GAP * 2;
    const bottom = PAGE_HEIGHT - MARGIN;
    this.use(STYLE.contents);
    let page = 0;
    let y = top;
    return sections.map((section) => {
      const height = this.doc.heightOfString(toWinAnsi(section.heading), { width: this.contentsTextWidth(), lineGap: LINE_GAP });
      if (y + height > bottom && y > MARGIN) {
        page += 1;
        y = MARGIN;
      }
      const placement = { page, y, height };
      y += height + 4;
      return placement;
    });
  }

  private contentsTextWidth(): number {
    return this.width - 40;
  }

  /** Fills the reserved contents pages in: each section's heading, linked to it, and the page it starts on. */
  private contents(sections: Section[], startPages: number[], placements: ContentsPlacement[], firstPage: number): void {
    const doc = this.doc;
    doc.switchToPage(firstPage);
    this.use(STYLE.partHeading);
    doc.text(CONTENTS_TITLE, this.left, MARGIN, { width: this.width });
    sections.forEach((section, i) => {
      const placement = placements[i];
      if (!placement) return;
      doc.switchToPage(firstPage + placement.page);
      this.use(STYLE.contents);
      // `height` keeps PDFKit from ever adding a page here: the entry was measured to fit.
      doc.text(toWinAnsi(section.heading), this.left, placement.y, {
        width: this.contentsTextWidth(),
        height: placement.height + 1,
        lineGap: LINE_GAP,
        goTo: section.destination,
      });
      const number = String(startPages[i] ?? '');
      doc.text(number, this.left + this.width - doc.widthOfString(number), placement.y, { lineBreak: false, goTo: section.destination });
    });
  }

  private footers(): void {
    const doc = this.doc;
    const total = this.pageCount();
    for (let i = 1; i < total; i++) {
      doc.switchToPage(i);
      this.use(STYLE.footer);
      const label = `Page ${i + 1} of ${total}`;
      const x = (doc.page.width - doc.widthOfString(label)) / 2;
      doc.text(label, x, doc.page.height - MARGIN + 20, { lineBreak: false });
    }
  }

  /** A new page headed with the section's heading, a named destination and an outline item for it; returns its page number. */
  private startSection(section: Section): number {
    const doc = this.doc;
    doc.addPage();
    doc.addNamedDestination(section.destination, 'XYZ', this.left, doc.y, null);
    doc.outline.addItem(section.heading);
    this.flow([run(section.heading, STYLE.partHeading)]);
    this.gap(BLOCK_GAP * 1.5);
    return this.pageCount();
  }

  // -- parts and blocks ------------------------------------------------------------------------

  private part(part: PacketPart): void {
    if (part.failure) this.box(failureNotice(part.failure.reason), STYLE.bold, COLOR.failureFill, COLOR.failureBorder);
    for (const block of part.blocks) this.block(block);
    if (!part.failure && part.blocks.length === 0) this.paragraph('Nothing was gathered for this part.');
  }

  private block(block: PacketBlock): void {
    switch (block.type) {
      case 'heading':
        this.ensureSpace(this.lineHeight(STYLE.heading) + 3 * this.lineHeight(STYLE.body));
        this.gap(4);
        this.flow([run(block.text, STYLE.heading)]);
        this.gap(3);
        return;
      case 'paragraph':
        return this.paragraph(block.text);
      case 'statement':
        return this.statement(block);
      case 'quote':
        this.ensureSpace(2 * this.lineHeight(STYLE.quote));
        this.quotation(() => {
          this.flow([run(block.text, STYLE.quote)], INDENT);
          this.gap(2);
          this.flow([run('— ', STYLE.body), ...this.citationRuns(block.citation, STYLE.body, STYLE.link)], INDENT);
        });
        this.gap();
        return;
      case 'table':
        return this.table(block);
      case 'list':
        return this.list(block.items);
      case 'notice':
        return this.box(`Note: ${block.text}`, STYLE.body, COLOR.noticeFill, COLOR.noticeBorder);
    }
  }

  /** Writes indented text and rules a bar down its left, as a block quote, on each page it reaches. */
  private quotation(write: () => void): void {
    const doc = this.doc;
    const firstPage = this.pageCount() - 1;
    const top = doc.y;
    write();
    const lastPage = this.pageCount() - 1;
    const bottom = doc.y;
    for (let page = firstPage; page <= lastPage; page++) {
      doc.switchToPage(page);
      const from = page === firstPage ? top : MARGIN;
      const to = page === lastPage ? bottom - LINE_GAP : this.maxY;
      const x = this.left + INDENT / 2 - 1;
      doc.moveTo(x, from).lineTo(x, to).lineWidth(1.5).strokeColor(COLOR.rule).stroke();
    }
    doc.y = bottom;
  }

  private paragraph(text: string): void {
    this.ensureSpace(this.lineHeight(STYLE.body));
    this.flow([run(text, STYLE.body)]);
    this.gap();
  }

  private statement(block: Extract<PacketBlock, { type: 'statement' }>): void {
    this.ensureSpace(2 * this.lineHeight(STYLE.body));
    this.flow([
      ...(block.label ? [run(`${labelLeadIn(block.label)} `, STYLE.bold)] : []),
      run(`${block.text} (`, STYLE.body),
      ...this.citationRuns(block.citation, STYLE.body, STYLE.link),
      run(')', STYLE.body),
    ]);
    if (block.quote) {
      const quote = block.quote;
      this.gap(3);
      this.quotation(() => this.flow([run(`${quoteIntroduction(block.citation)} “${quote}”`, STYLE.quote)], INDENT));
    }
    this.gap();
  }

  private list(items: PacketSpan[]): void {
    for (const item of items) {
      this.ensureSpace(this.lineHeight(STYLE.body));
      const y = this.doc.y;
      this.use(STYLE.body);
      this.doc.text('•', this.left + 6, y, { lineBreak: false });
      this.doc.y = y;
      this.flow(this.spanRuns(item, STYLE.body, STYLE.link), INDENT);
      this.gap(3);
    }
    this.gap(BLOCK_GAP - 3);
  }

  /** Text in a shaded, bordered box; text taller than a page is written unboxed so it can flow on. */
  private box(text: string, style: TextStyle, fill: string, border: string): void {
    const doc = this.doc;
    const body = run(text, style);
    this.use(style);
    const innerWidth = this.width - 2 * BOX_PADDING;
    const height = doc.heightOfString(body.text, { width: innerWidth, lineGap: LINE_GAP }) + 2 * BOX_PADDING;
    if (height > PAGE_BODY) return this.paragraph(text);
    this.ensureSpace(height);
    const top = doc.y;
    doc.rect(this.left, top, this.width, height).lineWidth(0.75).fillAndStroke(fill, border);
    this.use(style);
    doc.text(body.text, this.left + BOX_PADDING, top + BOX_PADDING, { width: innerWidth, height, lineGap: LINE_GAP });
    doc.y = top + height;
    this.gap();
  }

  private spanRuns(span: PacketSpan, style: TextStyle, linkStyle: TextStyle): Run[] {
    if (!span.citation) return [run(span.text, style)];
    return [run(`${span.text} (`, style), ...this.citationRuns(span.citation, style, linkStyle), run(')', style)];
  }

  /** "Tex. Gov't Code § 552.301" (linked when the corpus has it), then ", statute text"; or the no-citation words. */
  private citationRuns(citation: PacketCitation | null, style: TextStyle, linkStyle: TextStyle): Run[] {
    if (!citation) return [run(NO_CITATION_WORDS, STYLE.muted)];
    const href = citationHref(this.packet, citation);
    return [run(citation.text, href === null ? style : linkStyle, href), run(`, ${sourceKindWords(citation.source_kind)}`, style)];
  }

  private sources(): void {
    if (this.packet.sources.length === 0) return this.paragraph('This packet cites no sources.');
    this.packet.sources.forEach((source, i) => {
      this.ensureSpace(this.lineHeight(STYLE.bold) + this.lineHeight(STYLE.small));
      this.flow([run(`${i + 1}. `, STYLE.bold), run(source.citation, STYLE.bold)]);
      const href = documentHref(this.packet, source.document_id);
      const details = `${sourceKindWords(source.source_kind)}; ${jurisdictionWords(source.jurisdiction)}; `;
      this.flow([run(details, STYLE.small), href === null ? run(NOT_IN_CORPUS_WORDS, STYLE.small) : run(href, STYLE.smallLink, href)], INDENT);
      this.gap(5);
    });
  }

  // -- tables ----------------------------------------------------------------------------------

  /**
   * A ruled table: columns as wide as their content allows, the header row repeated at the top
   * of every page the table continues on, and rows kept whole (a row that does not fit starts a
   * new page; only a row taller than a whole page is split across pages).
   */
  private table(block: Extract<PacketBlock, { type: 'table' }>): void {
    const columnCount = block.rows.reduce((widest, row) => Math.max(widest, row.length), block.columns.length);
    if (columnCount === 0) return this.paragraph(block.caption ? `${block.caption}: this table is empty.` : 'This table is empty.');

    const header: Cell[] = Array.from({ length: columnCount }, (_, i) => [run(block.columns[i] ?? '', STYLE.cellHead)]);
    const rows: Cell[][] = block.rows.map((row) => Array.from({ length: columnCount }, (_, i) => this.cellRuns(row[i])));
    const table = new TableLayout(this.doc, columnWidths(this.doc, [header, ...rows], this.width), this.left);
    const headerHeight = table.rowHeight(header);
    // A header that would fill a third of every page is shown once, not repeated.
    const repeatHeader = headerHeight <= PAGE_BODY / 3;

    const caption = block.caption ? [run(block.caption, STYLE.caption)] : [];
    const captionHeight = caption.length > 0 ? this.lineHeight(STYLE.caption) + 3 : 0;
    const firstRow = rows[0];
    this.ensureSpace(captionHeight + headerHeight + (firstRow ? Math.min(table.rowHeight(firstRow), PAGE_BODY / 2) : 0));
    // Only a row that does not fit even on a page the table starts at the top of is ever split.
    let pageStartedWithTable = this.doc.y <= MARGIN + 0.5;
    if (caption.length > 0) {
      this.flow(caption);
      this.gap(3);
    }
    const drawHeader = (): void => {
      this.doc.y = table.drawRow(header, this.doc.y, headerHeight, COLOR.headerFill);
    };
    const continueOnNewPage = (): void => {
      this.doc.addPage();
      if (repeatHeader) drawHeader();
    };
    drawHeader();

    let rowsOnPage = 0;
    for (const row of rows) {
      let remaining = row;
      for (;;) {
        const height = table.rowHeight(remaining);
        if (this.doc.y + height <= this.maxY) {
          this.doc.y = table.drawRow(remaining, this.doc.y, height);
          rowsOnPage += 1;
          break;
        }
        if (rowsOnPage > 0 || !pageStartedWithTable) {
          continueOnNewPage();
          rowsOnPage = 0;
          pageStartedWithTable = true;
          continue;
        }
        // The row is taller than a whole page: split it at the foot of this one.
        const available = this.maxY - this.doc.y;
        const { head, tail } = table.splitRow(remaining, available);
        const progressed = head.some((cell) => cell.length > 0);
        // Without progress (no line of any cell fits) the row is drawn clipped rather than retried forever.
        this.doc.y = table.drawRow(progressed ? head : remaining, this.doc.y, available);
        if (!progressed || tail.every((cell) => cell.length === 0)) break;
        continueOnNewPage();
        rowsOnPage = 0;
        remaining = tail;
      }
    }
    this.doc.x = this.left;
    this.gap(BLOCK_GAP + 3);
  }

  /** A cell's text, then its citation on a line of its own (linked when the corpus has it). */
  private cellRuns(span: PacketSpan | undefined): Cell {
    if (!span) return [];
    const cell = [run(span.text, STYLE.cell)];
    if (span.citation) {
      const href = citationHref(this.packet, span.citation);
      const words = `${span.citation.text} (${sourceKindWords(span.citation.source_kind)})`;
      cell.push(run(words, href === null ? STYLE.cellCiteUnlinked : STYLE.cellCite, href));
    }
    return cell;
  }
}

// ---------------------------------------------------------------------------------------------
// Table layout

/** A table cell: runs stacked one under the other, each wrapped to the column width. */
type Cell = Run[];

/**
 * Column widths as a browser's automatic table layout sets them: each column's natural width
 * (its widest line unwrapped) and minimum width (its longest word, capped at an even share so a
 * long token cannot squeeze the others out); columns get their natural width when all fit, else
 * their minimum plus a share of the remaining width proportional to how much wider they would like to be.
 */
function columnWidths(doc: Doc, rows: Cell[][], total: number): number[] {
  const columnCount = rows[0]?.length ?? 0;
  const natural = new Array<number>(columnCount).fill(0);
  const minimum = new Array<number>(columnCount).fill(0);
  for (const row of rows) {
    row.forEach((cell, c) => {
      for (const piece of cell) {
        doc.font(piece.style.font).fontSize(piece.style.size);
        for (const line of piece.text.split('\n')) natural[c] = Math.max(natural[c] ?? 0, doc.widthOfString(line));
        for (const word of piece.text.split(/\s+/)) minimum[c] = Math.max(minimum[c] ?? 0, doc.widthOfString(word));
      }
    });
  }
  const padding = 2 * CELL_PADDING + 1;
  const fairShare = total / Math.max(columnCount, 1);
  const max = natural.map((w) => w + padding);
  const min = minimum.map((w, c) => Math.min(w + padding, fairShare, max[c] ?? fairShare));
  const sumMax = sum(max);
  if (sumMax <= total) return max.map((w) => w + ((total - sumMax) * w) / sumMax);
  const sumMin = sum(min);
  const spare = total - sumMin;
  return min.map((w, c) => w + (((max[c] ?? w) - w) * spare) / (sumMax - sumMin));
}

function sum(values: number[]): number {
  return values.reduce((total, v) => total + v, 0);
}

class TableLayout {
  private readonly columnX: number[];

  constructor(
    private readonly doc: Doc,
    private readonly widths: number[],
    left: number,
  ) {
    let x = left;
    this.columnX = widths.map((w) => {
      const start = x;
      x += w;
      return start;
    });
  }

  private innerWidth(column: number): number {
    return (this.widths[column] ?? 0) - 2 * CELL_PADDING;
  }

  private pieceHeight(piece: Run, width: number): number {
    this.doc.font(piece.style.font).fontSize(piece.style.size);
    return this.doc.heightOfString(piece.text, { width, lineGap: TABLE_LINE_GAP });
  }

  private cellHeight(cell: Cell, column: number): number {
    return sum(cell.map((piece) => this.pieceHeight(piece, this.innerWidth(column))));
  }

  /** The row's height: its tallest cell, padded, and at least one line. */
  rowHeight(row: Cell[]): number {
    this.doc.font(STYLE.cell.font).fontSize(STYLE.cell.size);
    const oneLine = this.doc.currentLineHeight(true) + TABLE_LINE_GAP;
    return Math.max(oneLine, ...row.map((cell, c) => this.cellHeight(cell, c))) + 2 * CELL_PADDING;
  }

  /** Draws the row's cells `height` points tall from `top`; returns the row's bottom. */
  drawRow(row: Cell[], top: number, height: number, fill?: string): number {
    const doc = this.doc;
    row.forEach((cell, c) => {
      const x = this.columnX[c] ?? 0;
      const width = this.widths[c] ?? 0;
      doc.rect(x, top, width, height).lineWidth(0.5);
      if (fill) doc.fillAndStroke(fill, COLOR.rule);
      else doc.strokeColor(COLOR.rule).stroke();
      let y = top + CELL_PADDING;
      for (const piece of cell) {
        if (piece.text === '') continue;
        doc.font(piece.style.font).fontSize(piece.style.size).fillColor(piece.style.color);
        // `height` bounds the text to the cell, so PDFKit never starts a page of its own here.
        doc.text(piece.text, x + CELL_PADDING, y, {
          width: this.innerWidth(c),
          height: Math.max(top + height - CELL_PADDING - y, 1),
          lineGap: TABLE_LINE_GAP,
          link: piece.link,
        });
        y = doc.y;
      }
    });
    return top + height;
  }

  /** Splits a row into what fits in `height` points and the rest, cell by cell, at word boundaries. */
  splitRow(row: Cell[], height: number): { head: Cell[]; tail: Cell[] } {
    const room = height - 2 * CELL_PADDING;
    const split = row.map((cell, c) => this.splitCell(cell, this.innerWidth(c), room));
    return { head: split.map((s) => s.head), tail: split.map((s) => s.tail) };
  }

  private splitCell(cell: Cell, width: number, room: number): { head: Cell; tail: Cell } {
    const head: Cell = [];
    const tail: Cell = [];
    let used = 0;
    for (const piece of cell) {
      if (tail.length > 0) {
        tail.push(piece);
        continue;
      }
      const height = this.pieceHeight(piece, width);
      if (used + height <= room) {
        head.push(piece);
        used += height;
        continue;
      }
      const [fits, rest] = this.splitText(piece, width, room - used);
      if (fits !== '') head.push({ ...piece, text: fits });
      tail.push({ ...piece, text: rest });
    }
    return { head, tail };
  }

  /** The longest run of whole words (or, for one enormous word, characters) of `piece` that fits in `room`, and the rest. */
  private splitText(piece: Run, width: number, room: number): [string, string] {
    const fitsIn = (text: string): boolean => this.pieceHeight({ ...piece, text }, width) <= room;
    const words = piece.text.split(/(?<=\s)/);
    let count = longestFittingPrefix(words, fitsIn);
    let tokens = words;
    if (count === 0) {
      tokens = Array.from(piece.text);
      count = longestFittingPrefix(tokens, fitsIn);
    }
    return [tokens.slice(0, count).join('').trimEnd(), tokens.slice(count).join('').trimStart()];
  }
}

/** How many leading tokens, joined, still satisfy `fits` (binary search: the height grows with the text). */
function longestFittingPrefix(tokens: string[], fits: (text: string) => boolean): number {
  let low = 0;
  let high = tokens.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(tokens.slice(0, middle).join(''))) low = middle;
    else high = middle - 1;
  }
  return low;
}
