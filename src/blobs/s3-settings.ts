import type { S3ClientConfig } from '@aws-sdk/client-s3';
import type { S3Location } from './s3-blob-store.ts';

/**
 * Reads the S3 blob store settings: BLOB_URL=s3://bucket/prefix names the bucket and key prefix;
 * S3_ENDPOINT (an S3-compatible server, e.g. http://minio:9000), S3_REGION (default us-east-1),
 * S3_FORCE_PATH_STYLE=true (bucket in the path instead of the host name) and the credentials
 * AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY come from the environment. Without the two credential
 * variables the SDK's default chain is used (instance role, shared profile…).
 */
export function s3SettingsFrom(blobUrl: string, env: NodeJS.ProcessEnv): { client: S3ClientConfig; location: S3Location } {
  const url = new URL(blobUrl);
  if (url.protocol !== 's3:' || !url.hostname) throw new Error(`BLOB_URL must look like s3://bucket/prefix, got "${blobUrl}"`);
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  const client: S3ClientConfig = {
    region: env.S3_REGION || env.AWS_REGION || 'us-east-1',
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    // Checksums only where the API requires them: S3-compatible servers differ in support for the
    // aws-chunked trailing checksums that newer SDKs add to every upload by default.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  if (env.S3_ENDPOINT) client.endpoint = env.S3_ENDPOINT;
  if (env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY) {
    client.credentials = { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY };
  }
  return { client, location: { bucket: url.hostname, prefix } };
}
