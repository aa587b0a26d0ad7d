import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { partHeading } from './citation-link.js';
import type { Packet } from './packet.js';
import { renderPdf, renderPdfTo, toWinAnsi } from './render-pdf.js';
import { hostilePacket, SAMPLE_COMPARISON_COLUMNS, SAMPLE_FAILURE_REASON, SAMPLE_JURISDICTIONS, samplePacket } from './testing/sample-packet.js';

// These tests read the PDFs back with poppler-utils (pdfinfo, pdftotext), as a reader would.

let directory: string;

beforeAll(() => {
  for (const tool of ['pdfinfo', 'pdftotext']) {
    try {
      execFileSync(tool, ['-v'], { stdio: 'pipe' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new Error(`${tool} is missing: these tests need poppler-utils (apt-get install poppler-utils)`);
      }
    }
  }
  directory = mkdtempSync(join(tmpdir(), 'render-pdf-'));
});

afterAll(() => {
  if (directory) rmSync(directory, { recursive: true, force: true });
});

function writePdf(name: string, pdf: Buffer): string {
  const path = join(directory, name);
  writeFileSync(path, pdf);
  return path;
}

function pdfInfo(path: string): Record<string, string> {
  const output = execFileSync('pdfinfo', [path], { encoding: 'utf8' });
  const fields = output.split('\n').flatMap((line) => {
    const match = /^([^:]+):\s*(.*)$/.exec(line);
    return match ? [[match[1], match[2]]] : [];
  });
  return Object.fromEntries(fields);
}

/** The text of each page (pdftotext separates pages with form feeds). */
function pdfPages(path: string): string[] {
  const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
  return text.split('\f').slice(0, -1);
}

function squeeze(text: string): string {
  return text.replace(/\s+/g, ' ');
}

describe('renderPdf, read back with poppler', () => {
  let packet: Packet;
  let pdf: Buffer;
  let info: Record<string, string>;
  let pages: string[];

  beforeAll(async () => {
    packet = samplePacket();
    pdf = await renderPdf(packet);
    const path = writePdf('sample.pdf', pdf);
    info = pdfInfo(path);
    pages = pdfPages(path);
  });

  it('is a Letter-size PDF with its title and the fixed dates of its ingestion', () => {
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(Number(info.Pages)).toBeGreaterThanOrEqual(3);
    expect(pages).toHaveLength(Number(info.Pages));
    expect(info.Title).toBe(packet.title);
    expect(info['Page size']).toContain('612 x 792 pts (letter)');
    expect(info.CreationDate).toContain('May 30 14:03:00 2025');
  });

  it('has a title page with the provenance and fingerprint, and no page number', () => {
    const titlePage = squeeze(pages[0] ?? '');
    expect(titlePage).toContain(packet.title);
    expect(titlePage).toContain('Compiled from the Sunlight law database, ingestion version 42 of May 30, 2025.');
    expect(titlePage).toContain(`Fingerprint (SHA-256 of its inputs): ${packet.fingerprint}`);
    expect(titlePage).not.toContain('Page 1');
  });

  it('numbers every other page in its footer', () => {
    pages.slice(1).forEach((page, i) => expect(page).toContain(`Page ${i + 2} of ${pages.length}`));
  });

  it('lists the parts in the contents with the pages they start on', () => {
    const contents = pages[1] ?? '';
    expect(contents).toContain('Contents');
    for (const heading of [...packet.parts.map(partHeading), 'Sources']) {
      const line = contents.split('\n').find((l) => l.trim().startsWith(heading));
      const page = Number(/(\d+)\s*$/.exec(line ?? '')?.[1]);
      expect(page, heading).toBeGreaterThan(2);
      expect(squeeze(pages[page - 1] ?? '').trim().startsWith(heading), `${heading} on page ${page}`).toBe(true);
    }
  });

  it('prints each part, its statements with their citations, the failed part and every source', () => {
    const text = squeeze(pages.join(' '));
    for (const part of packet.parts) expect(text).toContain(partHeading(part));
    expect(text).toContain(
      "Officer for public information: Each governmental body in Texas names a records officer who answers requests. (Tex. Gov't Code § 552.201(a), statute text)",
    );
    expect(text).toContain('The statute says: “the chief administrator of the body serves as its records officer”');
    expect(text).toContain('Most agencies answer simple requests by e-mail. (no citation: not stated in the sources)');
    expect(text).toContain("— Tex. Gov't Code § 552.301(a), statute text");
    expect(text).toContain(squeeze(`This part could not be compiled: ${SAMPLE_FAILURE_REASON}`));
    const appendix = squeeze(pages.slice(pages.findIndex((p) => p.trim().startsWith('Sources'))).join(' '));
    packet.sources.forEach((source, i) => expect(appendix).toContain(`${i + 1}. ${source.citation}`));
    expect(appendix).toContain('search result; jurisdiction: oh; not in the corpus');
    expect(appendix).toContain('statute text; jurisdiction: tx; https://sunlight.example.org/api/v1/documents/tx-552-301-b');
  });

  it('links citations to their documents', () => {
    const raw = pdf.toString('latin1');
    expect(raw).toContain('/URI (https://sunlight.example.org/api/v1/documents/tx-552-201-a)');
    expect(raw).toContain('/URI (https://sunlight.example.org/api/v1/documents/wy-records-54-c)');
    expect(raw).not.toContain('/URI (https://sunlight.example.org/api/v1/documents/null)');
  });

  it('repeats the header row on every page the comparison table runs onto, and keeps rows whole', () => {
    const [header1, header2, header3] = SAMPLE_COMPARISON_COLUMNS;
    const rowPage = (name: string): number => pages.findIndex((p) => new RegExp(`^${name}\\s`, 'm').test(p));
    const first = rowPage('Alabama');
    const last = rowPage('Wyoming');
    expect(first).toBeGreaterThan(0);
    expect(last).toBeGreaterThan(first);
    for (const page of pages.slice(first, last + 1)) {
      expect(page).toMatch(new RegExp(`^${header1}\\s+${header2}\\s+${header3}\\s*$`, 'm'));
    }
    // A row's first line (jurisdiction, time to respond) and its citation line are on the same page.
    SAMPLE_JURISDICTIONS.forEach(([name, abbreviation], i) => {
      if (name.includes(' ') || name === 'Texas') return;
      const page = rowPage(name);
      expect(page, name).toBeGreaterThanOrEqual(first);
      expect(pages[page], name).toContain(`${abbreviation} Records Act § ${i + 3}(a)`);
    });
  });

  it('renders the same bytes every time, whatever the clock', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2031-02-03T04:05:06Z'));
      const again = await renderPdf(samplePacket());
      expect(again.equals(pdf)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('streams the same bytes into a writable', async () => {
    const path = join(directory, 'streamed.pdf');
    await renderPdfTo(packet, createWriteStream(path));
    expect(readFileSync(path).equals(pdf)).toBe(true);
  });
});

describe('renderPdf on difficult packets', () => {
  it('renders text the standard fonts cannot show, without throwing', async () => {
    const packet = hostilePacket('emoji 😀 CJK 日本語 ≤ ≥ non‑breaking zero\u200bwidth lone \ud800 <script>');
    const pages = pdfPages(writePdf('hostile.pdf', await renderPdf(packet)));
    const text = squeeze(pages.join(' '));
    expect(text).toContain('Paragraph emoji ? CJK ??? <= >= non-breaking zerowidth lone ? <script>');
    expect(text).toContain('Compiled from the Sunlight law database, ingestion version not recorded.');
  });

  it('splits a row taller than a page across pages, repeating the header, and loses no words', async () => {
    const words = Array.from({ length: 1200 }, (_, i) => `w${i}`).join(' ');
    const packet = samplePacket();
    packet.parts[1]?.blocks.push({
      type: 'table',
      columns: ['Giant', 'Small'],
      rows: [[{ text: 'before' }, { text: 'x' }], [{ text: words }, { text: 'y' }], [{ text: 'after' }, { text: 'z' }]],
    });
    const pages = pdfPages(writePdf('giant.pdf', await renderPdf(packet)));
    const giantPages = pages.filter((p) => /\bw\d+\b/.test(p));
    expect(giantPages.length).toBeGreaterThanOrEqual(2);
    for (const page of giantPages) expect(page).toMatch(/^Giant\s+Small\s*$/m);
    const printed = giantPages.join(' ').match(/\bw\d+\b/g) ?? [];
    expect(printed).toEqual(words.split(' '));
  });

  it('dates a packet without an ingestion time 2000-01-01', async () => {
    const packet = samplePacket();
    packet.ingestion = { version: 7, ingested_at: null };
    const info = pdfInfo(writePdf('undated.pdf', await renderPdf(packet)));
    expect(info.CreationDate).toContain('Jan  1 00:00:00 2000');
    expect(info.ModDate).toContain('Jan  1 00:00:00 2000');
  });
});

describe('toWinAnsi', () => {
  it('keeps what WinAnsi has', () => {
    const kept = 'Tex. Gov’t Code § 552.301 ¶ 2 “quoted” ‘single’ – — • … é ü ß € ™ Œ ½ ×';
    expect(toWinAnsi(kept)).toBe(kept);
    expect(toWinAnsi('plain ASCII\nsecond line')).toBe('plain ASCII\nsecond line');
  });

  it('approximates common characters it lacks and drops invisible ones', () => {
    expect(toWinAnsi('a ≤ b ≥ c ≠ d')).toBe('a <= b >= c != d');
    expect(toWinAnsi('non\u2011breaking \u2010 hyphen \u2212 minus \u2012 figure')).toBe('non-breaking - hyphen - minus - figure');
    expect(toWinAnsi('zero\u200bwidth\u200d joiner\ufeff \u200eltr soft\u00adhyphen')).toBe('zerowidth joiner ltr softhyphen');
    expect(toWinAnsi('em\u2003space thin\u2009space')).toBe('em space thin space');
    expect(toWinAnsi('ﬁle ﬂow ő ą')).toBe('file flow o a');
    expect(toWinAnsi('tab\there\r\nwindows\rmac')).toBe('tab here\nwindows\nmac');
    expect(toWinAnsi('e\u0301 composed')).toBe('é composed');
  });

  it('replaces anything else with "?"', () => {
    expect(toWinAnsi('emoji 😀')).toBe('emoji ?');
    expect(toWinAnsi('❤️')).toBe('?');
    expect(toWinAnsi('日本語')).toBe('???');
    expect(toWinAnsi('lone \ud800 surrogate')).toBe('lone ? surrogate');
    expect(toWinAnsi('Ελλάδα')).toBe('??????');
  });

  it('returns only WinAnsi characters for any code point', () => {
    const winAnsi = /^[\n\x20-\x7e\xa0-\xac\xae-\xff\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2013\u2014\u2018-\u201a\u201c-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20ac\u2122]*$/;
    let all = '';
    for (let code = 0; code < 0x3000; code++) all += String.fromCodePoint(code);
    for (const code of [0x1f600, 0x1f9d1, 0x20000, 0xe000, 0xfffd, 0xff21]) all += String.fromCodePoint(code);
    expect(toWinAnsi(all)).toMatch(winAnsi);
  });
});
