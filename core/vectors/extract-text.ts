import { splitWithOverlap } from '../search/indexing/split-with-overlap.js';

/** Media types an object may have to be indexed into a collection. */
export const INDEXABLE_TYPES = ['application/pdf', 'text/plain', 'text/markdown', 'text/html'] as const;

/** Raised for an object whose text cannot be read (not a PDF after all, an encrypted PDF): permanent. */
export class UnreadableDocumentError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UnreadableDocumentError';
  }
}

/** Characters of a text document per "page" (an item of the collection): a few chunks each. */
const TEXT_PAGE_CHARS = 3000;

export function isIndexableType(contentType: string): boolean {
  const media = contentType.split(';')[0]!.trim().toLowerCase();
  return (INDEXABLE_TYPES as readonly string[]).includes(media);
}

/**
 * The text of a document, page by page: a PDF's pages (text layer, through Mozilla's
 * pdfjs-dist), or a text, Markdown or HTML document cut at paragraph breaks into pages of
 * about 3,000 characters. Empty pages are kept (as ''), so page numbers stay the PDF's own.
 */
export async function extractPages(bytes: Uint8Array, contentType: string): Promise<string[]> {
  const media = contentType.split(';')[0]!.trim().toLowerCase();
  if (media === 'application/pdf') return pdfPages(bytes);
  const text = new TextDecoder('utf-8').decode(bytes);
  return textPages(media === 'text/html' ? htmlText(text) : text);
}

async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  let doc: Awaited<ReturnType<typeof pdfjs.getDocument>['promise']>;
  try {
    // pdfjs takes ownership of (detaches) the buffer it is given: hand it a copy.
    doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false, verbosity: 0 }).promise;
  } catch (err) {
    throw new UnreadableDocumentError(`The PDF cannot be read: ${(err as Error).message}`, { cause: err });
  }
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str;
        text += item.hasEOL ? '\n' : '';
      }
      pages.push(normalise(text));
      page.cleanup();
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

/** Paragraphs gathered into pages of about TEXT_PAGE_CHARS (a longer paragraph is cut with overlap). */
function textPages(text: string): string[] {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map(normalise)
    .filter((p) => p.length > 0)
    .flatMap((p) => splitWithOverlap(p, TEXT_PAGE_CHARS, 0));
  const pages: string[] = [];
  let current = '';
  for (const p of paragraphs) {
    if (current && current.length + 2 + p.length > TEXT_PAGE_CHARS) {
      pages.push(current);
      current = p;
    } else current = current ? `${current}\n\n${p}` : p;
  }
  if (current) pages.push(current);
  return pages;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** An HTML document's readable text: scripts, styles and tags gone, block ends as paragraph breaks, entities decoded. */
export function htmlText(html: string): string {
  return html
    .replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<\/(p|div|section|article|h[1-6]|li|tr|table|blockquote|pre)\s*>|<br\s*\/?>/gi, '\n\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : ' ';
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    });
}

/** Runs of spaces and single line breaks as one space; paragraph breaks kept. */
function normalise(text: string): string {
  return text
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/(?<!\n)\n(?!\n)/g, ' ')
    .trim();
}
