import { defineQuery } from '@temporalio/workflow';
import type { CompileRequest } from '../core/documents/compile-parts.js';
import type { CompilationOutput, CompilationProgress, PartFailure } from '../core/documents/compilation-store.js';

/** The compilation workflow's registered name. */
export const COMPILE_WORKFLOW = 'compileDocument';

/** Business key: one workflow per compilation. */
export const compileWorkflowId = (compilationId: string): string => `compile-${compilationId}`;

export interface CompileInput {
  compilationId: string;
  userId: string;
  request: CompileRequest;
}

export interface CompileOutcome {
  status: 'completed' | 'failed';
  outputs: CompilationOutput[];
  partFailures: PartFailure[];
  error: string | null;
}

/** Attempts at gathering one part; the last attempt reports an internal failure as the part's failure instead of throwing. */
export const GATHER_ATTEMPTS = 3;

/** Parts done of all and the current step, while the workflow runs. */
export const compileProgressQuery = defineQuery<CompilationProgress>('compileProgress');
