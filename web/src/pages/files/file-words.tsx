/**
 * Small pieces the pages that handle stored files share (Files, a FOIA request's attachments,
 * a packet's outputs): sizes and types in words, the type to upload a file with, saving a
 * download, and a delete button that asks first.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ObjectDownload } from '../../../../sdk/typescript/src/index.js';
import { saveFile } from '../../components/save-file.js';

/** 1536 → "1.5 KB". */
export function bytesText(n: number): string {
  if (n < 1024) return `${n} ${n === 1 ? 'byte' : 'bytes'}`;
  const units = ['KB', 'MB', 'GB'];
  let v = n / 1024;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${v < 10 ? v.toFixed(1) : Math.round(v)} ${units[u]}`;
}

const BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  md: 'text/markdown',
  markdown: 'text/markdown',
  txt: 'text/plain',
  json: 'application/json',
  csv: 'text/csv',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  html: 'text/html',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  eml: 'message/rfc822',
};

/** The type to store a file with: the browser's, else one read from its extension, else a generic one (the API says if it refuses it). */
export function contentTypeOf(file: { name: string; type: string }): string {
  if (file.type) return file.type;
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  return (ext && BY_EXTENSION[ext]) || 'application/octet-stream';
}

const TYPE_WORDS: Record<string, string> = {
  'application/pdf': 'PDF',
  'text/markdown': 'Markdown',
  'text/plain': 'Text',
  'application/json': 'JSON',
  'text/csv': 'CSV',
  'text/html': 'HTML',
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'image/gif': 'GIF image',
  'image/webp': 'WebP image',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel spreadsheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint presentation',
  'application/vnd.oasis.opendocument.text': 'OpenDocument text',
  'message/rfc822': 'E-mail message',
};

/** `text/plain; charset=utf-8` → "Text". */
export function typeText(contentType: string): string {
  const media = contentType.split(';')[0]!.trim().toLowerCase();
  return TYPE_WORDS[media] ?? media;
}

/** `packets/1234/texas.pdf` → `texas.pdf`. */
export const baseName = (key: string): string => key.slice(key.lastIndexOf('/') + 1) || key;

/** Reads a download whole and hands it to the browser as the file `name`. */
export async function saveDownload(download: ObjectDownload, name: string, fallbackType = 'application/octet-stream'): Promise<void> {
  const bytes = await download.bytes();
  saveFile(name, [bytes as Uint8Array<ArrayBuffer>], download.contentType ?? fallbackType);
}

/** An instant in the reader's own time: "Nov 21, 2025, 4:00 PM". */
export function whenText(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/**
 * "Delete" that asks first: the button becomes a question with "Yes, delete" (focused) and
 * "Keep"; Escape or "Keep" puts the focus back on the first button.
 */
export function ConfirmDelete({ what, label = 'Delete', yes = 'Yes, delete', busy, onConfirm }: { what: string; label?: string; yes?: string; busy: boolean; onConfirm(): void }) {
  const [asking, setAsking] = useState(false);
  const yesRef = useRef<HTMLButtonElement>(null);
  const firstRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  useEffect(() => {
    if (asking) yesRef.current?.focus();
    else if (returnFocus.current) {
      returnFocus.current = false;
      firstRef.current?.focus();
    }
  }, [asking]);
  const keep = () => {
    returnFocus.current = true;
    setAsking(false);
  };
  if (!asking) {
    return (
      <button type="button" class="file-delete" ref={firstRef} aria-label={`${label} ${what}`} onClick={() => setAsking(true)} disabled={busy}>
        {label}
      </button>
    );
  }
  return (
    <span class="file-confirm" role="group" aria-label={`${label} ${what}?`} onKeyDown={(e) => e.key === 'Escape' && keep()}>
      <span class="file-confirm-question">{label} {what}?</span>{' '}
      <button type="button" class="file-danger" ref={yesRef} onClick={onConfirm} disabled={busy}>
        {busy ? 'Working…' : yes}
      </button>{' '}
      <button type="button" onClick={keep} disabled={busy}>
        Keep
      </button>
    </span>
  );
}
