import type { ConversationStore } from '../chat/conversation-store.js';
import type { CompilationStore } from '../documents/compilation-store.js';
import type { FoiaRequestStore } from '../foia/foia-request-store.js';
import type { StoredObjectStore } from '../storage/stored-object-store.js';
import type { VectorCollectionStore } from '../vectors/vector-collection-store.js';
import type { ProjectItemKind } from './project-types.js';

/** The kinds whose ref names one of the adder's own records. */
export type OwnedItemKind = Exclude<ProjectItemKind, 'saved_search'>;

/**
 * Finds the record an item's ref names, as the adding user, and answers its label (or null when
 * it does not exist or is not theirs). Each lookup goes through the owning feature's store, in a
 * transaction under that feature's own row-level security: another user's record is simply not
 * found, which is the ownership check.
 */
export interface ItemRefResolver {
  label(userId: string, kind: OwnedItemKind, ref: string): Promise<string | null>;
}

export interface ItemRefStores {
  foia: FoiaRequestStore;
  conversations: ConversationStore;
  compilations: CompilationStore;
  objects: StoredObjectStore;
  collections: VectorCollectionStore;
}

export function createItemRefResolver(stores: ItemRefStores): ItemRefResolver {
  const lookups: Record<OwnedItemKind, (userId: string, ref: string) => Promise<string | null>> = {
    foia_request: (userId, id) =>
      stores.foia.asUser(userId, async (tx) => {
        const r = await tx.find(id);
        return r ? `${r.subject} — ${r.agency.name}` : null;
      }),
    conversation: (userId, id) => stores.conversations.asUser(userId, async (tx) => (await tx.findConversation(id))?.title ?? null),
    compilation: (userId, id) => stores.compilations.asUser(userId, async (tx) => (await tx.find(id))?.title ?? null),
    stored_object: (userId, key) => stores.objects.asUser(userId, async (tx) => (await tx.find(key))?.key ?? null),
    collection: (userId, id) => stores.collections.asUser(userId, async (tx) => (await tx.findCollection(id))?.name ?? null),
  };
  return { label: (userId, kind, ref) => lookups[kind](userId, ref) };
}
