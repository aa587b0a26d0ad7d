import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NoSuchKey, NotFound, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import { assertObjectKey } from './object-key.js';
import { MeteredHash, type ByteRange, type ObjectStore, type PutOptions, type PutResult } from './object-store.js';

export interface S3ObjectStoreOptions {
  bucket: string;
  region: string;
  /** Any S3-compatible service (MinIO, Ceph, R2, moto…); empty for AWS itself. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `https://host/bucket/key` rather than `https://bucket.host/key` (most self-hosted services). */
  forcePathStyle?: boolean;
  /** Prepended to every key (e.g. `sunlight/`), to share a bucket. */
  prefix?: string;
  /** Size of the parts of a multipart upload (S3's minimum is 5 MiB). */
  partSize?: number;
}

/**
 * Objects in an S3 bucket, through the AWS SDK v3. Uploads stream through `MeteredHash` into
 * `Upload` (lib-storage): a body up to one part is sent as a single PutObject once it has been
 * read whole and checked, a larger one as a multipart upload that is aborted when the body fails
 * (too large, wrong checksum, dropped) — S3 never makes a partial object visible either way.
 */
export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3' as const;
  readonly client: S3Client;

  constructor(private readonly options: S3ObjectStoreOptions) {
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle ?? false,
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
      // Checksums only where S3 requires them: self-hosted services do not all know the newer ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  #key(key: string): string {
    assertObjectKey(key);
    return `${this.options.prefix ?? ''}${key}`;
  }

  async put(key: string, body: Readable | AsyncIterable<Uint8Array>, options: PutOptions): Promise<PutResult> {
    const meter = new MeteredHash(options.maxBytes, options.expectedSha256);
    const source = body instanceof Readable ? body : Readable.from(body);
    source.on('error', (err) => meter.destroy(err));
    source.pipe(meter);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.options.bucket, Key: this.#key(key), Body: meter, ContentType: options.contentType },
      partSize: this.options.partSize ?? 8 * 1024 * 1024,
      queueSize: 2,
      leavePartsOnError: false,
    });
    // The body's own failure (size, checksum) is the error to report, not the SDK's wrapping of it.
    let streamError: unknown;
    meter.on('error', (err) => {
      streamError ??= err;
    });
    try {
      await upload.done();
    } catch (err) {
      throw streamError ?? err;
    }
    if (streamError) throw streamError;
    return { size: meter.byteCount, sha256: meter.sha256 };
  }

  async get(key: string, options: { range?: ByteRange } = {}): Promise<{ body: Readable; size: number } | null> {
    const range = options.range;
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: this.#key(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      const size = range ? totalOf(res.ContentRange) ?? Number(res.ContentLength ?? 0) : Number(res.ContentLength ?? 0);
      return { body: res.Body as Readable, size };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async head(key: string): Promise<{ size: number } | null> {
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.#key(key) }));
      return { size: Number(res.ContentLength ?? 0) };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.#key(key) }));
  }

  close(): void {
    this.client.destroy();
  }
}

/** `bytes 0-9/1234` → 1234. */
function totalOf(contentRange: string | undefined): number | undefined {
  const m = /\/(\d+)$/.exec(contentRange ?? '');
  return m ? Number(m[1]) : undefined;
}

function isMissing(err: unknown): boolean {
  if (err instanceof NoSuchKey || err instanceof NotFound) return true;
  return err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey' || err.name === 'NotFound');
}
