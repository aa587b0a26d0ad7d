import type { Jurisdiction, LegalFact } from '../../../../sdk/typescript/src/index.js';
import { useAsync } from '../../components/async.js';
import { ErrorNotice, Loading, SourceKind } from '../../components/status.js';
import { useConsole } from '../../context.js';
import { Citation, StatuteLink } from './citation.js';
import { isStatuteNode } from './statute-text.js';
import { FACT_GROUPS, humanize, requesterClassText, statuteTextStatus } from './words.js';

export const NO_STATUTE_TEXT = 'The statute text is not in the law database; facts rest on the dataset or a citation.';

type Resource = { key: string; url: string; note: string | null };
const isResource = (r: unknown): r is Resource =>
  typeof r === 'object' && r !== null && typeof (r as Resource).url === 'string' && /^https?:\/\//.test((r as Resource).url) && typeof (r as Resource).key === 'string';

const RESOURCE_NAMES: Record<string, string> = {
  primary_statute_url: 'The statute on the official site',
  agency_handbook_url: 'Handbook for agencies',
  statute_url: 'The statute on the official site',
  ag_decisions_url: 'Attorney General decisions',
  ag_guidance_url: 'Attorney General guidance',
  ag_complaint_url: 'Complaint to the Attorney General',
  agency_guidance_url: 'Guidance for agencies',
  foia_database_url: 'FOIA database',
  request_portal_url: 'Request portal',
  request_form_url: 'Request form',
  oversight_url: 'Oversight body',
};
const resourceName = (key: string) => RESOURCE_NAMES[key] ?? humanize(key.replace(/_url$/, ''));

type Discrepancy = { description: string; resolution?: string; topic?: string };
const isDiscrepancy = (d: unknown): d is Discrepancy => typeof d === 'object' && d !== null && typeof (d as Discrepancy).description === 'string';

/** The profile: what the law is and where its text comes from, then every reviewed fact by field. */
export function ProfileView({ jurisdiction: j }: { jurisdiction: Jurisdiction }) {
  const { client } = useConsole();
  const facts = useAsync((signal) => client.transparency.jurisdictions.facts(j.slug, {}, { signal }), [j.slug]);
  const resources = (j.law?.official_resources ?? []).filter(isResource);
  const discrepancies = j.discrepancies.filter(isDiscrepancy);

  return (
    <>
      <section class="laws-section" aria-labelledby="laws-about-title">
        <h2 id="laws-about-title">About the law</h2>
        <dl class="laws-summary">
          <div>
            <dt>Law</dt>
            <dd>{j.law?.name ?? 'Not stated'}</dd>
          </div>
          <div>
            <dt>Citation</dt>
            <dd>{j.law?.citation ?? 'Not stated'}</dd>
          </div>
          <div>
            <dt>In force since</dt>
            <dd>{j.law?.effective_date ?? 'Not stated'}</dd>
          </div>
          <div>
            <dt>Last amended</dt>
            <dd>{j.law?.last_amended ?? 'Not stated'}</dd>
          </div>
          {j.law?.constitutional_basis && (
            <div>
              <dt>Constitutional basis</dt>
              <dd>{j.law.constitutional_basis}</dd>
            </div>
          )}
          <div>
            <dt>Statute text</dt>
            <dd>
              {j.statute_text.available ? (
                <>
                  {statuteTextStatus(j.statute_text)}
                  {j.statute_text.completeness && <> ({j.statute_text.completeness})</>}
                  {j.statute_text.retrieved_date && <>, retrieved {j.statute_text.retrieved_date}</>}
                </>
              ) : (
                NO_STATUTE_TEXT
              )}
            </dd>
          </div>
          <div>
            <dt>In the law database</dt>
            <dd>
              {j.counts.rights} rights, {j.counts.exemptions} exemptions, {j.counts.sections} statute sections and subsections
            </dd>
          </div>
          {resources.length > 0 && (
            <div>
              <dt>Official resources</dt>
              <dd>
                <ul class="laws-plain-list">
                  {resources.map((r) => (
                    <li key={r.url}>
                      <a href={r.url} rel="noopener noreferrer" target="_blank">
                        {resourceName(r.key)}
                        <span class="visually-hidden"> (opens in a new tab)</span>
                      </a>
                      {r.note && <> — {r.note}</>}
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          )}
        </dl>
      </section>

      <section class="laws-section" aria-labelledby="laws-facts-title">
        <h2 id="laws-facts-title">Reviewed facts</h2>
        <p class="laws-muted">
          Each fact gives its pinpoint citation, the words that state it and its source: <strong>statute text</strong> (quoted from the statute in the law database), <strong>dataset</strong>,{' '}
          <strong>summary</strong>, or <strong>citation only</strong> (the statute’s text is not in the law database). Where the law database has no fact, it says “not stated”.
        </p>
        {facts.status === 'loading' && <Loading label="Loading the reviewed facts…" />}
        {facts.status === 'error' && <ErrorNotice message={facts.message} retry={facts.reload} />}
        {facts.status === 'ready' && <FactGroups jurisdiction={j} facts={facts.value.data} />}
      </section>

      {discrepancies.length > 0 && (
        <section class="laws-section" aria-labelledby="laws-disagree-title">
          <h2 id="laws-disagree-title">Where the sources disagree</h2>
          <ul class="laws-disagreements">
            {discrepancies.map((d, i) => (
              <li key={i}>
                <p>{d.description}</p>
                {d.resolution && <p class="laws-muted">{d.resolution}</p>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function FactGroups({ jurisdiction, facts }: { jurisdiction: Jurisdiction; facts: LegalFact[] }) {
  return (
    <>
      {FACT_GROUPS.map((group) => (
        <section key={group.title} class="laws-fact-group" aria-labelledby={`laws-facts-${group.fields[0]!.field}-group`}>
          <h3 id={`laws-facts-${group.fields[0]!.field}-group`}>{group.title}</h3>
          {group.fields.map(({ field, heading, hint }) => {
            const mine = facts.filter((f) => f.field === field);
            return (
              <section key={field} class="laws-fact-field" aria-labelledby={`laws-field-${field}`}>
                <h4 id={`laws-field-${field}`}>{heading}</h4>
                <p class="laws-hint">{hint}</p>
                {mine.length === 0 ? (
                  <p class="laws-not-stated">Not stated</p>
                ) : (
                  <ul class="laws-facts">
                    {mine.map((f) => (
                      <FactItem key={f.id} jurisdiction={jurisdiction} fact={f} />
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
        </section>
      ))}
    </>
  );
}

function FactItem({ jurisdiction, fact: f }: { jurisdiction: Jurisdiction; fact: LegalFact }) {
  // The display often says what the fact applies to already.
  const scope = f.applies_to && !f.display.includes(f.applies_to) ? f.applies_to : null;
  const inStatute = isStatuteNode(f.section_id, jurisdiction.slug) && jurisdiction.statute_text.available;
  return (
    <li class="laws-fact">
      {(f.requester_class || scope) && (
        <p class="laws-fact-scope">
          {f.requester_class && <>For: {requesterClassText(f.requester_class)}</>}
          {f.requester_class && scope && ' · '}
          {scope && <>Applies to: {scope}</>}
        </p>
      )}
      <p class="laws-fact-value">{f.display}</p>
      <p class="laws-fact-source">
        <SourceKind kind={f.source_kind} /> <Citation citation={f.citation} recordId={f.section_id} quote={f.quote} />
        {f.verified && <span class="laws-verified"> · quote found in the statute text</span>}
      </p>
      {f.quote && (
        <blockquote class="laws-quote">
          <p>“{f.quote}”</p>
        </blockquote>
      )}
      {f.notes && (
        <p class="laws-note">
          <strong>Note:</strong> {f.notes}
        </p>
      )}
      <p class="laws-fact-foot">
        {inStatute && (
          <>
            <StatuteLink jurisdiction={jurisdiction.slug} sectionId={f.section_id!}>
              Read {f.citation} in the statute
            </StatuteLink>
            {' · '}
          </>
        )}
        Reviewed {f.reviewed}
      </p>
    </li>
  );
}
