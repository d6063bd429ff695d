import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { deferredChildLogger } from './request-logger.ts';

function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { log: pino({ level }, sink), lines };
}

test('a line at an enabled level is written with the request binding; others are not', () => {
  const { log, lines } = capture('info');
  let children = 0;
  const child = (...args: Parameters<typeof log.child>) => {
    children++;
    return log.child(...args);
  };
  const parent = Object.assign(Object.create(log), { child });
  const request = deferredChildLogger(parent, { request_id: 'r-1' }, {});
  request.debug({ url: '/x' }, 'quiet');
  assert.equal(children, 0, 'no child is made for a line that is not written');
  assert.equal((request as unknown as { isLevelEnabled(l: string): boolean }).isLevelEnabled('debug'), false);
  assert.equal(request.level, 'info');
  request.info({ status: 200 }, 'done');
  request.warn('twice');
  assert.equal(children, 1);
  assert.deepEqual(
    lines.map((l) => [l.request_id, l.msg, l.status]),
    [
      ['r-1', 'done', 200],
      ['r-1', 'twice', undefined],
    ],
  );
});

test('a route with its own level gets a real child at once', () => {
  const { log, lines } = capture('info');
  const request = deferredChildLogger(log, { request_id: 'r-2' }, { level: 'debug' });
  request.debug('seen');
  assert.deepEqual(
    lines.map((l) => [l.request_id, l.msg]),
    [['r-2', 'seen']],
  );
});
