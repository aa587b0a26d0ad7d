import { createHash } from 'node:crypto';
import { Transform, type Readable, type TransformCallback } from 'node:stream';

/**
 * Where objects' bytes live: the port every backend (local file system, S3-compatible
 * services) implements, and the contract suite (object-store.contract.ts) holds each to.
 *
 * Keys are opaque to callers of the port but must pass `assertObjectKey`; the storage
 * service gives each stored version a fresh key, so a put never replaces bytes in place.
 */
export interface ObjectStore {
  /** Backend name, for logs and health: `fs` or `s3`. */
  readonly kind: 'fs' | 's3';
  /**
   * Streams `body` to `key`, counting and hashing (SHA-256) as it goes. Refuses a body larger
   * than `maxBytes` (ObjectTooLargeError) and one whose digest is not `expectedSha256` (hex,
   * ChecksumMismatchError) as soon as it knows: then nothing is stored at a new key, and a
   * body that fails midway (a dropped upload) leaves nothing either.
   */
  put(key: string, body: Readable | AsyncIterable<Uint8Array>, options: PutOptions): Promise<PutResult>;
  /** The object's bytes (`range`: inclusive byte offsets, already checked against its size), or null. */
  get(key: string, options?: { range?: ByteRange }): Promise<{ body: Readable; size: number } | null>;
  /** The object's size, or null when there is none. */
  head(key: string): Promise<{ size: number } | null>;
  /** Removes the object; no error when there is none. */
  delete(key: string): Promise<void>;
}

export interface PutOptions {
  maxBytes: number;
  contentType: string;
  /** Lower-case hex SHA-256 the body must have. */
  expectedSha256?: string;
}

export interface PutResult {
  size: number;
  /** Lower-case hex SHA-256 of the bytes stored. */
  sha256: string;
}

/** Inclusive offsets, as HTTP ranges are. */
export interface ByteRange {
  start: number;
  end: number;
}

export class ObjectTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`Object exceeds the limit of ${maxBytes} bytes`);
    this.name = 'ObjectTooLargeError';
  }
}

export class ChecksumMismatchError extends Error {
  constructor(
    readonly expected: string,
    readonly actual: string,
  ) {
    super('The body does not match the checksum sent with it');
    this.name = 'ChecksumMismatchError';
  }
}

/**
 * A pass-through that counts and hashes what flows through it and fails the stream with
 * ObjectTooLargeError the moment the count passes `maxBytes`, or with ChecksumMismatchError
 * at the end when `expectedSha256` is given and differs — before the last chunk is released,
 * so a backend that commits on end never commits a wrong body.
 */
export class MeteredHash extends Transform {
  readonly #hash = createHash('sha256');
  #size = 0;
  #digest: string | undefined;

  constructor(
    private readonly maxBytes: number,
    private readonly expectedSha256?: string,
  ) {
    super();
  }

  /** Bytes seen so far (not `size`: lib-storage reads a body's `size` as its length). */
  get byteCount(): number {
    return this.#size;
  }

  /** The hex digest, once the stream has ended. */
  get sha256(): string {
    if (this.#digest === undefined) throw new Error('The stream has not ended');
    return this.#digest;
  }

  override _transform(chunk: Buffer | string, _enc: BufferEncoding, callback: TransformCallback): void {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    this.#size += buf.length;
    if (this.#size > this.maxBytes) {
      callback(new ObjectTooLargeError(this.maxBytes));
      return;
    }
    this.#hash.update(buf);
    callback(null, buf);
  }

  override _flush(callback: TransformCallback): void {
    this.#digest = this.#hash.digest('hex');
    if (this.expectedSha256 !== undefined && this.expectedSha256 !== this.#digest) {
      callback(new ChecksumMismatchError(this.expectedSha256, this.#digest));
      return;
    }
    callback();
  }
}
