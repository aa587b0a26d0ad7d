/**
 * A research packet as one standalone HTML page: the memo's title block, a contents `<nav>` with
 * in-page links, a section per part and the sources appendix, with a small inline style sheet
 * that also prints well (each part on a new page, table headers repeated, rows kept whole).
 * Every piece of packet text goes through `escapeHtml`; the output depends on the packet alone.
 */
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
import type { Packet, PacketBlock, PacketCitation, PacketPart, PacketSource, PacketSpan } from './packet.js';

const STYLE = `
body { font: 11pt/1.45 Georgia, "Times New Roman", serif; color: #111; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; }
h1 { font-size: 1.9rem; margin: 0 0 1rem; }
h2 { font-size: 1.35rem; margin: 2rem 0 .75rem; }
h3 { font-size: 1.1rem; margin: 1.5rem 0 .5rem; }
a { color: #1a4f9c; }
.title-block .fingerprint code { font-size: .85em; word-break: break-all; }
.contents ul { list-style: none; padding-left: 0; }
.cite, .kind { color: #444; }
blockquote { margin: .5rem 0 .75rem 1.25rem; padding-left: .75rem; border-left: 3px solid #bbb; }
.notice, .failure { margin: .75rem 0; padding: .5rem .75rem; border: 1px solid #c9a227; background: #fff8e1; }
.failure { border-color: #b3261e; background: #fdecea; }
table { border-collapse: collapse; width: 100%; margin: .75rem 0; font-size: 9.5pt; }
caption { text-align: left; font-weight: bold; padding-bottom: .35rem; }
th, td { border: 1px solid #999; padding: .25rem .4rem; text-align: left; vertical-align: top; }
thead th { background: #eee; }
thead { display: table-header-group; }
tr { break-inside: avoid; }
.sources li { margin-bottom: .35rem; }
@media print {
  body { max-width: none; margin: 0; padding: 0; }
  nav.contents, section.part, section.sources { break-before: page; }
  h2, h3 { break-after: avoid; }
}
`.trim();

export function renderHtml(packet: Packet): string {
  const parts = packet.parts.map((part, position) => ({ part, id: `part-${position + 1}` }));
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(packet.title)}</title>`,
    `<style>\n${STYLE}\n</style>`,
    '</head>',
    '<body>',
    titleBlockHtml(packet),
    contentsHtml(parts),
    '<main>',
    ...parts.map(({ part, id }) => partHtml(packet, part, id)),
    '</main>',
    sourcesHtml(packet),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** Escapes the five characters that could end text and start markup, in text and in attribute values alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c] ?? c);
}

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function titleBlockHtml(packet: Packet): string {
  return [
    '<header class="title-block">',
    `<h1>${escapeHtml(packet.title)}</h1>`,
    `<p class="provenance">${escapeHtml(provenanceLine(packet.ingestion))}</p>`,
    `<p class="fingerprint">${escapeHtml(FINGERPRINT_LABEL)} <code>${escapeHtml(packet.fingerprint)}</code></p>`,
    '</header>',
  ].join('\n');
}

function contentsHtml(parts: Array<{ part: PacketPart; id: string }>): string {
  const entries = [
    ...parts.map(({ part, id }) => `<li><a href="#${id}">${escapeHtml(partHeading(part))}</a></li>`),
    `<li><a href="#sources">${SOURCES_TITLE}</a></li>`,
  ];
  return ['<nav class="contents" aria-labelledby="contents">', `<h2 id="contents">${CONTENTS_TITLE}</h2>`, '<ul>', ...entries, '</ul>', '</nav>'].join('\n');
}

function partHtml(packet: Packet, part: PacketPart, id: string): string {
  const body = part.blocks.map((block) => blockHtml(packet, block));
  if (part.failure) body.unshift(`<aside class="failure" role="note"><p>${escapeHtml(failureNotice(part.failure.reason))}</p></aside>`);
  if (!part.failure && part.blocks.length === 0) body.push('<p>Nothing was gathered for this part.</p>');
  return [`<section class="part" id="${id}">`, `<h2>${escapeHtml(partHeading(part))}</h2>`, ...body, '</section>'].join('\n');
}

function blockHtml(packet: Packet, block: PacketBlock): string {
  switch (block.type) {
    case 'heading':
      return `<h3>${escapeHtml(block.text)}</h3>`;
    case 'paragraph':
      return paragraphsHtml(block.text);
    case 'statement':
      return statementHtml(packet, block);
    case 'quote':
      return [
        '<figure class="quote">',
        `<blockquote>${paragraphsHtml(block.text)}</blockquote>`,
        `<figcaption>— ${citationOrNoneHtml(packet, block.citation)}</figcaption>`,
        '</figure>',
      ].join('\n');
    case 'table':
      return tableHtml(packet, block);
    case 'list':
      return ['<ul>', ...block.items.map((item) => `<li>${spanHtml(packet, item)}</li>`), '</ul>'].join('\n');
    case 'notice':
      return `<aside class="notice" role="note"><p><strong>Note:</strong> ${multilineHtml(block.text)}</p></aside>`;
  }
}

function statementHtml(packet: Packet, block: Extract<PacketBlock, { type: 'statement' }>): string {
  const label = block.label ? `<strong>${escapeHtml(labelLeadIn(block.label))}</strong> ` : '';
  const statement = `<p>${label}${multilineHtml(block.text)} <span class="cite">(${citationOrNoneHtml(packet, block.citation)})</span></p>`;
  const quote = block.quote
    ? `\n<blockquote><p>${escapeHtml(quoteIntroduction(block.citation))} “${multilineHtml(block.quote)}”</p></blockquote>`
    : '';
  return `<div class="statement">\n${statement}${quote}\n</div>`;
}

function tableHtml(packet: Packet, block: Extract<PacketBlock, { type: 'table' }>): string {
  const width = block.rows.reduce((widest, row) => Math.max(widest, row.length), block.columns.length);
  const cells = (count: number, cell: (i: number) => string): string => Array.from({ length: count }, (_, i) => cell(i)).join('');
  return [
    '<table>',
    ...(block.caption ? [`<caption>${escapeHtml(block.caption)}</caption>`] : []),
    `<thead><tr>${cells(width, (i) => `<th scope="col">${escapeHtml(block.columns[i] ?? '')}</th>`)}</tr></thead>`,
    '<tbody>',
    ...block.rows.map((row) => {
      const rowCells = cells(width, (i) => {
        const span = row[i];
        return `<td>${span ? spanHtml(packet, span) : ''}</td>`;
      });
      return `<tr>${rowCells}</tr>`;
    }),
    '</tbody>',
    '</table>',
  ].join('\n');
}

function sourcesHtml(packet: Packet): string {
  const list =
    packet.sources.length === 0
      ? '<p>This packet cites no sources.</p>'
      : ['<ol class="sources">', ...packet.sources.map((source) => `<li>${sourceHtml(packet, source)}</li>`), '</ol>'].join('\n');
  return ['<section class="sources" id="sources">', `<h2>${SOURCES_TITLE}</h2>`, list, '</section>'].join('\n');
}

function sourceHtml(packet: Packet, source: PacketSource): string {
  const href = documentHref(packet, source.document_id);
  const where = href === null ? escapeHtml(NOT_IN_CORPUS_WORDS) : linkHtml(href, escapeHtml(href));
  const details = `${escapeHtml(sourceKindWords(source.source_kind))}; ${escapeHtml(jurisdictionWords(source.jurisdiction))}; ${where}`;
  return `<strong>${escapeHtml(source.citation)}</strong> — ${details}`;
}

function spanHtml(packet: Packet, span: PacketSpan): string {
  const text = multilineHtml(span.text);
  if (!span.citation) return text;
  return `${text} <span class="cite">(${citationHtml(packet, span.citation)})</span>`;
}

function citationOrNoneHtml(packet: Packet, citation: PacketCitation | null): string {
  return citation ? citationHtml(packet, citation) : escapeHtml(NO_CITATION_WORDS);
}

function citationHtml(packet: Packet, citation: PacketCitation): string {
  const href = citationHref(packet, citation);
  const text = escapeHtml(citation.text);
  return `${href === null ? text : linkHtml(href, text)}, <span class="kind">${escapeHtml(sourceKindWords(citation.source_kind))}</span>`;
}

function linkHtml(href: string, innerHtml: string): string {
  return `<a href="${escapeHtml(href)}">${innerHtml}</a>`;
}

/** Text whose blank lines separate paragraphs and whose single line breaks are kept. */
function paragraphsHtml(text: string): string {
  return text
    .split(/(?:\r\n?|\n)\s*(?:\r\n?|\n)/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p>${multilineHtml(paragraph)}</p>`)
    .join('\n');
}

function multilineHtml(text: string): string {
  return text
    .trim()
    .split(/\r\n?|\n/)
    .map(escapeHtml)
    .join('<br>\n');
}
