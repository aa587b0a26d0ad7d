/**
 * `#/foia/agencies/<id>`: one agency of the directory: how to reach its records officer (the
 * title as the law names it, with the citation) and how it has answered the requests sent to it
 * through Sunlight (aggregates of every user's requests; a figure is withheld below three).
 */
import { useEffect, useState } from 'preact/hooks';
import type { FoiaAgency, FoiaAgencyWithStatistics as Agency } from '../../../../sdk/typescript/src/index.js';
import { useAsync } from '../../components/async.js';
import { ErrorNotice, Loading, PageHeader } from '../../components/status.js';
import { useConsole } from '../../context.js';
import { href } from '../../router.js';
import { AgencyEntry } from './foia-agency-entry.js';
import { DueDate, plural, useJurisdictionName } from './foia-format.js';

const NOT_ENOUGH = <span class="foia-muted">not enough requests yet</span>;
const NOT_STATED = <span class="foia-muted">not stated</span>;

const days = (n: number | null) => (n === null ? NOT_ENOUGH : plural(Math.round(n * 10) / 10, 'day'));
const share = (n: number | null) => (n === null ? NOT_ENOUGH : `${Math.round(n * 100)}%`);

export function AgencyDetail({ id }: { id: string }) {
  const { client } = useConsole();
  const agency = useAsync((signal) => client.foia.agencies.get(id, { signal }), [id]);
  // The entry as last saved on this page (its statistics do not change with an edit).
  const [saved, setSaved] = useState<FoiaAgency | null>(null);
  useEffect(() => setSaved(null), [id]);
  return (
    <div class="foia-page foia-detail">
      <p class="foia-back">
        <a href={href(['foia'])}>← All requests</a>
      </p>
      {agency.status === 'loading' && (
        <>
          <PageHeader title="Agency" />
          <Loading label="Loading the agency…" />
        </>
      )}
      {agency.status === 'error' && (
        <>
          <PageHeader title="Agency" />
          <ErrorNotice message={agency.message} retry={agency.reload} />
        </>
      )}
      {agency.status === 'ready' && <AgencyView agency={{ ...agency.value, ...saved }} onSaved={setSaved} />}
    </div>
  );
}

function AgencyView({ agency: a, onSaved }: { agency: Agency; onSaved(saved: FoiaAgency): void }) {
  const { client } = useConsole();
  const name = useJurisdictionName(client);
  const s = a.statistics;
  return (
    <>
      <PageHeader title={a.name}>
        <p class="foia-detail-meta">
          {name(a.jurisdiction)} · {a.kind === 'oversight' ? 'Reviews disputes' : 'Receives records requests'} · {a.source === 'corpus' ? 'From the shared directory' : 'Your own entry'}
        </p>
      </PageHeader>
      <section aria-labelledby="foia-agency-contact-heading" class="foia-card">
        <h2 id="foia-agency-contact-heading">Contact</h2>
        <dl class="foia-dl">
          <dt>Records officer</dt>
          <dd>
            {a.records_officer_title ?? NOT_STATED}
            {a.records_officer_citation && <> · <cite class="foia-cite">{a.records_officer_citation}</cite></>}
          </dd>
          <dt>E-mail</dt>
          <dd>{a.email ? <a href={`mailto:${a.email}`}>{a.email}</a> : NOT_STATED}</dd>
          <dt>Records portal</dt>
          <dd>
            {a.portal_url ? (
              <a href={a.portal_url} rel="noopener noreferrer" target="_blank">
                {a.portal_url}
                <span class="visually-hidden"> (opens in a new tab)</span>
              </a>
            ) : (
              NOT_STATED
            )}
          </dd>
          <dt>Postal address</dt>
          <dd class="foia-pre-line">{a.postal_address ?? NOT_STATED}</dd>
          <dt>Phone</dt>
          <dd>{a.phone ?? NOT_STATED}</dd>
          {a.notes && (
            <>
              <dt>Notes</dt>
              <dd class="foia-pre-line">{a.notes}</dd>
            </>
          )}
          {a.source_ref && (
            <>
              <dt>Source</dt>
              <dd>{a.source_ref}</dd>
            </>
          )}
        </dl>
      </section>
      <section aria-labelledby="foia-agency-stats-heading" class="foia-card">
        <h2 id="foia-agency-stats-heading">How it answers</h2>
        <p>
          From {plural(s.requests, 'request')} sent to it through Sunlight ({s.answered} answered, {s.completed} completed), as of <DueDate date={s.as_of} long />. Figures are
          shown from three requests up, so that none describes one person’s request.
        </p>
        <dl class="foia-dl">
          <dt>Median time to a first response</dt>
          <dd>{days(s.median_days_to_first_response)}</dd>
          <dt>Median time to completion</dt>
          <dd>{days(s.median_days_to_completion)}</dd>
          <dt>Share answered late</dt>
          <dd>{share(s.share_overdue)}</dd>
          <dt>Share granted in full (of those completed)</dt>
          <dd>{share(s.share_fully_granted)}</dd>
        </dl>
      </section>
      <AgencyEntry agency={a} onSaved={onSaved} />
    </>
  );
}
