import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertSafeKey, BlobNotFoundError, type BlobStore } from './blob-store.ts';

/** Where and how to reach the bucket; read from BLOB_URL and the S3_* / AWS_* environment (see s3-settings.ts). */
export interface S3Location {
  bucket: string;
  /** Key prefix inside the bucket without leading or trailing "/"; "" for the bucket root. */
  prefix: string;
}

export interface S3UploadTuning {
  /** Multipart part size in bytes (S3 minimum 5 MiB); a body smaller than one part is sent as one PutObject. */
  partSize: number;
  /** Parts uploaded at once per stream. */
  queueSize: number;
  /** Keys listed and deleted per request by deletePrefix (DeleteObjects accepts at most 1000). */
  deleteBatch: number;
}

export const DEFAULT_UPLOAD_TUNING: S3UploadTuning = { partSize: 8 * 1024 * 1024, queueSize: 2, deleteBatch: 1000 };

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.Code === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * Blobs as objects of one S3-compatible bucket under a key prefix. Uploads stream through lib-storage's
 * Upload (one PutObject for small bodies, multipart for large ones, never the whole body in memory);
 * downloads hand out GetObject's body as a Node Readable.
 */
export class S3BlobStore implements BlobStore {
  constructor(
    readonly client: S3Client,
    readonly location: S3Location,
    private readonly tuning: S3UploadTuning = DEFAULT_UPLOAD_TUNING,
  ) {}

  static create(clientConfig: S3ClientConfig, location: S3Location, tuning?: S3UploadTuning): S3BlobStore {
    return new S3BlobStore(new S3Client(clientConfig), location, tuning);
  }

  private objectKey(key: string): string {
    assertSafeKey(key);
    return this.location.prefix ? `${this.location.prefix}/${key}` : key;
  }

  async moveFile(key: string, localPath: string): Promise<void> {
    await this.putFile(key, localPath);
    await rm(localPath, { force: true });
  }

  putFile(key: string, localPath: string): Promise<void> {
    return this.putStream(key, createReadStream(localPath));
  }

  async putStream(key: string, body: Readable): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.location.bucket, Key: this.objectKey(key), Body: body },
      partSize: this.tuning.partSize,
      queueSize: this.tuning.queueSize,
      leavePartsOnError: false,
    });
    // A failing source must fail the upload (Upload aborts the multipart upload it started).
    const failed = new Promise<never>((_, reject) => body.once('error', reject));
    try {
      await Promise.race([upload.done(), failed]);
    } catch (err) {
      await upload.abort().catch(() => undefined);
      throw err;
    }
  }

  async putBuffer(key: string, body: Buffer | string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key), Body: body }));
  }

  async openRead(key: string): Promise<Readable> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key) }));
      if (res.Body instanceof Readable) return res.Body;
      throw new Error(`GetObject returned no stream body for ${key}`);
    } catch (err) {
      if (isNotFound(err)) throw new BlobNotFoundError(key);
      throw err;
    }
  }

  async getToFile(key: string, localPath: string): Promise<void> {
    const body = await this.openRead(key);
    try {
      await pipeline(body, createWriteStream(localPath));
    } catch (err) {
      await rm(localPath, { force: true });
      throw err;
    }
  }

  private async head(key: string): Promise<{ size: number } | null> {
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key) }));
      return { size: res.ContentLength ?? 0 };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== null;
  }

  async size(key: string): Promise<number> {
    const head = await this.head(key);
    if (!head) throw new BlobNotFoundError(key);
    return head.size;
  }

  /** Lists the keys under prefix page by page and deletes each page with one DeleteObjects request. */
  async deletePrefix(prefix: string): Promise<void> {
    const listPrefix = `${this.objectKey(prefix)}/`;
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.location.bucket, Prefix: listPrefix, ContinuationToken: token, MaxKeys: this.tuning.deleteBatch }),
      );
      const keys = (page.Contents ?? []).map((o) => o.Key).filter((k): k is string => !!k);
      if (keys.length) {
        const res = await this.client.send(
          new DeleteObjectsCommand({ Bucket: this.location.bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
        );
        const failed = (res.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
        if (failed.length)
          throw new Error(`DeleteObjects failed for ${failed.length} key(s), first ${failed[0]!.Key}: ${failed[0]!.Code} ${failed[0]!.Message ?? ''}`);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
