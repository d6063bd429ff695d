import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OptionError, orgSettingsFrom } from './org-options.ts';

test('org options become tenant settings', () => {
  const s = orgSettingsFrom({
    name: ' ООО «Проект» ',
    checks: '5',
    'max-pages': '0',
    'oversize-factor': '2',
    sections: 'ПЗ, КР',
    'webhook-url': 'https://hooks.example.org/x',
    'webhook-pauses-ms': '100,200',
    'webhook-attempts': '2',
  });
  assert.equal(s.name, 'ООО «Проект»');
  assert.equal(s.checks_left, 5);
  assert.equal(s.max_pages, 0);
  assert.equal(s.oversize_factor, 2);
  assert.equal(s.sections, '["ПЗ","КР"]');
  assert.deepEqual(JSON.parse(s.webhook_settings!), { attempts: 2, pauses_ms: [100, 200] });
});

test('bad values are refused with the option named', () => {
  assert.throws(() => orgSettingsFrom({ checks: '-1' }), OptionError);
  assert.throws(() => orgSettingsFrom({ checks: 'many' }), /--checks/);
  assert.throws(() => orgSettingsFrom({ 'oversize-factor': '3' }), /1 or 2/);
  assert.throws(() => orgSettingsFrom({ concurrency: '0' }), /at least 1/);
  assert.throws(() => orgSettingsFrom({ sections: 'КР,XYZ' }), /XYZ/);
  assert.throws(() => orgSettingsFrom({ 'webhook-url': 'ftp://x' }), /http/);
  assert.throws(() => orgSettingsFrom({ 'access-until': 'завтра' }), /date/);
});

test('delivery options are checked and merged into the current settings', () => {
  assert.throws(() => orgSettingsFrom({ 'webhook-attempts': '0' }), OptionError);
  const merged = orgSettingsFrom({ 'webhook-timeout-ms': '5000' }, JSON.stringify({ attempts: 2, pauses_ms: [100] }));
  assert.deepEqual(JSON.parse(merged.webhook_settings!), { attempts: 2, pauses_ms: [100], timeout_ms: 5000 });
});

test('the rate limit per minute: a number, 0 for unlimited, empty for the service default', () => {
  assert.equal(orgSettingsFrom({ 'rate-limit-per-minute': '30' }).rate_limit_per_minute, 30);
  assert.equal(orgSettingsFrom({ 'rate-limit-per-minute': '0' }).rate_limit_per_minute, 0);
  assert.equal(orgSettingsFrom({ 'rate-limit-per-minute': '' }).rate_limit_per_minute, null);
  assert.equal(orgSettingsFrom({}).rate_limit_per_minute, undefined);
  assert.throws(() => orgSettingsFrom({ 'rate-limit-per-minute': '-5' }), /--rate-limit-per-minute/);
});
