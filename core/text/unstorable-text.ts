/**
 * Text Postgres cannot store (U+0000) or that is not Unicode at all (an unpaired UTF-16
 * surrogate, which JSON's `\ud800` escapes can produce). The API refuses it at the edge; what
 * the service writes on its own account (the access audit) replaces it.
 */
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what this looks for.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

export function hasUnstorableText(text: string): boolean {
  return UNSTORABLE.test(text);
}

/** `text` with every unstorable character replaced by U+FFFD. */
export function replaceUnstorableText(text: string): string {
  return text.replace(UNSTORABLE_ALL, '\uFFFD');
}
