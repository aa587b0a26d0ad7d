/**
 * A response deadline as the API explains it: the law's period with its pinpoint citation
 * (opened in the side panel when the law database has the section's text), and the
 * computation step by step, the holidays it skipped named.
 */
import type { FoiaPreview } from '../../../../sdk/typescript/src/index.js';
import { useAsync } from '../../components/async.js';
import { SourceKind } from '../../components/status.js';
import { useConsole } from '../../context.js';
import { plural } from './foia-format.js';

type Deadline = FoiaPreview['deadline'];

/** The citation, as a button opening the cited section beside the page when the database has its text. */
export function Citation({ jurisdiction, citation }: { jurisdiction: string; citation: string }) {
  const { client, openDocument } = useConsole();
  const resolved = useAsync(
    (signal) =>
      client.transparency.statutes.list({ jurisdiction, citation, limit: 1 }, { signal }).then(
        (r) => r.resolved,
        () => null, // no statute text for it: the citation stands alone
      ),
    [jurisdiction, citation],
  );
  const section = resolved.status === 'ready' ? resolved.value : null;
  if (!section) return <cite class="foia-cite">{citation}</cite>;
  return (
    <>
      <button type="button" class="foia-cite-button" onClick={() => openDocument(section.section_id)} aria-label={`${citation}: open the statute text`}>
        {citation}
      </button>{' '}
      <SourceKind kind="statute_text" />
    </>
  );
}

const SKIPPED = 'Holidays skipped:';

export function DeadlineExplanation({ deadline, jurisdiction, level = 4 }: { deadline: Deadline; jurisdiction: string; level?: 3 | 4 }) {
  const Heading = level === 3 ? 'h3' : 'h4';
  const { days, unit, citation, no_fixed_deadline_reason, explanation } = deadline;
  const holidays = explanation.find((l) => l.startsWith(SKIPPED));
  const fixed = days !== null && unit !== null;
  // Without a fixed period the first line is the reason, already said above: the rest are the law's other variants.
  const steps = fixed ? explanation : explanation.filter((l) => l !== no_fixed_deadline_reason);
  return (
    <div class="foia-deadline">
      <p class="foia-rule">
        {fixed ? (
          <>
            The law allows <strong>{plural(days, `${unit} day`)}</strong> for the initial response
          </>
        ) : (
          <>{no_fixed_deadline_reason ?? 'The law sets no fixed number of days for the response.'}</>
        )}
        {citation ? (
          <>
            {' '}
            · <Citation jurisdiction={jurisdiction} citation={citation} />
          </>
        ) : (
          <span class="foia-muted"> · citation not stated</span>
        )}
      </p>
      {holidays && (
        <p class="foia-holidays">
          <strong>{SKIPPED}</strong>
          {holidays.slice(SKIPPED.length)}
        </p>
      )}
      {steps.length > 0 && (
        <>
          <Heading class="foia-explanation-heading">{fixed ? 'How the due date was counted' : 'Other deadlines in the law'}</Heading>
          <ol class="foia-explanation">
            {steps.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
