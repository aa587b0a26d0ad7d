import { afterEach, describe, expect, it, vi } from 'vitest';
import { citationHref, failureNotice, fingerprintLine, NO_CITATION_WORDS, partHeading } from './citation-link.js';
import type { Packet } from './packet.js';
import { renderMarkdown } from './render-markdown.js';
import { hostilePacket, packetCitations, SAMPLE_FAILURE_REASON, samplePacket, withKeysReversed } from './testing/sample-packet.js';

/** The lines of the section under the level-2 heading `heading`, up to the next level-2 heading. */
function section(markdown: string, heading: string): string[] {
  const lines = markdown.split('\n');
  const start = lines.indexOf(`## ${heading}`);
  expect(start, `section "${heading}"`).toBeGreaterThanOrEqual(0);
  const end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  return lines.slice(start + 1, end === -1 ? undefined : end);
}

describe('renderMarkdown', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renders the same packet to the same string, whatever the clock or the order of its keys', () => {
    const packet = samplePacket();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-02T03:04:05Z'));
    const first = renderMarkdown(packet);
    vi.setSystemTime(new Date('2041-06-07T08:09:10Z'));
    expect(renderMarkdown(samplePacket())).toBe(first);
    expect(renderMarkdown(withKeysReversed(packet))).toBe(first);
    expect(first).not.toMatch(/2030|2041/);
  });

  it('is normalised: \\n line endings, no trailing spaces, no runs of blank lines, one final newline', () => {
    const packet = samplePacket();
    packet.parts[0]?.blocks.push({ type: 'paragraph', text: 'Line one.  \r\nLine two.\r\n\r\n\r\n\r\nAfter blank lines.   ' });
    const markdown = renderMarkdown(packet);
    expect(markdown).not.toContain('\r');
    expect(markdown).not.toMatch(/[ \t]$/m);
    expect(markdown).not.toContain('\n\n\n');
    expect(markdown.endsWith('\n')).toBe(true);
    expect(markdown.endsWith('\n\n')).toBe(false);
    expect(markdown).toContain('Line one.\nLine two.\n\nAfter blank lines.');
  });

  it('opens with the title, the database version and the fingerprint, and lists the parts as contents', () => {
    const packet = samplePacket();
    const markdown = renderMarkdown(packet);
    expect(markdown.startsWith(`# ${packet.title}\n\nCompiled from the Sunlight law database, ingestion version 42 of May 30, 2025.\n`)).toBe(true);
    expect(markdown).toContain(fingerprintLine(packet.fingerprint));
    const contents = section(markdown, 'Contents').filter((line) => line !== '');
    expect(contents).toEqual([
      '- [1. Texas: profile](#1-texas-profile)',
      '- [2. Response deadlines compared](#2-response-deadlines-compared)',
      "- [3. Tex. Gov't Code § 552.301: asking for a decision](#3-tex-govt-code--552301-asking-for-a-decision)",
      '- [4. Ohio: profile](#4-ohio-profile)',
      '- [5. Search results: “attorney general decision deadline”](#5-search-results-attorney-general-decision-deadline)',
      '- [Sources](#sources)',
    ]);
    for (const part of packet.parts) expect(markdown).toContain(`\n## ${partHeading(part)}\n`);
  });

  it('says when the ingestion version or date is unknown', () => {
    const packet = samplePacket();
    packet.ingestion = { version: null, ingested_at: null };
    expect(renderMarkdown(packet)).toContain('Compiled from the Sunlight law database, ingestion version not recorded.');
  });

  it('cites every statement, linking each citation the corpus holds to its document', () => {
    const packet = samplePacket();
    const markdown = renderMarkdown(packet);
    const citations = packetCitations(packet);
    expect(citations.length).toBeGreaterThan(100);
    for (const citation of citations) {
      expect(markdown).toContain(citation.text);
      const href = citationHref(packet, citation);
      if (href !== null) expect(markdown).toContain(`[${citation.text}](${href})`);
    }
    expect(markdown).toContain(
      '**Officer for public information:** Each governmental body in Texas names a records officer who answers requests. ' +
        "([Tex. Gov't Code § 552.201(a)](https://sunlight.example.org/api/v1/documents/tx-552-201-a), statute text)",
    );
    expect(markdown).toContain('> The statute says: “the chief administrator of the body serves as its records officer”');
    expect(markdown).toContain(`Most agencies answer simple requests by e-mail. (${NO_CITATION_WORDS})`);
    expect(markdown).toContain('**Fees.** Charges follow the attorney general\'s cost rules. (1 Tex. Admin. Code § 70.3, citation only)');
  });

  it('shows a part that could not be compiled, with the reason', () => {
    const markdown = renderMarkdown(samplePacket());
    expect(section(markdown, '4. Ohio: profile')).toContain(`> ${failureNotice(SAMPLE_FAILURE_REASON)}`);
  });

  it('renders each table as a pipe table with one line per row and escaped cells', () => {
    const packet = samplePacket();
    const lines = section(renderMarkdown(packet), '2. Response deadlines compared');
    const tableLines = lines.filter((line) => line.startsWith('|'));
    expect(tableLines).toHaveLength(2 + 52);
    expect(tableLines[0]).toBe('| Jurisdiction | Time to respond | Appeal |');
    expect(tableLines[1]).toBe('| --- | --- | --- |');
    // Every line has the same number of unescaped pipes: no cell broke out of its column.
    for (const line of tableLines) expect(line.match(/(?<!\\)\|/g)).toHaveLength(4);
    expect(tableLines).toContain(
      '| Arkansas | 20 days \\| 30 days with notice ([Ark. Records Act § 6(a)](https://sunlight.example.org/api/v1/documents/ar-records-6-a), statute text) | Head of the agency |',
    );
    expect(tableLines.find((line) => line.startsWith('| California |'))).toContain('3 business days<br>after the request is received');
  });

  it('ends with the sources appendix: every source, its kind, jurisdiction and link', () => {
    const packet = samplePacket();
    const appendix = section(renderMarkdown(packet), 'Sources').filter((line) => line !== '');
    expect(appendix).toHaveLength(packet.sources.length);
    expect(appendix).toContain(
      "- Tex. Gov't Code § 552.301(b) — statute text; jurisdiction: tx; [https://sunlight.example.org/api/v1/documents/tx-552-301-b](https://sunlight.example.org/api/v1/documents/tx-552-301-b)",
    );
    expect(appendix).toContain('- Ohio Rev. Code § 149.43(C) — search result; jurisdiction: oh; not in the corpus');
  });

  it('escapes packet text that Markdown would read as structure', () => {
    const packet: Packet = {
      ...hostilePacket('# [link](x) *em* _em_ `code` <b>|</b> ~~s~~ &amp;'),
      fingerprint: 'abc',
    };
    packet.parts[0]?.blocks.push(
      { type: 'paragraph', text: '# not a heading\n- not a list\n1. not a list either\n    not code\n> not a quote' },
      { type: 'list', items: [{ text: '2) not nested' }, { text: 'snake_case_name stays readable' }] },
    );
    const markdown = renderMarkdown(packet);
    const escaped = '\\# \\[link\\](x) \\*em\\* \\_em\\_ \\`code\\` \\<b\\>\\|\\</b\\> \\~\\~s\\~\\~ \\&amp;';
    expect(markdown.startsWith(`# Title ${escaped}\n`)).toBe(true);
    expect(markdown).toContain(`### Heading ${escaped}\n`);
    expect(markdown).toContain(`| Cell ${escaped} ([Cite ${escaped}](<https://sunlight.example.org/api/v1/documents/`);
    expect(markdown).toContain('\\# not a heading\n\\- not a list\n1\\. not a list either\nnot code\n\\> not a quote');
    expect(markdown).toContain('- 2\\) not nested\n- snake_case_name stays readable');
    // The document id is percent-encoded, so the link cannot end early.
    expect(markdown).toContain('/api/v1/documents/id%20%23%20%5Blink%5D');
    expect(markdown).not.toMatch(/(?<!\\)<b>/);
  });

  it('does not throw on text that is not well-formed Unicode', () => {
    expect(renderMarkdown(hostilePacket('broken \ud800 surrogate'))).toContain('/api/v1/documents/id%20broken%20%EF%BF%BD%20surrogate');
  });

  it('numbers repeated heading anchors as GitHub does, so the contents still reach the appendix', () => {
    const packet = samplePacket();
    packet.parts[0]?.blocks.push({ type: 'heading', text: 'Sources' });
    const markdown = renderMarkdown(packet);
    expect(markdown).toContain('\n### Sources\n');
    expect(markdown).toContain('- [Sources](#sources-1)');
  });
});
