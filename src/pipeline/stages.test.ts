import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PROCESSING_STAGES, STAGE_TEXT } from '../kernel/stages.ts';
import { STAGE_SPAN, STAGES } from './stages.ts';

test('the pipeline runs every processing stage, in order, each with a function', () => {
  assert.deepEqual(
    STAGES.map((s) => s.code),
    PROCESSING_STAGES.map((s) => s.code),
  );
  for (const s of STAGES) assert.equal(typeof s.run, 'function', s.code);
  assert.equal(new Set(STAGES.map((s) => s.run)).size, STAGES.length, 'each stage has its own function');
});

test('the spans cover 0–100 % without gaps or overlaps, and STAGE_SPAN names exactly the stages entered', () => {
  let at = 0;
  for (const s of STAGES) {
    assert.equal(s.span[0], at, `${s.code} starts where the previous ended`);
    assert.ok(s.span[1] > s.span[0], `${s.code} has a share`);
    at = s.span[1];
  }
  assert.equal(at, 100);
  assert.deepEqual(
    Object.keys(STAGE_SPAN),
    STAGES.map((s) => s.code),
  );
});

test('stage texts come from the stage list and are Russian', () => {
  for (const s of STAGES) {
    assert.equal(STAGE_TEXT[s.code], s.text);
    assert.match(s.text, /^[А-ЯЁ]/);
  }
  for (const code of ['queued', 'done', 'failed', 'cancelled'] as const) assert.match(STAGE_TEXT[code], /^[А-ЯЁ]/);
});
