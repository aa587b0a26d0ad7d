/**
 * Where the law text of a section stops and its history and notes begin. Those trailing
 * lines (session-law history, "Source:", "Referred to in", reviser's notes) belong to the
 * section as a whole, never to its last subdivision.
 */

/** Line openings that start a section's history or notes, across the codes in the corpus. */
const HISTORY_LINE_STARTS: readonly RegExp[] = [
  /^History\b/i, // History. / History: / HISTORY: / History of Section. / History.—
  /^Source(?::|\s*(?:S\.?L\.|SL\b|SDC\b|R\.S\.|Laws\b))/,
  /^\[\s?\d{4} c \d/, // RCW: [ 2005 c 274 s 1.]
  /^\[C\d{2}\b/, // Iowa: [C71, 73, …]
  /^\[\d[\dA-Za-z.-]*, (?:added|am\.)/, // Idaho: [74-101, added 2015, …]
  /^\[L \d{4}\b/, // Hawaii: [L 1988, c 262, …]
  /^\(L\. \d{4}\b/, // Missouri: (L. 1973 S.B. 1 § 1, …)
  /^\d{2,4} Acts, ch\b/, // Iowa: 84 Acts, ch 1145, §1
  /^Acts \d{4}, (?:ch\.|No\.|\d+(?:st|nd|rd|th) Leg\.)/, // Tennessee, Arkansas, Texas
  /^\d{4}, cc?\. \d/, // Virginia: 1968, c. 479, …
  /^\(?(?:Added|Amended|Repealed|Renumbered) by Stats\./, // California
  /^(?:Added|Amended) by(?::|\s+Acts\b)/, // Texas
  /^(?:Transferred|Renumbered|Redesignated) (?:from|and redesignated)\b/,
  /^Referred to in\b/, // Iowa
  /^Repeals\.\s?—/, // New Mexico compiler's repeal note
  /^CROSS REFERENCES?:/,
];

/**
 * History run into the last paragraph of a flattened section, right after its final
 * period: "…records retention.Laws, 1983, ch. 424" (Mississippi), "….Acts 1967, No. 93"
 * (Arkansas), "… privacy. [L 1988, c 262, pt of §1]" (Hawaii).
 */
const RUN_IN_HISTORY = /(?<=[.;)\]])\s?(?:Laws, \d{4}, ch\.|Acts \d{4}, No\. |\[L \d{4}, c )/;

/** Whether a line (without its newline) opens the history or notes of a section. */
export function isHistoryLine(line: string): boolean {
  const trimmed = line.trimStart();
  return HISTORY_LINE_STARTS.some((re) => re.test(trimmed));
}

/**
 * Offset in `body` where the history or notes begin, or `body.length` when there are none.
 * The first line is never treated as history: a section whose whole text is a repeal
 * note keeps that note as its text.
 */
export function historyStart(body: string): number {
  let lineStart = 0;
  let first = true;
  let end = body.length;
  while (lineStart < body.length) {
    const nl = body.indexOf('\n', lineStart);
    const lineEnd = nl === -1 ? body.length : nl;
    const line = body.slice(lineStart, lineEnd);
    if (!first && line.trim() !== '' && isHistoryLine(line)) {
      end = lineStart;
      break;
    }
    if (line.trim() !== '') first = false;
    lineStart = lineEnd + 1;
  }
  const runIn = RUN_IN_HISTORY.exec(body.slice(0, end));
  if (runIn && runIn.index > 0) end = runIn.index + (runIn[0].startsWith(' ') ? 1 : 0);
  return end;
}

/** Lines that announce one of several versions of a provision (Texas: "Text of subsection as amended by …"). */
export function isVersionNote(line: string): boolean {
  return /^Text of (?:section|subsection|subdivision|paragraph|subparagraph)\b/.test(line.trimStart());
}
