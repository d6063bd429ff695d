import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.ts';
import type { BlobStore } from './blob-store.ts';
import { LocalBlobStore } from './local-blob-store.ts';

/**
 * The blob store named by BLOB_URL: file:///dir (default {DATA_DIR}/blobs) or s3://bucket/prefix
 * (connection settings in config.s3).
 * The S3 client is loaded only when an s3:// URL asks for it.
 */
export async function createBlobStore(config: Pick<Config, 'dataDir' | 'blobUrl' | 's3'>): Promise<BlobStore> {
  const url = config.blobUrl;
  if (!url) return new LocalBlobStore(join(config.dataDir, 'blobs'));
  if (url.startsWith('file://')) return new LocalBlobStore(fileURLToPath(url));
  if (url.startsWith('s3://')) {
    const [{ S3BlobStore }, { s3SettingsFrom }] = await Promise.all([import('./s3-blob-store.ts'), import('./s3-settings.ts')]);
    const { client, location } = s3SettingsFrom(url, config.s3);
    return S3BlobStore.create(client, location);
  }
  throw new Error(`Unsupported BLOB_URL: ${url}`);
}
