import { randomBytes } from 'node:crypto';
import { QdrantClient } from '@qdrant/js-client-rest';
import { describe, it } from 'vitest';
import { loadConfig } from '../../../config/config.js';
import { readEnvironment } from '../../../config/load-env-file.js';
import { HashingEmbeddings } from '../../embeddings/hashing-embeddings.js';
import { describeVectorStoreContract } from '../testing/vector-store-contract.js';
import { QdrantChunkStore } from './qdrant-chunk-store.js';

/**
 * The vector store contract against a real Qdrant server, when QDRANT_URL names one (none
 * runs on the development machine; Docker Compose and deployments have one). Each test
 * gets its own collection, dropped afterwards.
 */
const { qdrant } = loadConfig(readEnvironment());

if (qdrant.url) {
  const url = qdrant.url;
  const client = () => new QdrantClient({ url, ...(qdrant.apiKey ? { apiKey: qdrant.apiKey } : {}), checkCompatibility: false });
  describeVectorStoreContract(`qdrant at ${url}`, () => {
    const collectionName = `sunlight_contract_${randomBytes(4).toString('hex')}`;
    const open = async (name = collectionName) => new QdrantChunkStore({ client: client(), collectionName: name, embeddings: new HashingEmbeddings({ dimension: 4 }), upsertBatchSize: 256 });
    return {
      create: () => open(),
      reopen: () => open(),
      // Another tenant's collection on the same server, as the vector store API gives each user collection.
      other: () => open(`${collectionName}_other`),
      async cleanup() {
        for (const name of [collectionName, `${collectionName}_other`]) {
          if ((await client().collectionExists(name)).exists) await client().deleteCollection(name);
        }
      },
    };
  });
} else {
  describe('vector store contract: qdrant', () => {
    it.skip('needs QDRANT_URL (no Qdrant server on this machine)', () => undefined);
  });
}
