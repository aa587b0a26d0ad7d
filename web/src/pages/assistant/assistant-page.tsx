/**
 * The research assistant: questions answered from the law database, streamed as they are
 * written, each statement cited to the statute that states it. Conversations are kept; a
 * follow-up continues the one open. Research mode runs the multi-step workflow and shows
 * its progress.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { ChatCitation, ChatRequest, ChatSource, ResearchProgress } from '../../../../sdk/typescript/src/index.js';
import { errorText } from '../../api/client.js';
import { ErrorNotice, Loading, PageHeader } from '../../components/status.js';
import { useConsole } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { navigate } from '../../router.js';
import { AnswerText, citationName, spokenText } from './answer-text.js';
import { ConversationList } from './conversation-list.js';
import { JurisdictionChooser } from './jurisdiction-chooser.js';
import { lastSentenceEnd, newTurn, STAGE_WORDS, turnsOf, type Turn } from './turns.js';

type LoadState = { status: 'ready' } | { status: 'loading' } | { status: 'error'; message: string };

const SOURCE_WORDS: Record<ChatSource['type'], string> = {
  statute_section: 'statute section',
  summary: 'summary',
  process_map: 'process summary',
  right: 'right',
  exemption: 'exemption',
};
/** Source types the side panel can open (GET /api/v1/documents/{id}). */
const OPENABLE = new Set<ChatSource['type']>(['statute_section', 'right', 'exemption']);

function time(iso: string | null): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** How the answer was made, in words, from its `meta`. */
function MetaLine({ turn }: { turn: Turn }) {
  const m = turn.meta ?? {};
  const model = typeof m.model === 'string' ? m.model : null;
  const timing = m.timing as { total_ms?: unknown } | undefined;
  const seconds = typeof timing?.total_ms === 'number' ? `${(timing.total_ms / 1000).toFixed(1)} s` : null;
  const rejected = Array.isArray(m.rejected) ? m.rejected.length : 0;
  const removed = Array.isArray(m.removed_citations) ? m.removed_citations.length : 0;
  const parts: string[] = [turn.mode === 'research' ? 'Researched in the law database' : 'Answered from the law database'];
  if (m.phrased === true && model) parts.push(`worded by ${model}`);
  else if (m.phrased === false) parts.push(`worded as drafted from the law${model ? ` (${model} not used)` : ''}`);
  else if (model) parts.push(`model ${model}`);
  if (seconds) parts.push(`in ${seconds}`);
  const at = time(turn.at);
  if (at) parts.push(at);
  return (
    <div class="assistant-meta">
      <p>{parts.join(' · ')}</p>
      {m.premise_corrected === true && <p>The question assumed something the law does not say; the answer corrects it.</p>}
      {removed > 0 && <p>{plural(removed, 'citation')} could not be verified against the law and {removed === 1 ? 'was' : 'were'} left out.</p>}
      {rejected > 0 && <p>{plural(rejected, 'sentence')} of the model did not match the law and {rejected === 1 ? 'was' : 'were'} replaced by the drafted wording.</p>}
    </div>
  );
}

function Progress({ id, progress }: { id: string; progress: ResearchProgress }) {
  const steps = progress.plan?.steps ?? [];
  const names = new Map((progress.plan?.jurisdictions ?? []).map((j) => [j.slug, j.name]));
  const named = (slugs: string[]) => slugs.map((s) => names.get(s) ?? s).join(', ');
  return (
    <div class="assistant-progress">
      <label for={`${id}-progress`}>
        {STAGE_WORDS[progress.stage] ?? progress.stage}
        {progress.total > 0 && ` (${progress.done} of ${progress.total} done)`}
      </label>
      <progress id={`${id}-progress`} max={Math.max(progress.total, 1)} value={progress.stage === 'done' ? Math.max(progress.total, 1) : progress.done} />
      {steps.length > 0 && (
        <ol class="assistant-steps" aria-label="Research plan">
          {steps.map((s, i) => (
            <li key={i}>{s}</li>
          ))}
        </ol>
      )}
      {progress.running.length > 0 && <p class="assistant-muted">Now: {named(progress.running)}</p>}
      {progress.failed.length > 0 && <p class="assistant-warn">Not researched (the lookup failed): {named(progress.failed)}</p>}
    </div>
  );
}

function TurnView({ turn, index, onCite, onOpen }: { turn: Turn; index: number; onCite(c: ChatCitation): void; onOpen(id: string): void }) {
  const id = `assistant-turn-${index}`;
  const busy = turn.status === 'streaming';
  return (
    <article class="assistant-turn" aria-labelledby={`${id}-q`}>
      <h3 id={`${id}-q`} class="assistant-question">
        <span class="visually-hidden">Question {index + 1}: </span>
        {turn.question || 'Question not stored'}
        {turn.mode === 'research' && <span class="assistant-badge">research</span>}
      </h3>
      {turn.progress && (busy || turn.status === 'running' || turn.progress.failed.length > 0) && <Progress id={id} progress={turn.progress} />}
      {busy && turn.answer === '' && !turn.progress && <p class="assistant-muted">Looking the law up…</p>}
      {turn.answer !== '' && (
        <div class="assistant-answer" aria-busy={busy ? 'true' : 'false'} data-status={turn.status}>
          <AnswerText text={turn.answer} citations={turn.citations} onCite={(c) => onCite(c)} />
          {busy && <span class="assistant-cursor" aria-hidden="true" />}
        </div>
      )}
      {turn.status === 'cancelled' && <p class="assistant-warn">Stopped: the answer is incomplete.</p>}
      {turn.status === 'running' && !busy && <p class="assistant-muted">This research is still running. Reopen the conversation later to see its result.</p>}
      {turn.error && <ErrorNotice message={turn.error} />}
      {turn.citations.length > 0 && (
        <section class="assistant-citations" aria-labelledby={`${id}-cites`}>
          <h4 id={`${id}-cites`}>Citations</h4>
          <ul>
            {turn.citations.map((c, i) => (
              <li key={i}>
                <button type="button" class="assistant-cite" onClick={() => onCite(c)}>
                  [{i + 1}] {citationName(c)}
                </button>
                <span class="assistant-quote">
                  <span class="visually-hidden">Quote: </span>“{c.quote.length > 220 ? `${c.quote.slice(0, 220).trimEnd()}…` : c.quote}”
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {turn.sources.length > 0 && (
        <details class="assistant-sources">
          <summary>Sources read ({turn.sources.length})</summary>
          <ul>
            {turn.sources.map((s) => (
              <li key={s.id}>
                {OPENABLE.has(s.type) ? (
                  <button type="button" class="assistant-link" onClick={() => onOpen(s.id)}>
                    {s.citation ?? s.title}
                  </button>
                ) : (
                  <span>{s.citation ?? s.title}</span>
                )}
                {s.citation && <> — {s.title}</>}{' '}
                <span class="assistant-muted">
                  ({SOURCE_WORDS[s.type] ?? s.type}, {s.found_by === 'lookup' ? 'looked up' : 'found by search'})
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
      {(turn.status === 'complete' || turn.meta) && !busy && <MetaLine turn={turn} />}
    </article>
  );
}

export function AssistantPage({ route }: PageProps) {
  const { client, session, openDocument } = useConsole();
  const routeId = route.parts[1];
  const [turns, setTurns] = useState<Turn[]>([]);
  const [title, setTitle] = useState<string | null>(null);
  const [load, setLoad] = useState<LoadState>({ status: 'ready' });
  const [loadTick, setLoadTick] = useState(0);
  const [question, setQuestion] = useState('');
  const [research, setResearch] = useState(false);
  const [jurisdictions, setJurisdictions] = useState<string[]>([]);
  const [streaming, setStreaming] = useState<Turn['mode'] | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [listVersion, setListVersion] = useState(0);
  const [formError, setFormError] = useState<string | null>(null);

  /** The conversation the page holds (follow-ups continue it). */
  const held = useRef<string | undefined>(undefined);
  /** A conversation this page just started and moved the address to: already on screen, not to be reloaded. */
  const adopted = useRef<string | undefined>(undefined);
  const stream = useRef<AbortController | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const counter = useRef(0);

  useEffect(() => () => stream.current?.abort(), []);

  useEffect(() => {
    if (routeId !== undefined && routeId === adopted.current) {
      adopted.current = undefined;
      return;
    }
    adopted.current = undefined;
    stream.current?.abort();
    held.current = routeId;
    setTurns([]);
    setTitle(null);
    if (routeId === undefined) {
      setLoad({ status: 'ready' });
      return;
    }
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    client.chat.conversations.get(routeId, { signal: controller.signal }).then(
      (conversation) => {
        if (controller.signal.aborted) return;
        setTurns(turnsOf(conversation));
        setTitle(conversation.title);
        setLoad({ status: 'ready' });
      },
      (err: unknown) => !controller.signal.aborted && setLoad({ status: 'error', message: errorText(err) }),
    );
    return () => controller.abort();
  }, [routeId, loadTick]);

  const update = useCallback((key: string, change: Partial<Turn> | ((t: Turn) => Partial<Turn>)) => {
    setTurns((ts) => ts.map((t) => (t.key === key ? { ...t, ...(typeof change === 'function' ? change(t) : change) } : t)));
  }, []);

  const cite = useCallback((c: ChatCitation) => openDocument(c.id, c.quote), [openDocument]);

  async function ask(message: string) {
    const mode: Turn['mode'] = research ? 'research' : 'answer';
    stream.current?.abort();
    const controller = new AbortController();
    stream.current = controller;
    const key = `new-${++counter.current}`;
    const continuing = held.current !== undefined;
    // Without a conversation to continue (a first answer stopped or failed), the question starts a new one, shown alone.
    setTurns((ts) => (continuing ? [...ts, newTurn(key, message, mode)] : [newTurn(key, message, mode)]));
    if (!continuing) setTitle(message);
    setStreaming(mode);
    setAnnouncement(mode === 'research' ? 'Researching your question…' : 'Answering your question…');

    const request: ChatRequest = { message, mode };
    if (held.current) request.conversation_id = held.current;
    if (jurisdictions.length > 0) request.jurisdictions = jurisdictions;
    let text = '';
    let spoken = 0;
    let stage = '';
    let ended = false;
    try {
      for await (const item of client.chat.stream(request, { signal: controller.signal })) {
        if (item.type === 'sources') {
          update(key, { sources: item.data.sources });
        } else if (item.type === 'citation') {
          const { marker, ...citation } = item.data;
          update(key, (t) => {
            const citations = [...t.citations];
            citations[marker - 1] = citation;
            return { citations };
          });
        } else if (item.type === 'token') {
          text += item.data.text;
          update(key, { answer: text });
          if (mode === 'answer') {
            // Announce whole sentences as they complete, never each token.
            const end = lastSentenceEnd(text, spoken);
            if (end > spoken) {
              setAnnouncement(spokenText(text.slice(spoken, end)));
              spoken = end;
            }
          }
        } else if (item.type === 'progress') {
          update(key, { progress: item.data });
          const words = `${STAGE_WORDS[item.data.stage] ?? item.data.stage}${item.data.total > 0 ? `, ${item.data.done} of ${item.data.total} done` : ''}`;
          if (item.data.stage !== stage) setAnnouncement(words);
          stage = item.data.stage;
        } else if (item.type === 'done') {
          ended = true;
          const d = item.data;
          update(key, {
            answer: d.answer,
            citations: d.citations,
            sources: d.sources,
            meta: d.meta,
            status: d.status,
            progress: (d.research?.progress as ResearchProgress | undefined) ?? null,
            at: new Date().toISOString(),
            error: d.status === 'failed' ? 'This answer could not be made.' : null,
          });
          const rest = mode === 'answer' ? spokenText(d.answer.slice(spoken)) : '';
          setAnnouncement(`${rest ? `${rest} ` : ''}${mode === 'research' ? 'Research finished' : 'Answer complete'}, with ${plural(d.citations.length, 'citation')}.`);
          if (held.current !== d.conversation_id) {
            held.current = d.conversation_id;
            adopted.current = d.conversation_id;
            navigate(['assistant', d.conversation_id], undefined, true);
          }
        } else if (item.type === 'error') {
          ended = true;
          const words = errorText(item.error);
          update(key, { status: 'failed', error: words });
          setAnnouncement(`The answer failed: ${words}`);
        }
      }
      if (!ended) {
        update(key, { status: 'failed', error: 'The answer broke off before it was complete. Please ask again.' });
        setAnnouncement('The answer broke off before it was complete.');
      }
    } catch (err) {
      if (controller.signal.aborted) {
        update(key, (t) => (t.status === 'streaming' ? { status: 'cancelled' } : {}));
        setAnnouncement('Stopped.');
        // The server stores the stopped answer a moment later: list it then.
        setTimeout(() => setListVersion((n) => n + 1), 1500);
      } else {
        const words = errorText(err);
        update(key, { status: 'failed', error: words });
        setAnnouncement(`The answer failed: ${words}`);
      }
    } finally {
      if (stream.current === controller) {
        stream.current = null;
        setStreaming(null);
      }
      setListVersion((n) => n + 1);
    }
  }

  const submit = (e?: Event) => {
    e?.preventDefault();
    const message = question.trim();
    if (streaming) return;
    if (message === '') {
      setFormError('Please write a question first.');
      box.current?.focus();
      return;
    }
    setFormError(null);
    setQuestion('');
    void ask(message);
  };

  const startAfresh = useCallback(() => {
    stream.current?.abort();
    held.current = undefined;
    setTurns([]);
    setTitle(null);
    setLoad({ status: 'ready' });
    box.current?.focus();
  }, []);

  const stop = () => {
    stream.current?.abort();
    box.current?.focus();
  };

  const canChooseJurisdictions = session.scopes.includes('read:transparency');

  return (
    <div class="assistant-page">
      <PageHeader title="Research assistant">
        <p class="assistant-intro">
          Ask about public-records law. The assistant answers from Sunlight’s law database — the statutes and reviewed facts of each jurisdiction — and cites the
          section behind every statement. Select a citation to read the statute beside the answer, the quoted words marked. It is not legal advice.
        </p>
      </PageHeader>
      <div class="assistant-layout">
        <ConversationList current={routeId} version={listVersion} onNew={startAfresh} />
        <section class="assistant-thread" aria-labelledby="assistant-thread-title">
          <h2 id="assistant-thread-title">{title ?? (routeId ? 'Conversation' : 'New conversation')}</h2>
          {load.status === 'loading' && <Loading label="Loading the conversation…" />}
          {load.status === 'error' && <ErrorNotice message={load.message} retry={() => setLoadTick((n) => n + 1)} />}
          {load.status === 'ready' && turns.length === 0 && (
            <p class="assistant-muted">No questions yet. Try “How long does a Texas agency have to respond to a records request?”</p>
          )}
          {turns.map((t, i) => (
            <TurnView key={t.key} turn={t} index={i} onCite={cite} onOpen={(id) => openDocument(id)} />
          ))}
          <div class="visually-hidden" aria-live="polite" aria-atomic="true">
            {announcement}
          </div>
          <form class="assistant-form" onSubmit={submit} aria-label="Ask the assistant">
            <label for="assistant-question">Your question</label>
            <textarea
              id="assistant-question"
              ref={box}
              rows={3}
              value={question}
              aria-describedby="assistant-question-hint"
              aria-invalid={formError ? 'true' : undefined}
              onInput={(e) => setQuestion((e.currentTarget as HTMLTextAreaElement).value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) submit(e);
              }}
            />
            <p id="assistant-question-hint" class="assistant-muted">
              {turns.length > 0 &&
                !streaming &&
                (held.current ? 'A follow-up continues this conversation. ' : 'The last answer did not finish, so your next question starts a new conversation. ')}
              Enter asks; Shift+Enter starts a new line.
            </p>
            {formError && <p class="assistant-warn" role="alert">{formError}</p>}
            <div class="assistant-options">
              <label class="assistant-check">
                <input type="checkbox" checked={research} onChange={(e) => setResearch((e.currentTarget as HTMLInputElement).checked)} aria-describedby="assistant-research-hint" /> Research mode
              </label>
              <span id="assistant-research-hint" class="assistant-muted">
                A multi-step comparison across jurisdictions, with its progress shown; slower.
              </span>
            </div>
            {canChooseJurisdictions && <JurisdictionChooser selected={jurisdictions} onChange={setJurisdictions} />}
            <div class="assistant-actions">
              <button type="submit" disabled={streaming !== null}>
                Ask
              </button>
              {streaming && (
                <button type="button" class="assistant-stop" onClick={stop}>
                  Stop
                </button>
              )}
              {streaming && <span class="assistant-muted">{streaming === 'research' ? 'Researching…' : 'Answering…'}</span>}
            </div>
          </form>
        </section>
      </div>
    </div>
  );
}
