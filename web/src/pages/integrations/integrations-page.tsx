/**
 * Integrations: the caller's integration workflow runs (`/api/integrations/workflows`).
 * `#/integrations` starts an export or a FOIA digest, shows the webhook signing secret, and
 * lists the runs, newest first, filtered by type and status; `#/integrations/<id>` is one run:
 * its progress while it runs, its result or error, its input and its webhook delivery log.
 */
import { useEffect, useState } from 'preact/hooks';
import type { WorkflowRun } from '../../../../sdk/typescript/src/index.js';
import { useAsync } from '../../components/async.js';
import { ErrorNotice, Loading, PageHeader } from '../../components/status.js';
import { useConsole } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { href, navigate } from '../../router.js';
import { TYPE_LABELS, isRunStatus, isRunType } from './integration-words.js';
import { RunList } from './run-list.js';
import { RunView } from './run-view.js';
import { StartForm } from './start-form.js';
import { WebhookSecretPanel } from './webhook-secret.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A run just started, handed from the form to its page (which shows it at once). */
let started: WorkflowRun | null = null;

export function IntegrationsPage({ route }: PageProps) {
  const id = route.parts[1];
  if (!id) {
    const type = route.query.get('type');
    const status = route.query.get('status');
    return <IntegrationsHome type={isRunType(type) ? type : undefined} status={isRunStatus(status) ? status : undefined} />;
  }
  if (!UUID.test(id)) return <NotARun />;
  return <RunDetail key={id} id={id} />;
}

function IntegrationsHome({ type, status }: Parameters<typeof RunList>[0]) {
  return (
    <div class="integ-page">
      <PageHeader title="Integrations">
        <p class="integ-lede">Workflow runs, started here or by your API clients: law database exports, FOIA digests, re-ingestions, packet compilations and deep research. Each can tell your systems when it ends with a signed webhook.</p>
      </PageHeader>
      <div class="integ-top">
        <StartForm
          onStarted={(run) => {
            started = run;
            navigate(['integrations', run.id]);
          }}
        />
        <WebhookSecretPanel />
      </div>
      <RunList type={type} status={status} />
    </div>
  );
}

function Back() {
  return (
    <p class="integ-back">
      <a href={href(['integrations'])}>← Integrations</a>
    </p>
  );
}

function RunDetail({ id }: { id: string }) {
  const { client } = useConsole();
  const [handed] = useState(() => (started?.id === id ? started : null));
  const loaded = useAsync((signal) => (handed ? Promise.resolve(handed) : client.integrations.get(id, { signal })), [id]);
  useEffect(() => {
    started = null;
  }, []);
  const run = loaded.status === 'ready' ? loaded.value : null;
  return (
    <div class="integ-page">
      <Back />
      <PageHeader title={run ? `${TYPE_LABELS[run.type]} run` : 'Integration run'} />
      {loaded.status === 'loading' && <Loading label="Loading the run…" />}
      {loaded.status === 'error' && <ErrorNotice message={loaded.message} retry={loaded.reload} />}
      {run && <RunView initial={run} />}
    </div>
  );
}

function NotARun() {
  return (
    <div class="integ-page">
      <Back />
      <PageHeader title="Run not found" />
      <p>
        There is no run at this address. <a href={href(['integrations'])}>See your runs</a>.
      </p>
    </div>
  );
}
