/**
 * Denial → appeal: the agency's stated reasons and cited exemptions, matched to the
 * jurisdiction's exemptions (each with the statute's words, its source and its limits, cited),
 * what matched nothing, the appeal route (to whom, by when, in how long the reviewer must
 * decide; "not stated" where the law or the reviewed facts say nothing), and the drafted
 * letter, which can be sent from here.
 */
import { useRef, useState } from 'preact/hooks';
import type { AppealDraft, FoiaCommunication as Communication, FoiaRequest } from '../../../../sdk/typescript/src/index.js';
import { errorText } from '../../api/client.js';
import { saveFile } from '../../components/save-file.js';
import { ErrorNotice, SourceKind } from '../../components/status.js';
import { useConsole } from '../../context.js';
import { Citation } from './foia-deadline.js';
import { DueDate, STATUS_LABELS, plural } from './foia-format.js';
import { SendLetter } from './foia-send-letter.js';

/** Statuses an appeal may be drafted from (the API's; an overdue request too where silence is a denial). */
const APPEALABLE = ['denied', 'partially_fulfilled', 'no_responsive_records'];

export const showsAppealPanel = (r: FoiaRequest) => APPEALABLE.includes(r.status) || (r.overdue && r.deadline.clock === 'running');

const LIMIT_LABELS: Record<string, string> = {
  segregability: 'Segregability',
  public_interest: 'Public interest',
  time_limit: 'Time limit',
  harm_test: 'Harm test',
  scope: 'What it does not reach',
};

const NOT_STATED = <span class="foia-not-stated">not stated</span>;

/** A citation: opens the statute text beside the page (the quote marked) when the law database has the section. */
function Cited({ citation, sectionId, quote }: { citation: string; sectionId: string | null; quote?: string }) {
  const { openDocument } = useConsole();
  if (!sectionId) return <cite class="foia-cite">{citation}</cite>;
  return (
    <button type="button" class="foia-cite-button" onClick={() => openDocument(sectionId, quote)} aria-label={`${citation}: open the statute text`}>
      {citation}
    </button>
  );
}

export function AppealPanel({ request: r, onDrafted, onSent }: { request: FoiaRequest; onDrafted(): void; onSent(c: Communication): void }) {
  const { client, session } = useConsole();
  const [reasons, setReasons] = useState('');
  const [exemptions, setExemptions] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState<AppealDraft | null>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const reasonsInput = useRef<HTMLTextAreaElement>(null);
  if (!session.scopes.includes('write:foia')) return null;

  const submit = (e: Event) => {
    e.preventDefault();
    const cited = exemptions
      .split(/\n|;/)
      .map((s) => s.trim())
      .filter(Boolean);
    if (!reasons.trim() && cited.length === 0) {
      setError('Give the agency’s reasons, the exemptions it cited, or both.');
      reasonsInput.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    client.foia.appealDraft(r.id, { reasons: reasons.trim(), exemptions: cited }).then(
      (d) => {
        setBusy(false);
        setDraft(d);
        onDrafted();
        requestAnimationFrame(() => resultHeading.current?.focus());
      },
      (err: unknown) => {
        setBusy(false);
        setError(errorText(err));
      },
    );
  };

  return (
    <section aria-labelledby="foia-appeal-draft-heading" class="foia-card">
      <h2 id="foia-appeal-draft-heading">Appeal</h2>
      <p>
        {APPEALABLE.includes(r.status)
          ? `The request is ${STATUS_LABELS[r.status].toLowerCase()}. Enter what the agency said, and Sunlight matches it to the law and drafts an appeal letter.`
          : 'The request is overdue. Where the law treats silence as a denial, it can be appealed: Sunlight checks, and drafts the letter.'}
      </p>
      <form class="foia-appeal-form" onSubmit={submit} noValidate>
        <div class="foia-field">
          <label for="foia-appeal-reasons">The agency’s reasons</label>
          <p id="foia-appeal-reasons-hint" class="foia-hint">
            Paste or summarise what the agency wrote about what it withheld and why.
          </p>
          <textarea id="foia-appeal-reasons" ref={reasonsInput} rows={4} maxLength={10_000} aria-describedby="foia-appeal-reasons-hint" value={reasons} onInput={(e) => setReasons(e.currentTarget.value)} />
        </div>
        <div class="foia-field">
          <label for="foia-appeal-exemptions">Exemptions the agency cited (one per line)</label>
          <p id="foia-appeal-exemptions-hint" class="foia-hint">
            In any usual form: “5 U.S.C. 552(b)(6)”, “(b)(7)(C)”, “Exemption 6”, “552.108”.
          </p>
          <textarea id="foia-appeal-exemptions" rows={3} aria-describedby="foia-appeal-exemptions-hint" value={exemptions} onInput={(e) => setExemptions(e.currentTarget.value)} />
        </div>
        {error && <ErrorNotice message={error} />}
        <button type="submit" disabled={busy}>
          {busy ? 'Matching and drafting…' : draft ? 'Draft the appeal again' : 'Draft the appeal'}
        </button>
      </form>
      {draft && <DraftResult draft={draft} request={r} headingRef={resultHeading} onSent={onSent} />}
    </section>
  );
}

function DraftResult({ draft: d, request: r, headingRef, onSent }: { draft: AppealDraft; request: FoiaRequest; headingRef: { current: HTMLHeadingElement | null }; onSent(c: Communication): void }) {
  const route = d.appeal_route;
  return (
    <div class="foia-appeal-result">
      <h3 tabIndex={-1} ref={headingRef}>
        What the agency cited, matched to the law
      </h3>
      {d.matches.length === 0 ? (
        <p>Nothing the agency said matched an exemption of this law.</p>
      ) : (
        <ol class="foia-matches" aria-label="Matched exemptions">
          {d.matches.map((m, i) => (
            <li key={i} class="foia-match">
              <h4>
                “{m.cited_as}” <span class="foia-muted">(matched by {m.matched_by === 'citation' ? 'citation' : 'meaning'})</span>
              </h4>
              <p>
                <Cited citation={m.exemption.citation} sectionId={m.exemption.section_id} quote={m.exemption.text} /> · {m.exemption.title} · <SourceKind kind={m.exemption.source_kind} />
              </p>
              <blockquote class="foia-quote">{m.exemption.text}</blockquote>
              {m.limits.length > 0 ? (
                <>
                  <p class="foia-limits-label">Its limits, in the law’s words:</p>
                  <ul class="foia-limits">
                    {m.limits.map((l, j) => (
                      <li key={j}>
                        <strong>{LIMIT_LABELS[l.kind] ?? l.kind}</strong> (<Cited citation={l.citation} sectionId={l.section_id} quote={l.text} />, <SourceKind kind={l.source_kind} />):{' '}
                        <q>{l.text}</q>
                      </li>
                    ))}
                  </ul>
                </>
              ) : (
                <p class="foia-muted">No limits of this exemption are stated in the law database.</p>
              )}
            </li>
          ))}
        </ol>
      )}
      {d.unmatched.length > 0 && (
        <>
          <h4>Not matched to the law</h4>
          <ul class="foia-unmatched">
            {d.unmatched.map((u, i) => (
              <li key={i}>
                “{u.cited_as}” ({u.kind === 'citation' ? 'a citation' : 'a reason'}): no exemption of this law matched it. The letter asks the agency to name the exemption it relies on.
              </li>
            ))}
          </ul>
        </>
      )}
      {d.constructive_denial && <p class="foia-constructive">{d.constructive_denial.explanation}</p>}

      <h3>The appeal route</h3>
      {route.status === 'no_appeal' && <p>The law provides no administrative appeal: the next step is the courts.</p>}
      <dl class="foia-dl">
        <dt>Address the appeal to</dt>
        <dd>{route.body ?? NOT_STATED}</dd>
        <dt>Your deadline to appeal</dt>
        <dd>
          {route.requester_deadline ? (
            <>
              <strong>
                <DueDate date={route.requester_deadline.date} long />
              </strong>{' '}
              ({plural(route.requester_deadline.days, `${route.requester_deadline.unit} day`)} from <DueDate date={route.requester_deadline.counted_from} />)
            </>
          ) : (
            NOT_STATED
          )}
        </dd>
        <dt>The reviewer’s deadline to decide</dt>
        <dd>
          {route.reviewer_deadline ? (
            <>
              {plural(route.reviewer_deadline.days, `${route.reviewer_deadline.unit} day`)}
              {route.reviewer_deadline.date_if_filed_today && (
                <>
                  {' '}
                  (by <DueDate date={route.reviewer_deadline.date_if_filed_today} long /> if you file today)
                </>
              )}
            </>
          ) : (
            NOT_STATED
          )}
        </dd>
        <dt>Where the law says so</dt>
        <dd>
          {route.citation ? <Citation jurisdiction={r.jurisdiction} citation={route.citation} /> : NOT_STATED}
          {/* Citation marks statute text itself when it finds the section. */}
          {route.source_kind && route.source_kind !== 'statute_text' && (
            <>
              {' '}
              <SourceKind kind={route.source_kind} />
            </>
          )}
          {route.quote && <blockquote class="foia-quote">{route.quote}</blockquote>}
        </dd>
      </dl>
      {route.explanation.length > 0 && (
        <ol class="foia-explanation">
          {route.explanation.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ol>
      )}

      <h3>The appeal letter</h3>
      <div class="foia-letter-actions">
        <button type="button" onClick={() => saveFile(`foia-appeal-${r.id}.txt`, [d.letter.text], 'text/plain')}>
          Download the appeal as text (.txt)
        </button>
        <button type="button" onClick={() => saveFile(`foia-appeal-${r.id}.md`, [d.letter.markdown], 'text/markdown')}>
          Download the appeal as Markdown (.md)
        </button>
      </div>
      <div class="foia-letter" role="region" aria-label="Appeal letter text" tabIndex={0}>
        <pre>{d.letter.text}</pre>
      </div>
      <SendLetter request={r} kind="appeal" label="Send the appeal…" onSettled={onSent} place="-panel" />
    </div>
  );
}
