import { Readable } from 'node:stream';
import { ApplicationFailure, Context } from '@temporalio/activity';
import type { Knex } from 'knex';
import { assemblePacket, ingestionState } from '../../core/documents/assemble-packet.js';
import type { CompilePart, CompileRequest, PacketFormat } from '../../core/documents/compile-parts.js';
import type { CompilationEnd, CompilationOutput, CompilationProgress, CompilationStore } from '../../core/documents/compilation-store.js';
import { createCitationResolver, gatherPart, PartUnavailableError, type GatherDeps } from '../../core/documents/gather-part.js';
import type { Packet } from '../../core/documents/packet.js';
import { renderHtml } from '../../core/documents/render-html.js';
import { renderMarkdown } from '../../core/documents/render-markdown.js';
import { renderPdf } from '../../core/documents/render-pdf.js';
import type { Logger } from '../../core/logger/logger.js';
import { createPgConversationStore } from '../../core/chat/conversation-store.js';
import { createPgCompilationStore } from '../../core/documents/compilation-store.js';
import { createFoiaAttachmentService } from '../../core/foia/attachments/attachment-service.js';
import { createPgFoiaLawStore } from '../../core/foia/foia-law-store.js';
import { createPgFoiaRequestStore } from '../../core/foia/foia-request-store.js';
import { createFoiaService } from '../../core/foia/foia-service.js';
import { createSearch } from '../../core/search/create-search.js';
import type { VectorSearch } from '../../core/search/search-contracts.js';
import { searchOptionsFrom } from '../../core/search/search-service.js';
import { createTransparencyService } from '../../core/transparency/transparency-service.js';
import { createPgTransparencyStore } from '../../core/transparency/transparency-store.js';
import type { StorageService } from '../../core/storage/storage-service.js';
import { GATHER_ATTEMPTS } from '../../workflows/compile-document-contracts.js';

export interface CompilationActivityDeps extends GatherDeps {
  db: Knex;
  compilations: CompilationStore;
  storage: StorageService;
  /** Prefix of citation links in the packets ('' for links relative to the API). */
  linkBase: string;
  logger: Logger;
}

const FORMATS: Record<PacketFormat, { extension: string; contentType: string; render: (p: Packet) => Promise<Buffer> | Buffer }> = {
  pdf: { extension: 'pdf', contentType: 'application/pdf', render: (p) => renderPdf(p) },
  markdown: { extension: 'md', contentType: 'text/markdown; charset=utf-8', render: (p) => Buffer.from(renderMarkdown(p), 'utf8') },
  html: { extension: 'html', contentType: 'text/html; charset=utf-8', render: (p) => Buffer.from(renderHtml(p), 'utf8') },
};

/** `Texas deadlines, 2025!` → `texas-deadlines-2025`: the file name of a packet's outputs. */
export function fileStem(title: string): string {
  const stem = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return stem || 'packet';
}

/** Where a compilation's output of `format` is stored among its owner's objects. */
export const outputKey = (compilationId: string, title: string, format: PacketFormat): string => `packets/${compilationId}/${fileStem(title)}.${FORMATS[format].extension}`;

/** The compilation's status writes: all they need is the store. */
export function createCompilationBookkeeping(deps: { compilations: CompilationStore; logger: Logger }) {
  const log = deps.logger.child({ module: 'compilation' });
  return {
    async markCompilationRunning(input: { userId: string; compilationId: string; progress: CompilationProgress }): Promise<void> {
      await deps.compilations.asUser(input.userId, (tx) => tx.setProgress(input.compilationId, 'running', input.progress));
    },

    /** Idempotent: an already finished compilation is left as it ended. */
    async finishCompilation(input: { userId: string; compilationId: string; end: CompilationEnd; progress: CompilationProgress }): Promise<void> {
      const changed = await deps.compilations.asUser(input.userId, (tx) => tx.finish(input.compilationId, input.end, input.progress));
      log.info({ compilationId: input.compilationId, status: input.end.status, changed }, 'compilation finished');
    },
  };
}

/**
 * The compilation workflow's activities: status writes, gathering one part (kept in the
 * database, so the workflow's history carries no packet text), and rendering the packet and
 * storing each output in the owner's object storage. All act as the compilation's owner
 * (row-level security applies to the worker too).
 */
export function createCompilationActivities(deps: CompilationActivityDeps) {
  const log = deps.logger.child({ module: 'compilation' });
  return {
    ...createCompilationBookkeeping(deps),
    async gatherCompilationPart(input: { userId: string; compilationId: string; index: number; total: number; part: CompilePart }): Promise<{ failure: string | null }> {
      // A resolver per part: its cache never outlives one reading of the database.
      const resolve = createCitationResolver(deps.transparency);
      let part;
      let failure: string | null = null;
      try {
        part = await gatherPart(deps, resolve, input.userId, input.part, input.index);
      } catch (err) {
        const lastAttempt = Context.current().info.attempt >= GATHER_ATTEMPTS;
        if (!(err instanceof PartUnavailableError) && !lastAttempt) throw err;
        if (!(err instanceof PartUnavailableError)) log.error({ err: { name: (err as Error).name, message: (err as Error).message }, compilationId: input.compilationId, index: input.index }, 'a part failed on its last attempt');
        failure = err instanceof PartUnavailableError ? err.message : 'An internal error stopped this part; try again later';
        part = { index: input.index, kind: input.part.kind, title: `Part ${input.index} (${input.part.kind.replace(/_/g, ' ')})`, blocks: [], failure: { reason: failure } };
      }
      await deps.compilations.asUser(input.userId, async (tx) => {
        const done = await tx.savePart(input.compilationId, part);
        await tx.setProgress(input.compilationId, 'running', { done, total: input.total, step: `gathered part ${input.index}` });
      });
      return { failure };
    },

    async renderCompilation(input: { userId: string; compilationId: string; request: CompileRequest }): Promise<{ outputs: CompilationOutput[]; fingerprint: string }> {
      const { parts, status } = await deps.compilations.asUser(input.userId, async (tx) => ({ parts: await tx.parts(input.compilationId), status: (await tx.find(input.compilationId))?.status }));
      // Cancelled (through the API) while its parts were gathered: nothing is rendered or stored.
      if (status === 'cancelled') throw ApplicationFailure.nonRetryable('The compilation was cancelled', 'CompilationCancelled');
      const packet = assemblePacket({ request: input.request, ingestion: await ingestionState(deps.db), parts, linkBase: deps.linkBase });
      const outputs: CompilationOutput[] = [];
      for (const format of input.request.formats) {
        const spec = FORMATS[format];
        let bytes: Buffer;
        try {
          bytes = await spec.render(packet);
        } catch (err) {
          log.error({ err: { name: (err as Error).name, message: (err as Error).message }, compilationId: input.compilationId, format }, 'rendering failed');
          throw ApplicationFailure.nonRetryable(`The ${format} rendering failed (internal error)`, 'RenderFailed');
        }
        Context.current().heartbeat({ format });
        const key = outputKey(input.compilationId, input.request.title, format);
        const { object } = await deps.storage.put(input.userId, key, Readable.from([bytes]), { contentType: spec.contentType, contentLength: bytes.length, serviceWritten: true });
        outputs.push({ format, key: object.key, size: object.size, sha256: object.sha256, content_type: object.content_type });
      }
      log.info({ compilationId: input.compilationId, formats: input.request.formats, parts: parts.length }, 'compilation rendered');
      return { outputs, fingerprint: packet.fingerprint };
    },
  };
}

export type CompilationActivities = ReturnType<typeof createCompilationActivities>;

/**
 * The compilation activities' dependencies over the worker's database and an object storage
 * service: the law database's read side, keyword-and-vector search as configured, and the
 * owner's conversations, FOIA requests and attachments.
 */
export function compilationDepsOver(
  db: Knex,
  options: { storage: StorageService; linkBase: string; vector?: VectorSearch | null; fusion?: { rrfK: number; weights: { keyword: number; vector: number } } },
): Omit<CompilationActivityDeps, 'logger'> {
  const store = createPgTransparencyStore(db);
  const transparency = createTransparencyService({ store });
  const { search } = createSearch({ db, transparency: store, vector: options.vector ?? null, options: searchOptionsFrom(options.fusion ?? { rrfK: 3, weights: { keyword: 1, vector: 1 } }) });
  return {
    db,
    transparency,
    search,
    conversations: createPgConversationStore(db),
    foia: createFoiaService({ requests: createPgFoiaRequestStore(db), law: createPgFoiaLawStore(db) }),
    attachments: createFoiaAttachmentService({ db, storage: options.storage }),
    compilations: createPgCompilationStore(db),
    storage: options.storage,
    linkBase: options.linkBase,
  };
}
