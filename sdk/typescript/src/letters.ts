/** Reading a letter in one of its forms: text and Markdown as strings, PDF as bytes. */
import type { CallOptions, Transport } from './http.js';
import type { LetterFormat, TextLetterFormat } from './types.js';

/** How a letter method is asked for its form: `{ format }`, text when left out. */
export interface LetterOptions<F extends LetterFormat = LetterFormat> {
  format?: F;
}

const ACCEPT: Record<TextLetterFormat, string> = { text: 'text/plain', markdown: 'text/markdown' };

/** GETs the letter at `path` with `?format=`: its text, or for `pdf` its bytes. */
export async function readLetter(http: Transport, path: string, format: LetterFormat, call?: CallOptions): Promise<string | Uint8Array> {
  if (format === 'pdf') return (await http.bytes({ method: 'GET', path, query: { format }, accept: 'application/pdf' }, call)).data;
  return (await http.text({ method: 'GET', path, query: { format }, accept: ACCEPT[format] }, call)).data;
}
