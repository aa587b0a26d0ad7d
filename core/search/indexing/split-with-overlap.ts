/**
 * Splits a long text into windows of at most `maxChars`, each starting with the last
 * `overlapChars` (or fewer) of the previous one, cut at sentence or word boundaries so a
 * provision that straddles two windows is whole in at least one of them.
 */
export function splitWithOverlap(text: string, maxChars: number, overlapChars: number): string[] {
  if (text.length <= maxChars) return [text];
  const overlap = Math.max(0, Math.min(overlapChars, Math.floor(maxChars / 3)));
  // Pieces are short enough that the overlap tail plus one piece always fits.
  const pieces = sentences(text).flatMap((s) => hardSplit(s, maxChars - overlap - 1));
  const windows: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (current === '') current = piece;
    else if (current.length + 1 + piece.length <= maxChars) current = `${current} ${piece}`;
    else {
      windows.push(current);
      const tail = overlapTail(current, overlap);
      current = tail ? `${tail} ${piece}` : piece;
    }
  }
  if (current) windows.push(current);
  return windows;
}

/** Sentence-like pieces: a break after . ; : ? ! followed by a space. */
function sentences(text: string): string[] {
  return text.split(/(?<=[.;:?!])\s+(?=\S)/).filter((s) => s.length > 0);
}

/** A piece longer than `limit` cut at spaces (or anywhere, for a single huge token). */
function hardSplit(piece: string, limit: number): string[] {
  if (piece.length <= limit) return [piece];
  const out: string[] = [];
  let rest = piece;
  while (rest.length > limit) {
    const space = rest.lastIndexOf(' ', limit);
    const cut = space > limit / 2 ? space : limit;
    out.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) out.push(rest);
  return out;
}

/** The end of a window to repeat at the start of the next: from a sentence start if one is near, else a word start. */
function overlapTail(window: string, overlap: number): string {
  if (overlap === 0) return '';
  const tail = window.slice(-overlap);
  const sentence = tail.search(/[.;:?!]\s+\S/);
  if (sentence >= 0 && sentence < tail.length - 20) return tail.slice(sentence + 1).trim();
  const space = tail.indexOf(' ');
  return space >= 0 ? tail.slice(space + 1).trim() : '';
}
