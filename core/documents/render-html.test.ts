import { afterEach, describe, expect, it, vi } from 'vitest';
import { citationHref, failureNotice, fingerprintLine, NO_CITATION_WORDS, partHeading } from './citation-link.js';
import { escapeHtml, renderHtml } from './render-html.js';
import { hostilePacket, packetCitations, SAMPLE_FAILURE_REASON, samplePacket, withKeysReversed } from './testing/sample-packet.js';

function count(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}

describe('renderHtml', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is a complete standalone document', () => {
    const packet = samplePacket();
    const html = renderHtml(packet);
    expect(html.startsWith('<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n')).toBe(true);
    expect(html).toContain(`<title>${packet.title}</title>`);
    expect(count(html, /<style>/g)).toBe(1);
    expect(html).toContain('@media print');
    expect(html).not.toMatch(/<(link|script|img)\b/);
    expect(html.trimEnd().endsWith('</body>\n</html>')).toBe(true);
  });

  it('renders the same packet to the same string, whatever the clock or the order of its keys', () => {
    const packet = samplePacket();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-02T03:04:05Z'));
    const first = renderHtml(packet);
    vi.setSystemTime(new Date('2041-06-07T08:09:10Z'));
    expect(renderHtml(samplePacket())).toBe(first);
    expect(renderHtml(withKeysReversed(packet))).toBe(first);
  });

  it('escapes packet text everywhere, so no markup in it survives', () => {
    const html = renderHtml(hostilePacket('<script>alert("x")</script> & \'quoted\' <img src=x onerror=alert(1)>'));
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(count(html, /&lt;script&gt;alert\(&quot;x&quot;\)&lt;\/script&gt; &amp; &#39;quoted&#39;/g)).toBeGreaterThanOrEqual(14);
    // The document id is percent-encoded into the link, and the link attribute escaped.
    expect(html).toContain('href="https://sunlight.example.org/api/v1/documents/id%20%3Cscript%3Ealert(%22x%22)%3C%2Fscript%3E');
  });

  it('does not throw on text that is not well-formed Unicode', () => {
    expect(renderHtml(hostilePacket('broken \ud800 surrogate'))).toContain('/api/v1/documents/id%20broken%20%EF%BF%BD%20surrogate');
  });

  it('escapes the five characters markup is made of', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;');
  });

  it('opens with the title block and a contents nav whose links reach every part and the appendix', () => {
    const packet = samplePacket();
    const html = renderHtml(packet);
    expect(html).toContain(`<h1>${packet.title}</h1>`);
    expect(html).toContain('Compiled from the Sunlight law database, ingestion version 42 of May 30, 2025.');
    expect(html).toContain(`<code>${packet.fingerprint}</code>`);
    expect(fingerprintLine(packet.fingerprint)).toContain(packet.fingerprint);

    const nav = html.slice(html.indexOf('<nav'), html.indexOf('</nav>'));
    const targets = [...nav.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]);
    expect(targets).toEqual(['part-1', 'part-2', 'part-3', 'part-4', 'part-5', 'sources']);
    for (const target of targets) expect(count(html, new RegExp(`id="${target}"`, 'g'))).toBe(1);
    for (const part of packet.parts) {
      expect(nav).toContain(`>${escapeHtml(partHeading(part))}</a>`);
      expect(html).toContain(`<h2>${escapeHtml(partHeading(part))}</h2>`);
    }
  });

  it('links every citation the corpus holds and names the ones it does not', () => {
    const packet = samplePacket();
    const html = renderHtml(packet);
    for (const citation of packetCitations(packet)) {
      const href = citationHref(packet, citation);
      const text = escapeHtml(citation.text);
      expect(html).toContain(href === null ? text : `<a href="${href}">${text}</a>`);
    }
    expect(html).toContain(`e-mail. <span class="cite">(${NO_CITATION_WORDS})</span>`);
    expect(html).toContain('<blockquote><p>The statute says: “the chief administrator of the body serves as its records officer”</p></blockquote>');
  });

  it('renders one table, with a header, per table block', () => {
    const packet = samplePacket({ comparisonColumns: 5 });
    const html = renderHtml(packet);
    const tableBlocks = packet.parts.flatMap((part) => part.blocks).filter((block) => block.type === 'table');
    expect(tableBlocks.length).toBeGreaterThan(0);
    expect(count(html, /<table>/g)).toBe(tableBlocks.length);
    expect(count(html, /<thead>/g)).toBe(tableBlocks.length);
    const table = html.slice(html.indexOf('<table>'), html.indexOf('</table>'));
    expect(count(table, /<th scope="col">/g)).toBe(5);
    expect(count(table, /<tr>/g)).toBe(1 + 52);
    expect(table).toContain('<td>3 business days<br>\nafter the request is received <span class="cite">');
  });

  it('shows the failed part and the sources appendix', () => {
    const packet = samplePacket();
    const html = renderHtml(packet);
    expect(html).toContain(`<aside class="failure" role="note"><p>${escapeHtml(failureNotice(SAMPLE_FAILURE_REASON))}</p></aside>`);
    const appendix = html.slice(html.indexOf('<section class="sources" id="sources">'));
    expect(count(appendix, /<li>/g)).toBe(packet.sources.length);
    expect(appendix).toContain(
      "<li><strong>Tex. Gov&#39;t Code § 552.301(b)</strong> — statute text; jurisdiction: tx; " +
        '<a href="https://sunlight.example.org/api/v1/documents/tx-552-301-b">https://sunlight.example.org/api/v1/documents/tx-552-301-b</a></li>',
    );
    expect(appendix).toContain('<li><strong>Ohio Rev. Code § 149.43(C)</strong> — search result; jurisdiction: oh; not in the corpus</li>');
  });
});
