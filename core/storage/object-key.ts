/**
 * Object keys: what a caller may name an object. A key is 1–1024 characters (UTF-16 code
 * units, as JavaScript counts them), may contain `/` to group objects (`letters/2025/reply.pdf`),
 * but has no leading `/`, no empty, `.` or `..` segment and no control character: it can never
 * climb out of its namespace, whatever a backend does with it.
 */
export const MAX_KEY_LENGTH = 1024;

// C0 and C1 control characters, DEL, and unpaired surrogates (not storable in Postgres text).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** True when `text` holds a C0 or C1 control character or DEL. */
export function hasControlCharacter(text: string): boolean {
  return CONTROL.test(text);
}

/** `text` with each control character (and each `/` or `\\`) replaced by `_`: safe as one key segment. */
export function asKeySegment(text: string): string {
  return [...text].map((c) => (CONTROL.test(c) || c === '/' || c === '\\' ? '_' : c)).join('');
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why `key` is not a valid object key, or null when it is. */
export function objectKeyProblem(key: string): string | null {
  if (key.length === 0) return 'Key must not be empty';
  if (key.length > MAX_KEY_LENGTH) return `Key must be at most ${MAX_KEY_LENGTH} characters`;
  if (CONTROL.test(key)) return 'Key must not contain control characters';
  if (LONE_SURROGATE.test(key)) return 'Key must be valid Unicode text';
  if (key.startsWith('/')) return 'Key must not start with /';
  if (key.includes('\\')) return 'Key must not contain a backslash';
  for (const segment of key.split('/')) {
    if (segment === '') return 'Key must not contain empty segments (//) or end with /';
    if (segment === '.' || segment === '..') return 'Key must not contain . or .. segments';
  }
  return null;
}

/** Raised for a key `objectKeyProblem` refuses. */
export class InvalidObjectKeyError extends Error {
  constructor(readonly problem: string) {
    super(problem);
    this.name = 'InvalidObjectKeyError';
  }
}

export function assertObjectKey(key: string): void {
  const problem = objectKeyProblem(key);
  if (problem) throw new InvalidObjectKeyError(problem);
}
