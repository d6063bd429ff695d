import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_DELIVERY, parsePausesOption, pauseAfter, resolveDeliverySettings, validateWebhookSettings } from './settings.ts';

test('defaults of the contract: 4 attempts, 15 s, pauses 2/4/6 s', () => {
  assert.deepEqual(resolveDeliverySettings(null).settings, { attempts: 4, timeoutMs: 15_000, pausesMs: [2000, 4000, 6000] });
  assert.deepEqual(resolveDeliverySettings('').problems, []);
});

test('stored JSON overrides key by key', () => {
  const { settings, problems } = resolveDeliverySettings('{"attempts":2,"pauses_ms":[10]}');
  assert.deepEqual(settings, { attempts: 2, timeoutMs: 15_000, pausesMs: [10] });
  assert.deepEqual(problems, []);
});

test('broken stored values fall back to defaults and are reported', () => {
  const bad = resolveDeliverySettings('{"attempts":0,"timeout_ms":"x","pauses_ms":[1,-5]}');
  assert.deepEqual(bad.settings, { ...DEFAULT_DELIVERY, pausesMs: [2000, 4000, 6000] });
  assert.equal(bad.problems.length, 3);
  assert.equal(resolveDeliverySettings('{oops').problems.length, 1);
  assert.equal(resolveDeliverySettings('[1,2]').problems.length, 1);
});

test('validateWebhookSettings accepts the CLI JSON and rejects bad values with Russian messages', () => {
  assert.deepEqual(validateWebhookSettings({ attempts: 5, timeout_ms: 10_000, pauses_ms: [1000, 2000] }), {
    ok: true,
    value: { attempts: 5, timeout_ms: 10_000, pauses_ms: [1000, 2000] },
  });
  assert.deepEqual(validateWebhookSettings({}), { ok: true, value: {} });
  for (const bad of [{ attempts: 11 }, { attempts: 1.5 }, { timeout_ms: 5 }, { pauses_ms: [-1] }, { pauses_ms: 'x' }, { extra: 1 }, null, []]) {
    const r = validateWebhookSettings(bad);
    assert.equal(r.ok, false, JSON.stringify(bad));
    if (!r.ok) assert.match(r.message, /[а-яё]/i);
  }
});

test('parsePausesOption reads "2000,4000,6000"', () => {
  assert.deepEqual(parsePausesOption('2000,4000,6000'), [2000, 4000, 6000]);
  assert.deepEqual(parsePausesOption(' 5 , 10 '), [5, 10]);
  assert.deepEqual(parsePausesOption(''), []);
  assert.equal(parsePausesOption('1,x'), null);
  assert.equal(parsePausesOption('-1'), null);
});

test('pauseAfter: i-th pause after attempt i, the last one repeats, none when empty', () => {
  const s = { attempts: 6, timeoutMs: 1, pausesMs: [2000, 4000, 6000] };
  assert.deepEqual(
    [1, 2, 3, 4, 5].map((n) => pauseAfter(s, n)),
    [2000, 4000, 6000, 6000, 6000],
  );
  assert.equal(pauseAfter({ ...s, pausesMs: [] }, 1), 0);
});
