import { defineSearchAttributeKey } from '@temporalio/common';
import { defineQuery } from '@temporalio/workflow';
import type { IntegrationRequest, RunProgress, RunStatus } from '../core/integrations/integration-types.js';

/** The integration workflow's registered name. */
export const INTEGRATION_WORKFLOW = 'integrationRun';

/** Business key: one workflow per run. */
export const integrationWorkflowId = (runId: string): string => `integration-${runId}`;

export type IntegrationRunInput = IntegrationRequest & { runId: string; clientId: string };

export interface IntegrationRunOutcome {
  status: Extract<RunStatus, 'completed' | 'failed'>;
  error: string | null;
}

/** Where a run is, while it runs. */
export const integrationProgressQuery = defineQuery<RunProgress>('integrationProgress');

/**
 * Search attributes every run carries, so the Temporal Web UI can list runs by type and by
 * client (registered on the namespace by the API before its first run).
 */
export const RUN_TYPE_ATTRIBUTE = defineSearchAttributeKey('SunlightRunType', 'KEYWORD');
export const RUN_CLIENT_ATTRIBUTE = defineSearchAttributeKey('SunlightClient', 'KEYWORD');
