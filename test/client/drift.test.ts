/**
 * The committed client types must be what the generator makes of the openapi.json the server serves now;
 * after a change of the API, regenerate with `npm run generate` in client/.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { startApp, type InProcessServer } from '../helpers/app.ts';
import { GENERATED_PATH, typesFromOpenApi } from '../../client/scripts/openapi-types.ts';

let server: InProcessServer;
before(async () => {
  server = await startApp();
});
after(() => server.stop());

test('client/src/generated/openapi.ts matches the served openapi.json', async () => {
  const r = await fetch(`${server.baseUrl}/openapi.json`);
  assert.equal(r.status, 200);
  const fresh = await typesFromOpenApi((await r.json()) as object);
  const committed = await readFile(GENERATED_PATH, 'utf8');
  if (fresh !== committed) {
    const a = committed.split('\n');
    const b = fresh.split('\n');
    const line = a.findIndex((l, i) => l !== b[i]);
    assert.fail(
      `the generated client types are stale (first difference at line ${line + 1}:\n- ${a[line] ?? ''}\n+ ${b[line] ?? ''}).\n` +
        'Regenerate: cd client && npm run generate',
    );
  }
});
