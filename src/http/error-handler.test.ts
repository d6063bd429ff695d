import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isNoSpace } from './error-handler.ts';

const coded = (code: string, message = code) => Object.assign(new Error(message), { code });

test('a write without space is told by its code: files, quotas, SQLite, PostgreSQL; also as the cause of another error', () => {
  for (const code of ['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']) assert.equal(isNoSpace(coded(code)), true, code);
  assert.equal(isNoSpace(new Error('could not store', { cause: coded('ENOSPC') })), true, 'a cause');
  assert.equal(isNoSpace(new AggregateError([coded('ECONNRESET'), coded('SQLITE_FULL')])), true, 'one of several');
  for (const other of [coded('EACCES'), coded('SQLITE_BUSY'), coded('53200'), coded('23505'), new Error('ENOSPC in a message only'), null, 'ENOSPC', 28]) {
    assert.equal(isNoSpace(other), false, String(other));
  }
  const loop: Error & { cause?: unknown } = new Error('loop');
  loop.cause = loop;
  assert.equal(isNoSpace(loop), false, 'a cycle of causes ends');
});

test('a refusal that names its bound is counted under it when answered: rate limit, a kind of work, a full node', async () => {
  const { default: Fastify } = await import('fastify');
  const { errors } = await import('../kernel/errors.ts');
  const { boundsRefused } = await import('../kernel/metrics.ts');
  const { renderError } = await import('./error-handler.ts');
  const app = Fastify();
  app.setErrorHandler((err, request, reply) => renderError(err, request, reply));
  const thrown = {
    rate: errors.rateLimited(5, 10),
    share: errors.workBusy('register_build', 4, 3),
    node: errors.nodeBusy('pdf_build', 7),
    other: errors.noChecksLeft(),
  };
  app.get('/:which', async (request) => {
    throw thrown[(request.params as { which: keyof typeof thrown }).which];
  });
  const counted = async () => Object.fromEntries((await boundsRefused.get()).values.map((v) => [v.labels.bound, v.value]));
  const was = await counted();
  const statuses = [];
  for (const which of ['rate', 'share', 'node', 'node', 'other']) statuses.push((await app.inject({ method: 'GET', url: `/${which}` })).statusCode);
  assert.deepEqual(statuses, [429, 429, 503, 503, 402]);
  const now = await counted();
  const delta = (bound: string) => (now[bound] ?? 0) - (was[bound] ?? 0);
  assert.deepEqual([delta('rate_limit'), delta('register_build'), delta('pdf_build_node'), delta('pdf_build')], [1, 1, 2, 0]);
  await app.close();
});
