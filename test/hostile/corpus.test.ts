/** The crafted corpus (corpus.ts) through the application: each is a 4xx in the envelope within seconds. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CORPUS } from './corpus.ts';
import { envelopeOf, startHarness, type Harness } from './harness.ts';

describe('crafted hostile requests', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.dispose());

  for (const crafted of CORPUS) {
    test(crafted.name, { timeout: 20_000 }, async () => {
      const r = await h.app.inject(crafted.request(h.auth));
      if (crafted.expect !== undefined) assert.equal(r.statusCode, crafted.expect, r.body);
      else assert.ok(envelopeOf(r.statusCode, r.body).message.length > 0);
      assert.equal(r.headers['x-content-type-options'], 'nosniff');
    });
  }
});
