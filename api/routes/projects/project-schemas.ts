import { z } from 'zod';
import { paginationShape } from '../../../core/http/list-envelope.js';
import { MEMBER_ROLES, PROJECT_ITEM_KINDS } from '../../../core/projects/project-types.js';
import { hasControlCharacter, MAX_KEY_LENGTH, objectKeyProblem } from '../../../core/storage/object-key.js';
import { MAX_SEARCH_LIMIT, searchFilters } from '../search/search-schemas.js';

const noControl = (text: string) => !hasControlCharacter(text);

export const projectParams = z.object({ id: z.uuid({ message: 'Not a project id' }) });
export const itemParams = projectParams.extend({ item_id: z.uuid({ message: 'Not an item id' }) });
export const memberParams = projectParams.extend({
  sub: z.string().min(1).max(255).refine(noControl, 'No control characters').describe("The member's `sub` (the subject of their tokens)"),
});

const name = z.string().trim().min(1, 'Give a name').max(200).refine(noControl, 'No control characters');
const description = z.string().trim().max(4000).nullable();

/** `POST /api/projects`. */
export const createProjectBody = z.object({ name, description: description.optional() }).strict();

/** `PATCH /api/projects/{id}` (merge patch: null clears the description). */
export const patchProjectBody = z
  .object({ name: name.optional(), description: description.optional() })
  .strict()
  .refine((b) => b.name !== undefined || b.description !== undefined, { message: 'Change name or description', path: [] });

export const projectListQuery = z
  .object({
    role: z.enum(['owner', 'member']).optional().describe('owner: the projects you own; member: those shared with you'),
    ...paginationShape,
  })
  .strict();

const itemLabel = z.string().trim().min(1).max(300).refine(noControl, 'No control characters').optional().describe('Shown to members instead of the title captured from the item');

/** A saved search: the query and filters as `POST /api/v1/search` takes them. */
export const savedSearchSchema = z
  .object({
    query: z.string().trim().min(1, 'Give a query').max(500),
    filters: searchFilters.optional(),
  })
  .strict();

const ownId = (what: string) => z.uuid({ message: `Not a ${what} id` });

/** `POST /api/projects/{id}/items`: `ref` is one of your own records, or a saved search. */
export const addItemBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('foia_request'), ref: ownId('request').describe('One of your FOIA requests'), label: itemLabel }).strict(),
  z.object({ kind: z.literal('conversation'), ref: ownId('conversation').describe('One of your research conversations'), label: itemLabel }).strict(),
  z.object({ kind: z.literal('compilation'), ref: ownId('compilation').describe('One of your document compilations'), label: itemLabel }).strict(),
  z.object({ kind: z.literal('collection'), ref: ownId('collection').describe('One of your vector collections'), label: itemLabel }).strict(),
  z
    .object({
      kind: z.literal('stored_object'),
      ref: z
        .string()
        .min(1)
        .max(MAX_KEY_LENGTH)
        .superRefine((key, ctx) => {
          const problem = objectKeyProblem(key);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        })
        .describe('The key of one of your stored objects'),
      label: itemLabel,
    })
    .strict(),
  z.object({ kind: z.literal('saved_search'), ref: savedSearchSchema, label: itemLabel }).strict(),
]);

export const itemListQuery = z.object({ kind: z.enum(PROJECT_ITEM_KINDS).optional(), ...paginationShape }).strict();

/** `POST /api/projects/{id}/items/{item_id}/run`: the page of the saved search to answer. */
export const runItemBody = z
  .object({
    limit: z.number().int().min(1).max(MAX_SEARCH_LIMIT).default(10).describe(`Hits per page, at most ${MAX_SEARCH_LIMIT}`),
    cursor: z.string().max(512).optional().describe('next_cursor of the previous page of the same run'),
    mode: z.enum(['hybrid', 'vector', 'keyword']).default('hybrid'),
  })
  .strict();

export const putMemberBody = z.object({ role: z.enum(MEMBER_ROLES).describe('editor: reads and adds/removes items; viewer: reads') }).strict();
export const memberListQuery = z.object({ ...paginationShape }).strict();

const roleSchema = z.enum(['owner', ...MEMBER_ROLES]);

export const projectSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  owner: z.string().describe("The owner's sub"),
  role: roleSchema.describe('Your role in the project'),
  item_count: z.number().int().min(0),
  member_count: z.number().int().min(0).describe('Members besides the owner'),
  created_at: z.string(),
  updated_at: z.string(),
  links: z.object({ self: z.string(), items: z.string(), members: z.string() }),
});

export const projectItemSchema = z.object({
  id: z.uuid(),
  project_id: z.uuid(),
  kind: z.enum(PROJECT_ITEM_KINDS),
  ref: z.union([z.string(), savedSearchSchema]).describe('The id (or stored object key) of the item, or the saved search'),
  label: z.string().describe('The title when the item was added'),
  added_by: z.string().describe('Sub of the member who added it: the only one who can open it through its own API'),
  added_at: z.string(),
  links: z.object({
    self: z.string(),
    item: z.string().nullable().describe("The item in its own API (readable by added_by only); null for saved searches"),
    run: z.string().nullable().describe('Re-run a saved search; null for other kinds'),
  }),
});

export const projectMemberSchema = z.object({
  sub: z.string(),
  role: roleSchema,
  added_by: z.string().nullable().describe('Null for the owner'),
  added_at: z.string().describe('When they were added (for the owner: when the project was created)'),
});

const list = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), total: z.number().int().min(0), next_cursor: z.string().nullable() });
export const projectListSchema = list(projectSchema);
export const projectItemListSchema = list(projectItemSchema);
export const projectMemberListSchema = list(projectMemberSchema);
