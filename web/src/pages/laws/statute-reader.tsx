import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Jurisdiction, LawDocument, StatuteNode, StatuteResult } from '../../../../sdk/typescript/src/index.js';
import { NotFoundError } from '../../../../sdk/typescript/src/index.js';
import { errorText } from '../../api/client.js';
import { ErrorNotice, Loading } from '../../components/status.js';
import { useConsole } from '../../context.js';
import { href, navigate } from '../../router.js';
import type { Target } from './jurisdiction-page.js';
import { NO_STATUTE_TEXT } from './profile.js';
import { findReferences, jurisdictionOfSection, locateNode, pieces, type Reference } from './statute-text.js';
import { sectionSign } from './words.js';

/** Sections put on the page per step: the first ones show at once, the rest follow frame by frame. */
const CHUNK = 25;
const PAGE_SIZE = 100;
const TARGET_ELEMENT = 'laws-statute-target';

type StatuteSection = LawDocument & { type: 'statute_section' };
type References = (loadFor: string, signal: AbortSignal) => Promise<Reference[]>;

const sectionElementId = (id: string) => `laws-sec-${id}`;
const sectionHeadingId = (id: string) => `laws-sec-${id}-title`;
const statuteHref = (jurisdiction: string, sectionId: string) => href(['laws', jurisdictionOfSection(sectionId) ?? jurisdiction], { view: 'statute', section: sectionId });

/** The statute reader, or, where the law database has no statute text, a plain notice saying so. */
export function StatuteReader({ jurisdiction: j, target }: { jurisdiction: Jurisdiction; target: Target | undefined }) {
  if (!j.statute_text.available) {
    const sources = j.documents.filter((d) => d.kind !== 'statute_text');
    return (
      <section class="laws-section" aria-labelledby="laws-statute-title">
        <h2 id="laws-statute-title">Statute text</h2>
        <p class="notice laws-no-text">{NO_STATUTE_TEXT}</p>
        {sources.length > 0 && (
          <>
            <p>What the law database has for {j.name} instead:</p>
            <ul class="laws-plain-list">
              {sources.map((d) => (
                <li key={d.id}>
                  {d.title} <span class="laws-muted">({d.kind === 'process_map' ? 'process map' : d.kind.replace(/_/g, ' ')}, {d.source_path})</span>
                </li>
              ))}
            </ul>
          </>
        )}
        {target && <OutsideText target={target} />}
      </section>
    );
  }
  return <Reader key={j.slug} jurisdiction={j} target={target} />;
}

/** A `?section=` record that is not a node of the statute text (a summary or process-map passage). */
function OutsideText({ target }: { target: Target }) {
  const { openDocument } = useConsole();
  if (target.doc.status === 'loading') return <Loading label="Finding the section…" />;
  if (target.doc.status === 'error') return <ErrorNotice message={target.doc.message} retry={target.doc.reload} />;
  const doc = target.doc.value;
  if (!doc) return null;
  return (
    <div class="notice" role="status">
      <p>
        “{doc.citation ?? doc.title}” is not part of the statute text: it comes from {doc.provenance.source_path}.
      </p>
      <button type="button" onClick={() => openDocument(doc.id)}>
        Open it beside the page
      </button>
    </div>
  );
}

/** Loads the top-level sections page by page (each page shown as it arrives), resuming after an error. */
function useStatutePages(slug: string) {
  const { client } = useConsole();
  const [nodes, setNodes] = useState<StatuteNode[]>([]);
  const [head, setHead] = useState<{ total: number; document: StatuteResult['document'] } | null>(null);
  const [state, setState] = useState<{ status: 'loading' | 'done' } | { status: 'error'; message: string }>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const cursor = useRef<string | undefined>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    setState({ status: 'loading' });
    void (async () => {
      try {
        for (;;) {
          const page = await client.transparency.statutes.list({ jurisdiction: slug, limit: PAGE_SIZE, cursor: cursor.current }, { signal });
          if (signal.aborted) return;
          setNodes((prev) => [...prev, ...page.data]);
          setHead({ total: page.total, document: page.document });
          if (!page.next_cursor) break;
          cursor.current = page.next_cursor;
        }
        setState({ status: 'done' });
      } catch (err) {
        if (signal.aborted) return;
        setState({ status: 'error', message: err instanceof NotFoundError ? NO_STATUTE_TEXT : errorText(err) });
      }
    })();
    return () => controller.abort();
  }, [slug, attempt]);
  return { nodes, head, state, retry: () => setAttempt((n) => n + 1) };
}

/**
 * The statute's top-level sections in document order, each with its label, citation and
 * verbatim text. A section's cross-references (read from the document API once the section
 * scrolls near) become links to the cited section. `?section=` scrolls to the node asked for,
 * marks it and moves the focus to it.
 */
function Reader({ jurisdiction: j, target }: { jurisdiction: Jurisdiction; target: Target | undefined }) {
  const { client } = useConsole();
  const { nodes, head, state, retry } = useStatutePages(j.slug);
  const [shown, setShown] = useState(CHUNK);

  // Cross-references, read once per section and kept while the reader is open.
  const cache = useRef(new Map<string, Promise<Reference[]>>());
  const loadReferences = useCallback<References>(
    (id, signal) => {
      let found = cache.current.get(id);
      if (!found) {
        found = client.documents.get(id, { signal }).then((d) => d.cross_references.outgoing);
        void found.catch(() => cache.current.delete(id));
        cache.current.set(id, found);
      }
      return found;
    },
    [client],
  );

  // The node asked for, and the top-level section holding it.
  const targetDoc = target?.doc.status === 'ready' ? target.doc.value : null;
  const node: StatuteSection | null = targetDoc && targetDoc.type === 'statute_section' ? (targetDoc as StatuteSection) : null;
  const inText = node !== null && node.metadata.document_id === j.statute_text.document_id;
  const topIndex = useMemo(() => {
    if (!node || !inText) return -1;
    const exact = nodes.findIndex((n) => n.id === node.id);
    return exact >= 0 ? exact : nodes.findIndex((n) => n.section_number === node.metadata.section_number);
  }, [nodes, node, inText]);
  const top = topIndex >= 0 ? nodes[topIndex] : undefined;
  const mark = useMemo(
    () => (node && top && node.id !== top.id ? locateNode(top.text, node.text, node.metadata.path[node.metadata.path.length - 1]) : null),
    [node, top],
  );

  // Put the sections on the page a chunk at a time (always up to the one asked for).
  useEffect(() => {
    if (shown >= nodes.length) return;
    const timer = setTimeout(() => setShown((n) => n + CHUNK), 30);
    return () => clearTimeout(timer);
  }, [shown, nodes.length]);
  const count = Math.min(nodes.length, Math.max(shown, topIndex + 1 + CHUNK));

  // Once the node asked for is on the page: scroll to it and move the focus there.
  const focused = useRef<string | null>(null);
  useEffect(() => {
    if (!target) focused.current = null;
  }, [target]);
  useEffect(() => {
    if (!node || !top || focused.current === node.id) return;
    const el = document.getElementById(mark ? TARGET_ELEMENT : sectionHeadingId(top.id));
    if (!el) return;
    focused.current = node.id;
    el.focus({ preventScroll: true });
    // A marked node in the middle of the window (from its top when it is long); a whole section from its top.
    const tall = el.getBoundingClientRect().height > window.innerHeight * 0.6;
    (mark ? el : (el.closest('article') ?? el)).scrollIntoView({ block: mark && !tall ? 'center' : 'start' });
  }, [node?.id, top?.id, mark, count]);

  const notFound = target && inText && state.status === 'done' && topIndex < 0;

  return (
    <section class="laws-section" aria-labelledby="laws-statute-title">
      <h2 id="laws-statute-title">Statute text</h2>
      {head && (
        <p class="laws-statute-doc">
          <strong>{head.document.title}</strong>
          {head.document.citation && <> · {head.document.citation}</>}
          <br />
          <span class="laws-muted">
            Source: {head.document.source_path}
            {head.document.retrieved_date && <>, retrieved {head.document.retrieved_date}</>}
            {head.document.completeness && <>. Completeness: {head.document.completeness}</>}
          </span>
        </p>
      )}
      {j.statute_text.coverage === 'partial' && (
        <p class="notice">Only part of the statute is in the law database: sections not listed here are missing, not repealed.</p>
      )}

      {target && <TargetNotice jurisdiction={j} target={target} node={node} inText={inText} whole={!!top && !mark && node?.id !== top.id} notFound={!!notFound} />}

      <GoToSection jurisdiction={j} example={nodes[0]?.label} />

      {head && nodes.length > 0 && (
        <details class="laws-toc">
          <summary>
            Contents: {head.total} section{head.total === 1 ? '' : 's'}
          </summary>
          <ol>
            {nodes.map((n) => (
              <li key={n.id}>
                <a href={statuteHref(j.slug, n.id)}>
                  {sectionSign(n.label)}
                  {n.heading && <>. {n.heading}</>}
                </a>
              </li>
            ))}
          </ol>
        </details>
      )}

      <p class="laws-muted" role="status">
        {state.status === 'loading' && (head ? `Loading the statute: ${nodes.length} of ${head.total} sections so far…` : 'Loading the statute…')}
        {state.status === 'done' && nodes.length === 0 && 'The statute text has no sections.'}
      </p>
      {state.status === 'error' && <ErrorNotice message={state.message} retry={retry} />}

      <div class="laws-statute">
        {nodes.slice(0, count).map((n) => (
          <Section key={n.id} jurisdiction={j.slug} node={n} targeted={top?.id === n.id} mark={top?.id === n.id ? mark : null} loadReferences={loadReferences} />
        ))}
      </div>
      {count < nodes.length && <p class="laws-muted">Showing {count} of {nodes.length} sections…</p>}
    </section>
  );
}

/** What `?section=` asked for, said in words, with the sections that cite it. */
function TargetNotice({
  jurisdiction: j,
  target,
  node,
  inText,
  whole,
  notFound,
}: {
  jurisdiction: Jurisdiction;
  target: Target;
  node: StatuteSection | null;
  inText: boolean;
  whole: boolean;
  notFound: boolean;
}) {
  const { openDocument } = useConsole();
  if (target.doc.status === 'loading') return <Loading label="Finding the section…" />;
  if (target.doc.status === 'error') return <ErrorNotice message={`The section asked for could not be read: ${target.doc.message}`} retry={target.doc.reload} />;
  const doc = target.doc.value;
  if (!doc) return null;
  if (!node || !inText) return <OutsideText target={target} />;
  const name = node.citation ?? sectionSign(node.metadata.label);
  const incoming = node.cross_references.incoming;
  return (
    <div class="laws-target-status">
      <p role="status">
        {notFound ? (
          <>
            {name} is not among the sections of the statute text.{' '}
            <button type="button" onClick={() => openDocument(node.id)}>
              Open it beside the page
            </button>
          </>
        ) : whole ? (
          `Showing ${name}: its words could not be told apart in the section, so the whole section is marked.`
        ) : (
          `Showing ${name}, highlighted in the text below.`
        )}
      </p>
      {incoming.length > 0 && (
        <p class="laws-cited-by">
          Cited by:{' '}
          {incoming.map((r, i) => (
            <span key={`${r.from_type}:${r.from_id}`}>
              {i > 0 && ', '}
              <a href={r.from_type === 'section' ? statuteHref(j.slug, r.from_id) : href(['laws', j.slug], { view: r.from_type === 'right' ? 'rights' : 'exemptions', section: r.from_id })}>
                {r.from_type === 'section' ? (r.from_citation ?? sectionSign(r.from_label ?? r.from_id)) : `${r.from_type === 'right' ? 'the right' : 'the exemption'} “${r.from_label ?? r.from_id}”`}
              </a>
            </span>
          ))}
        </p>
      )}
    </div>
  );
}

/** "Go to a section": the API reads the citation forgivingly ("552.301", "§ 552.301(b)", "Sec. 552.221(d)"). */
function GoToSection({ jurisdiction: j, example }: { jurisdiction: Jurisdiction; example: string | undefined }) {
  const { client } = useConsole();
  const [value, setValue] = useState('');
  const [state, setState] = useState<{ status: 'idle' | 'busy' } | { status: 'error'; message: string }>({ status: 'idle' });
  const onSubmit = async (e: Event) => {
    e.preventDefault();
    const citation = value.trim();
    if (!citation) return;
    setState({ status: 'busy' });
    try {
      const found = await client.transparency.statutes.list({ jurisdiction: j.slug, citation, limit: 1 });
      setState({ status: 'idle' });
      if (found.resolved) navigate(['laws', j.slug], { view: 'statute', section: found.resolved.section_id });
    } catch (err) {
      setState({ status: 'error', message: err instanceof NotFoundError ? `No section of the statute matches “${citation}”.` : errorText(err) });
    }
  };
  return (
    <form class="laws-goto" onSubmit={(e) => void onSubmit(e)}>
      <label for="laws-goto-input">Go to a section</label>
      <input
        id="laws-goto-input"
        type="text"
        value={value}
        placeholder={example ? `e.g. ${example}` : undefined}
        autoComplete="off"
        aria-describedby={state.status === 'error' ? 'laws-goto-error' : undefined}
        onInput={(e) => setValue(e.currentTarget.value)}
      />
      <button type="submit" disabled={state.status === 'busy'}>
        Go
      </button>
      {state.status === 'error' && (
        <p id="laws-goto-error" class="laws-goto-error" role="alert">
          {state.message}
        </p>
      )}
    </form>
  );
}

/** One top-level section: its heading, citation and text, with its citations as links once read. */
function Section({
  jurisdiction,
  node,
  targeted,
  mark,
  loadReferences,
}: {
  jurisdiction: string;
  node: StatuteNode;
  targeted: boolean;
  mark: [number, number] | null;
  loadReferences: References;
}) {
  const ref = useRef<HTMLElement>(null);
  const [near, setNear] = useState(targeted);
  const [refs, setRefs] = useState<Reference[]>([]);

  useEffect(() => {
    if (near || !ref.current) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '400px 0px' });
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [near]);
  useEffect(() => {
    if (targeted) setNear(true);
  }, [targeted]);
  useEffect(() => {
    if (!near) return;
    const controller = new AbortController();
    loadReferences(node.id, controller.signal).then(
      (r) => !controller.signal.aborted && setRefs(r),
      () => undefined, // The text reads without its links; the next visit tries again.
    );
    return () => controller.abort();
  }, [near, node.id]);

  const runs = useMemo(() => pieces(node.text, findReferences(node.text, refs), mark), [node.text, refs, mark]);
  const whole = targeted && !mark;

  return (
    <article ref={ref} id={sectionElementId(node.id)} class={whole ? 'laws-statute-section laws-statute-section-target' : 'laws-statute-section'} aria-labelledby={sectionHeadingId(node.id)}>
      <h3 id={sectionHeadingId(node.id)} tabIndex={-1}>
        {sectionSign(node.label)}
        {node.heading && <>. {node.heading}</>}
      </h3>
      <p class="laws-statute-cite">
        {node.citation ?? sectionSign(node.label)} ·{' '}
        <a href={statuteHref(jurisdiction, node.id)}>
          Link<span class="visually-hidden"> to {sectionSign(node.label)}</span>
        </a>
      </p>
      <div class="laws-statute-body">
        {runs.length === 0 && <span class="laws-muted">(No text.)</span>}
        <Runs runs={runs} jurisdiction={jurisdiction} />
      </div>
    </article>
  );
}

function Runs({ runs, jurisdiction }: { runs: ReturnType<typeof pieces>; jurisdiction: string }) {
  const out = [];
  for (let i = 0; i < runs.length; i++) {
    if (runs[i]!.marked) {
      const start = i;
      while (i + 1 < runs.length && runs[i + 1]!.marked) i++;
      out.push(
        // One key for the mark, so that links arriving later do not replace the focused element.
        <mark key="target" id={TARGET_ELEMENT} class="laws-target" tabIndex={-1}>
          {runs.slice(start, i + 1).map((r, k) => (
            <Run key={k} run={r} jurisdiction={jurisdiction} />
          ))}
        </mark>,
      );
    } else {
      out.push(<Run key={`run-${i}`} run={runs[i]!} jurisdiction={jurisdiction} />);
    }
  }
  return <>{out}</>;
}

function Run({ run, jurisdiction }: { run: ReturnType<typeof pieces>[number]; jurisdiction: string }) {
  if (!run.ref) return <>{run.text}</>;
  return (
    <a class="laws-xref" href={statuteHref(jurisdiction, run.ref.section_id)} title={run.ref.citation ?? undefined}>
      {run.text}
    </a>
  );
}
