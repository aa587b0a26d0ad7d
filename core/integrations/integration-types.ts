import type { CompileRequest } from '../documents/compile-parts.js';

/** The workflow types a machine client may start (`GET /api/integrations/workflows/types`). */
export const INTEGRATION_TYPES = ['reingest', 'compile', 'research', 'export', 'foia-digest'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

export const RUN_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export interface ReingestInput {
  jurisdictions?: string[] | undefined;
  force: boolean;
}
export interface ResearchRunInput {
  question: string;
  jurisdictions?: string[] | undefined;
}
export interface ExportInput {
  formats: Array<'csv' | 'json'>;
  jurisdictions?: string[] | undefined;
}
export interface FoiaDigestInput {
  within_days: number;
}

/** A type and its validated input. */
export type IntegrationRequest =
  | { type: 'reingest'; input: ReingestInput }
  | { type: 'compile'; input: CompileRequest }
  | { type: 'research'; input: ResearchRunInput }
  | { type: 'export'; input: ExportInput }
  | { type: 'foia-digest'; input: FoiaDigestInput };

/** Where a run is: a step in words, and counts when the type has them. */
export interface RunProgress {
  step: string;
  done?: number;
  total?: number;
}

/** A run's result: what the type produced, and links to what it stored. */
export type RunResult = Record<string, unknown> & { links?: Record<string, string> };

/** The event a webhook receives (the body, signed). */
export interface WebhookEvent {
  id: string;
  type: IntegrationType;
  status: 'completed' | 'failed' | 'cancelled';
  result_links: Record<string, string>;
  error: string | null;
  occurred_at: string;
}
