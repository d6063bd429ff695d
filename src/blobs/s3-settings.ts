import type { S3ClientConfig } from '@aws-sdk/client-s3';
import type { S3Settings } from '../config.ts';
import type { S3Location } from './s3-blob-store.ts';

/**
 * The S3 blob store settings: BLOB_URL=s3://bucket/prefix names the bucket and key prefix; the endpoint (an
 * S3-compatible server, e.g. http://minio:9000), region, path style and credentials come from the configuration
 * (config.ts). Without credentials the SDK's default chain is used (instance role, shared profile…).
 */
export function s3SettingsFrom(blobUrl: string, s3: S3Settings): { client: S3ClientConfig; location: S3Location } {
  const url = new URL(blobUrl);
  if (url.protocol !== 's3:' || !url.hostname) throw new Error(`BLOB_URL must look like s3://bucket/prefix, got "${blobUrl}"`);
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  const client: S3ClientConfig = {
    region: s3.region,
    forcePathStyle: s3.forcePathStyle,
    // Checksums only where the API requires them: S3-compatible servers differ in support for the
    // aws-chunked trailing checksums that newer SDKs add to every upload by default.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  if (s3.endpoint) client.endpoint = s3.endpoint;
  if (s3.credentials) client.credentials = { ...s3.credentials };
  return { client, location: { bucket: url.hostname, prefix } };
}
