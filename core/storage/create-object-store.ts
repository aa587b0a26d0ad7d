import type { Knex } from 'knex';
import type { Config } from '../config/config.js';
import type { Logger } from '../logger/logger.js';
import { FilesystemObjectStore } from './filesystem-object-store.js';
import type { ObjectStore } from './object-store.js';
import { S3ObjectStore } from './s3-object-store.js';
import { createStorageService, type StorageService } from './storage-service.js';
import { createPgStoredObjectStore } from './stored-object-store.js';

/** The object store STORAGE_BACKEND names: the local file system (default) or an S3-compatible bucket. */
export function createObjectStore(storage: Config['storage']): ObjectStore {
  if (storage.backend === 's3') {
    const s3 = storage.s3;
    return new S3ObjectStore({
      bucket: s3.bucket,
      region: s3.region,
      ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
      ...(s3.accessKeyId ? { accessKeyId: s3.accessKeyId } : {}),
      ...(s3.secretAccessKey ? { secretAccessKey: s3.secretAccessKey } : {}),
      forcePathStyle: s3.forcePathStyle,
      prefix: s3.prefix,
    });
  }
  return new FilesystemObjectStore(storage.fsRoot);
}

/** Object storage as configured: the configured backend's bytes, metadata in `db`, the configured limits. */
export function createConfiguredStorage(storage: Config['storage'], db: Knex, logger: Logger): StorageService {
  return createStorageService({
    objects: createObjectStore(storage),
    metadata: createPgStoredObjectStore(db),
    maxBytes: storage.maxBytes,
    allowedTypes: storage.allowedTypes,
    logger: logger.child({ module: 'storage' }),
  });
}
