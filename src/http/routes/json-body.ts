import type { FastifyRequest } from 'fastify';
import { errors } from '../../kernel/errors.ts';

/**
 * preValidation hook of the JSON endpoints (bundles, decisions, memory): any other Content-Type — form,
 * multipart, text, none — is 415 in the error envelope, before the body is looked at.
 */
export async function requireJsonBody(request: FastifyRequest): Promise<void> {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    throw errors.jsonExpected();
  }
}
