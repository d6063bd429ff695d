import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reportMetaOf } from './meta.ts';

test('the report metadata keeps the organization’s name and its time zone at publication', () => {
  const run = { id: 'r1', objectAddress: null, userRequest: null, createdAt: '2026-11-21T09:15:00Z' };
  const meta = reportMetaOf(run, { name: 'ООО «Проект»', timeZone: 'Europe/Samara' }, null, [], '2026-11-21T09:42:30Z');
  assert.equal(meta.organization, 'ООО «Проект»');
  assert.equal(meta.time_zone, 'Europe/Samara');
});
