/**
 * A research packet as Markdown (CommonMark with GitHub pipe tables): a legal memo with a title
 * block, contents, one section per part and a sources appendix. The output is a function of the
 * packet alone, normalised (`\n` line endings, no trailing spaces, one final newline), so the
 * same packet always gives the same bytes. Packet text is escaped wherever Markdown would read it
 * as structure, so a title or a quote can never become a heading, a list, a link or a table cell.
 */
import {
  citationHref,
  CONTENTS_TITLE,
  documentHref,
  failureNotice,
  fingerprintLine,
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

export function renderMarkdown(packet: Packet): string {
  const anchors = new HeadingAnchors();
  anchors.add(packet.title);
  anchors.add(CONTENTS_TITLE);
  const parts = packet.parts.map((part) => {
    const heading = partHeading(part);
    return { heading, anchor: anchors.add(heading), markdown: partMarkdown(packet, part, heading, anchors) };
  });
  const sourcesAnchor = anchors.add(SOURCES_TITLE);

  const contents = [
    ...parts.map((p) => `- [${escapeInline(p.heading)}](#${p.anchor})`),
    `- [${SOURCES_TITLE}](#${sourcesAnchor})`,
  ].join('\n');

  return normalise(
    [
      `# ${escapeInline(packet.title)}`,
      escapeText(provenanceLine(packet.ingestion)),
      escapeText(fingerprintLine(packet.fingerprint)),
      `## ${CONTENTS_TITLE}`,
      contents,
      ...parts.map((p) => p.markdown),
      `## ${SOURCES_TITLE}`,
      sourcesMarkdown(packet),
    ].join('\n\n'),
  );
}

function partMarkdown(packet: Packet, part: PacketPart, heading: string, anchors: HeadingAnchors): string {
  const chunks = [`## ${escapeInline(heading)}`];
  if (part.failure) chunks.push(blockquote(escapeText(failureNotice(part.failure.reason))));
  for (const block of part.blocks) chunks.push(blockMarkdown(packet, block, anchors));
  if (!part.failure && part.blocks.length === 0) chunks.push('Nothing was gathered for this part.');
  return chunks.join('\n\n');
}

function blockMarkdown(packet: Packet, block: PacketBlock, anchors: HeadingAnchors): string {
  switch (block.type) {
    case 'heading':
      anchors.add(block.text);
      return `### ${escapeInline(block.text)}`;
    case 'paragraph':
      return escapeText(block.text);
    case 'statement':
      return statementMarkdown(packet, block);
    case 'quote':
      return blockquote(`${escapeText(block.text)}\n\n— ${citationOrNone(packet, block.citation)}`);
    case 'table':
      return tableMarkdown(packet, block);
    case 'list':
      return block.items.map((item) => `- ${escapeLeading(spanMarkdown(packet, item))}`).join('\n');
    case 'notice':
      return blockquote(`**Note:** ${escapeText(block.text)}`);
  }
}

function statementMarkdown(packet: Packet, block: Extract<PacketBlock, { type: 'statement' }>): string {
  const text = `${escapeInline(block.text)} (${citationOrNone(packet, block.citation)})`;
  const line = block.label ? `**${escapeInline(labelLeadIn(block.label))}** ${text}` : escapeLeading(text);
  if (!block.quote) return line;
  return `${line}\n\n${blockquote(escapeText(`${quoteIntroduction(block.citation)} “${block.quote}”`))}`;
}

/** A pipe table; rows shorter than the widest row get empty cells, so every row has as many cells as the header. */
function tableMarkdown(packet: Packet, block: Extract<PacketBlock, { type: 'table' }>): string {
  const width = block.rows.reduce((widest, row) => Math.max(widest, row.length), block.columns.length);
  const caption = block.caption ? `**${escapeInline(block.caption)}**\n\n` : '';
  if (width === 0) return `${caption}This table is empty.`;
  const line = (cells: string[]): string => `| ${Array.from({ length: width }, (_, i) => cells[i] ?? '').join(' | ')} |`;
  return (
    caption +
    [
      line(block.columns.map(tableCellText)),
      line(Array.from({ length: width }, () => '---')),
      ...block.rows.map((row) => line(row.map((span) => spanMarkdown(packet, span, tableCellText)))),
    ].join('\n')
  );
}

function sourcesMarkdown(packet: Packet): string {
  if (packet.sources.length === 0) return 'This packet cites no sources.';
  return packet.sources.map((source) => `- ${sourceMarkdown(packet, source)}`).join('\n');
}

function sourceMarkdown(packet: Packet, source: PacketSource): string {
  const href = documentHref(packet, source.document_id);
  const where = href === null ? NOT_IN_CORPUS_WORDS : `[${escapeInline(href)}](${markdownDestination(href)})`;
  return `${escapeInline(source.citation)} — ${escapeInline(sourceKindWords(source.source_kind))}; ${escapeInline(jurisdictionWords(source.jurisdiction))}; ${where}`;
}

function spanMarkdown(packet: Packet, span: PacketSpan, escape: (text: string) => string = escapeInline): string {
  const text = escape(span.text);
  if (!span.citation) return text;
  return `${text} (${citationMarkdown(packet, span.citation)})`;
}

function citationOrNone(packet: Packet, citation: PacketCitation | null): string {
  return citation ? citationMarkdown(packet, citation) : NO_CITATION_WORDS;
}

/** "[Tex. Gov't Code § 552.301](…/api/v1/documents/…), statute text"; unlinked when the corpus lacks the document. */
function citationMarkdown(packet: Packet, citation: PacketCitation): string {
  const href = citationHref(packet, citation);
  const text = escapeInline(citation.text);
  const cite = href === null ? text : `[${text}](${markdownDestination(href)})`;
  return `${cite}, ${escapeInline(sourceKindWords(citation.source_kind))}`;
}

function blockquote(markdown: string): string {
  return markdown
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}

// ---------------------------------------------------------------------------------------------
// Escaping and normalising

/**
 * Backslash-escapes what Markdown reads as inline markup: code, emphasis (`*` always; `_` only
 * where it could open or close emphasis, so `snake_case` stays readable), links, raw HTML, table
 * pipes, strikethrough, heading marks and entity references.
 */
function escapeMarkup(text: string): string {
  return text
    .replace(/[\\`*[\]<>|~#]/g, (c) => `\\${c}`)
    .replace(/(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu, '\\_')
    .replace(/&(?=#?[a-z0-9]+;)/gi, '\\&');
}

/** Escapes what would open a block at the start of a line: a list item, an ordered item or a setext underline. */
function escapeLeading(line: string): string {
  return line.replace(/^([-+=])/, '\\$1').replace(/^(\d+)([.)])(?=\s|$)/, '$1\\$2');
}

/** One line of packet text: whitespace (newlines included) collapsed, markup escaped. */
function escapeInline(text: string): string {
  return escapeMarkup(text.replace(/\s+/g, ' ').trim());
}

/** Packet text that may run over several lines or paragraphs: each line trimmed (four spaces would start code) and escaped. */
function escapeText(text: string): string {
  return text
    .split(/\r\n?|\n/)
    .map((line) => escapeLeading(escapeMarkup(line.trim())))
    .join('\n');
}

/** A table cell: one line, with the cell's own line breaks kept as `<br>`. */
function tableCellText(text: string): string {
  return text
    .split(/\r\n?|\n/)
    .map(escapeInline)
    .filter((line) => line !== '')
    .join('<br>');
}

/** A link destination; one with spaces, parentheses or angle brackets goes in `<…>` so it cannot end the link early. */
function markdownDestination(href: string): string {
  return /[\s()<>]/.test(href) ? `<${href.replace(/[\s<>]/g, (c) => encodeURIComponent(c))}>` : href;
}

/** `\n` line endings, no trailing spaces, at most one blank line in a row, exactly one final newline. */
function normalise(markdown: string): string {
  return `${markdown
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}

/**
 * Heading anchors as GitHub computes them (lower case, punctuation dropped, spaces to hyphens,
 * `-1`, `-2`… for repeats), registered in document order so repeats number the same way.
 */
class HeadingAnchors {
  private readonly occurrences = new Map<string, number>();

  add(heading: string): string {
    const base = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    let anchor = base;
    while (this.occurrences.has(anchor)) {
      const count = (this.occurrences.get(base) ?? 0) + 1;
      this.occurrences.set(base, count);
      anchor = `${base}-${count}`;
    }
    this.occurrences.set(anchor, 0);
    return anchor;
  }
}
