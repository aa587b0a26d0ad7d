/**
 * Text with the first occurrence of `quote` marked, whitespace aside (a quote is verbatim but
 * may wrap differently than the record's text).
 */
export function Highlighted({ text, quote }: { text: string; quote?: string | undefined }) {
  const at = quote ? locate(text, quote) : null;
  if (!at) return <>{text}</>;
  return (
    <>
      {text.slice(0, at[0])}
      <mark id="cited-quote">{text.slice(at[0], at[1])}</mark>
      {text.slice(at[1])}
    </>
  );
}

/** Start and end of `quote` in `text`, matching runs of whitespace loosely; null when absent. */
export function locate(text: string, quote: string): [number, number] | null {
  const words = quote.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  const pattern = new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+'));
  const m = pattern.exec(text);
  return m ? [m.index, m.index + m[0].length] : null;
}
