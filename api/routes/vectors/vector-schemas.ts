import { z } from 'zod';
import { paginationShape } from '../../../core/http/list-envelope.js';

/** Metadata keys: plain names, so a filter key means the same in every vector store. */
const metadataKey = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Letters, digits, _ and - (at most 64)');
const MAX_METADATA_BYTES = 4096;
const MAX_METADATA_KEYS = 32;
/** Dimension of bring-your-own-vector collections. */
export const MAX_DIMENSION = 4096;
/** Characters of one item's text (it is cut into chunks). */
export const MAX_ITEM_TEXT = 100_000;
export const MAX_ITEMS_PER_REQUEST = 100;

const metadataValue = z.union([z.string().max(1000), z.number().finite(), z.boolean(), z.null()]);

export const metadataSchema = z
  .record(metadataKey, metadataValue)
  .refine((m) => Object.keys(m).length <= MAX_METADATA_KEYS, `At most ${MAX_METADATA_KEYS} keys`)
  .refine((m) => Buffer.byteLength(JSON.stringify(m)) <= MAX_METADATA_BYTES, `At most ${MAX_METADATA_BYTES} bytes as JSON`)
  .describe(`A flat JSON object: keys of letters, digits, _ and -; values strings (≤ 1000 characters), numbers, booleans or null; at most ${MAX_METADATA_KEYS} keys and ${MAX_METADATA_BYTES} bytes`);

/** Equality filters: floats are not matched (not every vector store can), integers are. */
export const filterSchema = z
  .record(metadataKey, z.union([z.string().max(1000), z.number().int(), z.boolean()]))
  .refine((m) => Object.keys(m).length <= 16, 'At most 16 keys')
  .describe('Metadata equality: every key must equal its value (strings, integers, booleans)');

const vector = (what: string) => z.array(z.number().finite()).min(1).max(MAX_DIMENSION).describe(what);

export const collectionParams = z.object({ id: z.string().min(1).max(100) });
export const itemParams = z.object({ id: z.string().min(1).max(100), item_id: z.string().min(1).max(300) });
export const runParams = z.object({ id: z.string().min(1).max(100), run_id: z.string().min(1).max(100) });

export const createCollectionBody = z
  .object({
    name: z.string().trim().min(1).max(200),
    description: z.string().max(2000).nullable().optional(),
    model: z
      .union([z.literal('server'), z.object({ dimension: z.number().int().min(1).max(MAX_DIMENSION) }).strict()])
      .default('server')
      .describe('"server": text is embedded with the server\'s model; { "dimension": n }: you bring vectors of n numbers'),
  })
  .strict();

export const listCollectionsQuery = z.object(paginationShape).strict();

export const upsertItemsBody = z
  .object({
    items: z
      .array(
        z
          .object({
            id: z.string().regex(/^[\x21-\x7e]{1,300}$/, '1 to 300 visible ASCII characters').optional().describe('Your id (replaces the item of this id); generated when missing'),
            text: z.string().max(MAX_ITEM_TEXT).optional().describe('Text to chunk and embed (server collections), or to keep beside a vector'),
            vector: vector("The item's vector, of the collection's dimension").optional(),
            metadata: metadataSchema.optional(),
          })
          .strict(),
      )
      .min(1)
      .max(MAX_ITEMS_PER_REQUEST),
  })
  .strict();

export const queryBody = z
  .object({
    text: z.string().trim().min(1).max(2000).optional().describe('Text to embed with the collection\'s model'),
    vector: vector('A query vector of the collection\'s dimension').optional(),
    filter: filterSchema.optional(),
    limit: z.number().int().min(1).max(100).default(10),
  })
  .strict()
  .refine((b) => (b.text === undefined) !== (b.vector === undefined), { message: 'Give text or a vector (one of them)', path: ['text'] });

export const indexBody = z.object({ object_key: z.string().min(1).max(1024).describe('Key of one of your stored objects (PDF, text, Markdown or HTML)') }).strict();

export const rebuildBody = z.object({ force: z.boolean().default(false).describe('Re-derive every jurisdiction even when its sources are unchanged') }).strict();

// ---- responses (documentation: the API description and the SDKs are generated from these)

const metadataOut = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

export const collectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  embedding: z.enum(['server', 'vectors']).describe('"server": text embedded by the server; "vectors": your own vectors'),
  model: z.string().describe('The embedding model, or "own-vectors"'),
  dimension: z.number().int(),
  item_count: z.number().int(),
  chunk_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const collectionListSchema = z.object({ data: z.array(collectionSchema), total: z.number().int(), next_cursor: z.string().nullable() });

export const upsertResultSchema = z.object({ data: z.array(z.object({ id: z.string(), chunk_count: z.number().int() })) });

export const itemSchema = z.object({
  id: z.string(),
  text: z.string().nullable(),
  metadata: metadataOut,
  source: z.object({ object_key: z.string(), page: z.number().int().nullable() }).nullable().describe('The object and page an indexed item came from'),
  chunk_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const queryResultSchema = z.object({
  data: z.array(
    z.object({
      id: z.string().describe('The item id'),
      text: z.string().nullable().describe('The chunk of the item that matched'),
      metadata: metadataOut,
      score: z.number().describe('Cosine similarity, higher is nearer'),
      chunk: z.number().int().describe('Position of the matching chunk in the item, from 0'),
    }),
  ),
});

const progressSchema = z.object({
  step: z.string(),
  pages: z.number().int(),
  chunks_total: z.number().int(),
  chunks_done: z.number().int().describe('Embedded or skipped so far'),
  chunks_embedded: z.number().int(),
  chunks_skipped: z.number().int().describe('Unchanged since an earlier run (same content hash)'),
});

export const indexRunSchema = z.object({
  id: z.string(),
  collection_id: z.string(),
  object_key: z.string(),
  status: z.enum(['queued', 'running', 'completed', 'failed', 'cancelled']),
  progress: progressSchema,
  error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  finished_at: z.string().nullable(),
  links: z.object({ self: z.string(), cancel: z.string() }),
});

export const adminOverviewSchema = z.object({
  law: z.object({
    model: z.string(),
    dimension: z.number().int(),
    chunk_count: z.number().int().describe("Points in the law's vector collection"),
    chunks_in_database: z.number().int(),
    chunks_embedded: z.number().int(),
    last_indexed_at: z.string().nullable(),
    last_run: z.object({ id: z.string(), status: z.string(), started_at: z.string(), finished_at: z.string().nullable() }).nullable(),
  }),
  collections: z.array(
    z.object({
      id: z.string(),
      owner: z.string().describe("The owner's sub"),
      name: z.string(),
      embedding: z.enum(['server', 'vectors']),
      model: z.string(),
      dimension: z.number().int(),
      item_count: z.number().int(),
      chunk_count: z.number().int(),
      created_at: z.string(),
      updated_at: z.string(),
    }),
  ),
});

export const rebuildResultSchema = z.object({ workflow_id: z.string(), started: z.boolean().describe('False when a corpus ingestion was running already (it is the rebuild)') });
