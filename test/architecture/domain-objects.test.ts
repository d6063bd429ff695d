/**
 * The store's table types stay in the store: repositories map rows to the domain objects of src/kernel/model/
 * (booleans, parsed JSON, camelCase), so no layer above reads a `0|1` flag or a JSON column as text.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { importEdges } from './source-graph.ts';

test('no source outside src/store/ imports the table types (store/schema.ts)', () => {
  const offenders = importEdges()
    .filter((e) => e.to === 'store/schema.ts' && !e.from.startsWith('store/'))
    .map((e) => e.from);
  assert.deepEqual(offenders, [], 'take the domain type from src/kernel/model/ and let the repository map the row');
});

test('the check sees an import of the table types', () => {
  assert.ok(importEdges().some((e) => e.to === 'store/schema.ts' && e.from.startsWith('store/')));
});
