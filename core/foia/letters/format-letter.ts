/** Plain-text and Markdown forms of a request letter. */
import type { LetterBlock, LetterSpan } from './request-letter.js';

/** Escapes what Markdown would otherwise read as markup, so user text stays text. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_{}[\]<>#|~]/g, (c) => `\\${c}`)
    .replace(/^(\s*)([-+=])(\s)/gm, '$1\\$2$3')
    .replace(/^(\s*\d+)([.)])(\s)/gm, '$1\\$2$3');
}

function spansText(spans: LetterSpan[]): string {
  return spans.map((s) => (typeof s === 'string' ? s : s.strong)).join('');
}

function spansMarkdown(spans: LetterSpan[]): string {
  return spans.map((s) => (typeof s === 'string' ? escapeMarkdown(s) : `**${escapeMarkdown(s.strong)}**`)).join('');
}

/** Blocks separated by blank lines; the description indented by four spaces. */
export function formatLetterText(blocks: LetterBlock[]): string {
  const parts = blocks.map((b) => {
    switch (b.kind) {
      case 'lines':
        return b.lines.join('\n');
      case 'subject':
        return b.text;
      case 'paragraph':
        return spansText(b.spans);
      case 'quote':
        return b.text
          .split(/\r?\n/)
          .map((l) => (l ? `    ${l}` : ''))
          .join('\n');
    }
  });
  return `${parts.join('\n\n')}\n`;
}

/** Markdown: hard line breaks inside address blocks, a bold subject, the description as a block quote. */
export function formatLetterMarkdown(blocks: LetterBlock[]): string {
  const parts = blocks.map((b) => {
    switch (b.kind) {
      case 'lines':
        return b.lines.map(escapeMarkdown).join('  \n');
      case 'subject':
        return `**${escapeMarkdown(b.text)}**`;
      case 'paragraph':
        return spansMarkdown(b.spans);
      case 'quote':
        return b.text
          .split(/\r?\n/)
          .map((l) => (l ? `> ${escapeMarkdown(l)}` : '>'))
          .join('\n');
    }
  });
  return `${parts.join('\n\n')}\n`;
}
