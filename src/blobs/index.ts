import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.ts';
import type { BlobStore } from './blob-store.ts';
import { LocalBlobStore } from './local-blob-store.ts';

/** The blob store named by BLOB_URL: file:///dir (default {DATA_DIR}/blobs). */
export async function createBlobStore(config: Pick<Config, 'dataDir' | 'blobUrl'>): Promise<BlobStore> {
  const url = config.blobUrl;
  if (!url) return new LocalBlobStore(join(config.dataDir, 'blobs'));
  if (url.startsWith('file://')) return new LocalBlobStore(fileURLToPath(url));
  throw new Error(`Unsupported BLOB_URL: ${url}`);
}
