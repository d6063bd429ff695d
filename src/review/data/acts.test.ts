import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseRuDate } from '../facts/gpzu-citation.ts';
import { ADOPTED_ACTS, adoptedAct } from './acts.ts';
import { NORMS } from './norms.ts';

test('the norms registry and the acts registry give a decree the same date', () => {
  let compared = 0;
  for (const e of NORMS)
    for (const text of [e.cited, e.replacement])
      for (const m of text.matchAll(/ПП РФ от (\d{2}\.\d{2}\.\d{4}) № (\d+)/g)) {
        const act = adoptedAct('ПП', m[2]!);
        if (!act) continue;
        compared++;
        assert.equal(parseRuDate(m[1]!), act.date, text);
      }
  assert.ok(compared >= 3);
});

test('every act has one entry per kind and number, a date and where it was confirmed', () => {
  const keys = ADOPTED_ACTS.map((a) => `${a.kind} ${a.number}`);
  assert.equal(new Set(keys).size, keys.length);
  for (const a of ADOPTED_ACTS) assert.ok(/^\d{4}-\d{2}-\d{2}$/.test(a.date) && a.src.length > 5, a.number);
});
