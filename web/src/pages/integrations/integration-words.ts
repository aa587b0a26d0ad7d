/** Words for integration runs: types, statuses, progress, durations, and where a result's links lead in the console. */
import type { WebhookDelivery, WorkflowRun } from '../../../../sdk/typescript/src/index.js';

export type RunType = WorkflowRun['type'];
export type RunStatus = WorkflowRun['status'];

export const TYPE_LABELS: Readonly<Record<RunType, string>> = {
  reingest: 'Re-ingestion',
  compile: 'Packet compilation',
  research: 'Deep research',
  export: 'Law database export',
  'foia-digest': 'FOIA digest',
};
export const RUN_TYPES = Object.keys(TYPE_LABELS) as RunType[];

export const STATUS_LABELS: Readonly<Record<RunStatus, string>> = {
  queued: 'Queued',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
export const RUN_STATUSES = Object.keys(STATUS_LABELS) as RunStatus[];

export const isRunType = (s: string | null): s is RunType => s !== null && s in TYPE_LABELS;
export const isRunStatus = (s: string | null): s is RunStatus => s !== null && s in STATUS_LABELS;
export const isFinished = (s: RunStatus): boolean => s === 'completed' || s === 'failed' || s === 'cancelled';

export const OUTCOME_LABELS: Readonly<Record<WebhookDelivery['outcome'], string>> = { delivered: 'Delivered', failed: 'Failed', refused: 'Refused' };

/** 850 → "850 ms", 12_400 → "12.4 s", 754_000 → "12 min 34 s". */
export function durationText(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const s = Math.round(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h} h ${m} min` : `${m} min ${s % 60} s`;
}

/** The step, with its counts when the type has them: "exporting (3 of 8)". */
export function stepText(run: WorkflowRun): string {
  const p = run.progress;
  if (!p) return isFinished(run.status) ? '—' : 'waiting to start';
  return p.done !== undefined && p.total !== undefined ? `${p.step} (${p.done} of ${p.total})` : p.step;
}

/** Where a run stands, in words (what the detail's live region says). */
export function progressText(run: WorkflowRun): string {
  switch (run.status) {
    case 'queued':
      return 'Queued: waiting to start.';
    case 'running':
      return `Running: ${stepText(run)}.`;
    case 'completed':
      return `Completed${run.duration_ms !== null ? ` in ${durationText(run.duration_ms)}` : ''}.`;
    case 'failed':
      return `Failed: ${run.error ?? 'the run could not finish'}.`;
    case 'cancelled':
      return 'Cancelled.';
  }
}

/** The object key a link names when it points at the caller's storage (`/api/storage/objects/<key>`), else null. */
export function storageKeyOf(link: string): string | null {
  let path: string;
  try {
    path = new URL(link, location.origin).pathname;
  } catch {
    return null;
  }
  const m = /^\/api\/storage\/objects\/(.+)$/.exec(path);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return null;
  }
}

/** Where an API link of a result is seen in the console (a packet, a conversation, the FOIA tracker…), or null. */
export function consoleRouteOf(link: string): { parts: string[]; label: string } | null {
  let path: string;
  try {
    path = new URL(link, location.origin).pathname;
  } catch {
    return null;
  }
  let m: RegExpExecArray | null;
  if ((m = /^\/api\/documents\/compile\/([0-9a-f-]{36})$/i.exec(path))) return { parts: ['packets', m[1]!], label: 'Open the packet' };
  if ((m = /^\/api\/chat\/conversations\/([0-9a-f-]{36})$/i.exec(path))) return { parts: ['assistant', m[1]!], label: 'Open the conversation' };
  if ((m = /^\/api\/foia\/requests\/([0-9a-f-]{36})$/i.exec(path))) return { parts: ['foia', m[1]!], label: 'Open the request' };
  if (path === '/api/foia/requests') return { parts: ['foia'], label: 'Open the FOIA tracker' };
  if (path.startsWith('/api/v2/transparency/jurisdictions')) return { parts: ['map'], label: 'Open the map' };
  return null;
}
