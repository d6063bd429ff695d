import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AppError } from '../../kernel/errors.ts';
import { checkEmployeeFields, decisionRequestHash, normalizeDecision, type DecisionRequest } from './decision-request.ts';

const base: DecisionRequest = { snapshot: 's1', finding_id: 'f1', decision: 'accepted', reason: 'Согласовано', version: 0, request_key: 'k1' };

test('the hash tells a repeat from another decision: every content field, the run and the actor count', () => {
  const h = decisionRequestHash('run', 'key:a', base);
  assert.equal(decisionRequestHash('run', 'key:a', { ...base }), h);
  // request_key itself is the lookup key, not content; absent, null and "" optional fields are the same.
  assert.equal(decisionRequestHash('run', 'key:a', { ...base, request_key: 'k2', reason_code: null, employee_id: '' }), h);
  const variants: [string, string, DecisionRequest][] = [
    ['run2', 'key:a', base],
    ['run', 'key:b', base],
    ['run', 'key:a', { ...base, snapshot: 's2' }],
    ['run', 'key:a', { ...base, finding_id: 'f2' }],
    ['run', 'key:a', { ...base, decision: 'rejected' }],
    ['run', 'key:a', { ...base, reason: 'Иначе' }],
    ['run', 'key:a', { ...base, version: 1 }],
    ['run', 'key:a', { ...base, reason_code: 'R' }],
    ['run', 'key:a', { ...base, employee_id: 'E' }],
  ];
  for (const [run, actor, req] of variants) assert.notEqual(decisionRequestHash(run, actor, req), h, JSON.stringify(req));
});

test('employee fields: refused without employees (naming the fields), accepted with them', () => {
  assert.doesNotThrow(() => checkEmployeeFields(false, { ...base, reason_code: '', employee_id: null }));
  assert.throws(
    () => checkEmployeeFields(false, { ...base, reason_code: 'R', employee_id: 'E' }),
    (e: AppError) => e.code === 'validation_error' && /reason_code и employee_id/.test(e.message),
  );
  assert.doesNotThrow(() => checkEmployeeFields(true, { ...base, reason_code: 'R', employee_id: 'E' }));
  assert.deepEqual([normalizeDecision({ ...base, reason_code: '' }).reason_code, normalizeDecision(base).employee_id], [null, null]);
});
