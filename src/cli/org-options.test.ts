import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OptionError, orgSettingsFrom } from './org-options.ts';

test('org options become organization settings', () => {
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
  assert.equal(s.checksLeft, 5);
  assert.deepEqual(s.limits, { maxPages: 0, oversizeFactor: 2 });
  assert.deepEqual(s.sections, ['ПЗ', 'КР']);
  assert.deepEqual(s.webhookSettings, { attempts: 2, pauses_ms: [100, 200] });
  assert.equal(s.webhookUrl, 'https://hooks.example.org/x');
  assert.deepEqual(orgSettingsFrom({ sections: '', employees: 'true' }), { sections: null, hasEmployees: true });
  assert.deepEqual(orgSettingsFrom({}), {}, 'no option, nothing to change');
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
  const merged = orgSettingsFrom({ 'webhook-timeout-ms': '5000' }, { attempts: 2, pauses_ms: [100] });
  assert.deepEqual(merged.webhookSettings, { attempts: 2, pauses_ms: [100], timeout_ms: 5000 });
});

test('the rate limit per minute: a number, 0 for unlimited, empty for the service default', () => {
  assert.equal(orgSettingsFrom({ 'rate-limit-per-minute': '30' }).rateLimitPerMinute, 30);
  assert.equal(orgSettingsFrom({ 'rate-limit-per-minute': '0' }).rateLimitPerMinute, 0);
  assert.equal(orgSettingsFrom({ 'rate-limit-per-minute': '' }).rateLimitPerMinute, null);
  assert.equal(orgSettingsFrom({}).rateLimitPerMinute, undefined);
  assert.throws(() => orgSettingsFrom({ 'rate-limit-per-minute': '-5' }), /--rate-limit-per-minute/);
});

test('the time zone: an IANA name Intl knows, kept under its canonical spelling; anything else is refused', () => {
  assert.equal(orgSettingsFrom({ 'time-zone': 'Europe/Samara' }).timeZone, 'Europe/Samara');
  assert.equal(orgSettingsFrom({ 'time-zone': 'asia/yekaterinburg' }).timeZone, 'Asia/Yekaterinburg');
  assert.equal(orgSettingsFrom({}).timeZone, undefined);
  for (const bad of ['Europe/Atlantis', '', '+03:00', 'МСК'])
    assert.throws(
      () => orgSettingsFrom({ 'time-zone': bad }),
      (e: unknown) => e instanceof OptionError && /--time-zone: unknown time zone/.test(e.message),
    );
});
