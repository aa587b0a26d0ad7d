import type { Knex } from 'knex';
import { createPgConversationStore } from '../chat/conversation-store.js';
import { createPgCompilationStore } from '../documents/compilation-store.js';
import { createPgFoiaRequestStore } from '../foia/foia-request-store.js';
import type { SearchService } from '../search/search-service.js';
import { createPgStoredObjectStore } from '../storage/stored-object-store.js';
import { createPgVectorCollectionStore } from '../vectors/vector-collection-store.js';
import { createItemRefResolver } from './item-ref-resolver.js';
import { createPgProjectStore } from './project-store.js';
import { createProjectService, type ProjectService } from './project-service.js';

/** The project service over Postgres: its own store, and the owning features' stores to check refs. */
export function createProjectServiceOver(deps: { db: Knex; search: SearchService }): ProjectService {
  return createProjectService({
    store: createPgProjectStore(deps.db),
    refs: createItemRefResolver({
      foia: createPgFoiaRequestStore(deps.db),
      conversations: createPgConversationStore(deps.db),
      compilations: createPgCompilationStore(deps.db),
      objects: createPgStoredObjectStore(deps.db),
      collections: createPgVectorCollectionStore(deps.db),
    }),
    search: deps.search,
  });
}
