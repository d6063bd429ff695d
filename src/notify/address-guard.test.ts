import assert from 'node:assert/strict';
import { test } from 'node:test';
import { vetWebhookUrl, type LookupAll } from './address-guard.ts';

/** A resolver that never touches the network: a fixed table of answers. */
function fakeLookup(table: Record<string, Array<{ address: string; family: number }>>): LookupAll & { calls: string[] } {
  const calls: string[] = [];
  const fn = (async (host: string) => {
    calls.push(host);
    const answer = table[host];
    if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return answer;
  }) as LookupAll & { calls: string[] };
  fn.calls = calls;
  return fn;
}

test('https URL with a public address is allowed and pinned to the checked address', async () => {
  const lookup = fakeLookup({ 'hooks.example.com': [{ address: '93.184.216.34', family: 4 }] });
  const r = await vetWebhookUrl('https://hooks.example.com/drs', { allowPrivate: false, lookup });
  assert.equal(r.ok, true);
  if (r.ok) {
    assert.equal(r.address, '93.184.216.34');
    assert.equal(r.family, 4);
    assert.equal(r.url.hostname, 'hooks.example.com');
  }
});

test('http is denied unless private targets are allowed', async () => {
  const lookup = fakeLookup({ 'hooks.example.com': [{ address: '93.184.216.34', family: 4 }] });
  const r = await vetWebhookUrl('http://hooks.example.com/drs', { allowPrivate: false, lookup });
  assert.deepEqual(r.ok ? 'ok' : r.kind, 'denied');
  assert.equal(lookup.calls.length, 0, 'the scheme is refused before any resolution');
  const dev = await vetWebhookUrl('http://hooks.example.com/drs', { allowPrivate: true, lookup });
  assert.equal(dev.ok, true);
});

test('other schemes and malformed URLs are denied', async () => {
  for (const u of ['ftp://hooks.example.com/', 'file:///etc/passwd', 'not a url', 'https://']) {
    const r = await vetWebhookUrl(u, { allowPrivate: true, lookup: fakeLookup({}) });
    assert.equal(r.ok, false, u);
    if (!r.ok) assert.equal(r.kind, 'denied', u);
  }
});

test('literal forbidden addresses are denied without resolution', async () => {
  const lookup = fakeLookup({});
  for (const u of [
    'https://10.0.0.1/hook',
    'https://192.168.1.1/hook',
    'https://172.16.5.4/hook',
    'https://100.64.1.1/hook',
    'https://127.0.0.1:8443/hook',
    'https://[::1]/hook',
    'https://[fd12::1]/hook',
    'https://[::ffff:10.0.0.1]/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://[fd00:ec2::254]/',
    'https://0.0.0.0/',
  ]) {
    const r = await vetWebhookUrl(u, { allowPrivate: false, lookup });
    assert.equal(r.ok ? 'ok' : r.kind, 'denied', u);
  }
  assert.equal(lookup.calls.length, 0);
});

test('metadata and link-local stay denied even when private targets are allowed', async () => {
  for (const u of ['http://169.254.169.254/', 'https://[fd00:ec2::254]/', 'http://169.254.10.10/', 'http://[fe80::1]/']) {
    const r = await vetWebhookUrl(u, { allowPrivate: true, lookup: fakeLookup({}) });
    assert.equal(r.ok ? 'ok' : r.kind, 'denied', u);
  }
});

test('a name is denied when ANY of its addresses is forbidden', async () => {
  const lookup = fakeLookup({
    'mixed.example.com': [
      { address: '93.184.216.34', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ],
    'mapped.example.com': [{ address: '::ffff:169.254.169.254', family: 6 }],
  });
  const mixed = await vetWebhookUrl('https://mixed.example.com/', { allowPrivate: false, lookup });
  assert.equal(mixed.ok ? 'ok' : mixed.kind, 'denied');
  if (!mixed.ok) assert.match(mixed.reason, /10\.1\.2\.3/);
  const mapped = await vetWebhookUrl('https://mapped.example.com/', { allowPrivate: true, lookup });
  assert.equal(mapped.ok ? 'ok' : mapped.kind, 'denied');
});

test('IPv6 forms that carry loopback or the metadata address are denied, as literals and as answers of a name', async () => {
  const lookup = fakeLookup({
    'translated.example.com': [{ address: '::ffff:0:a9fe:a9fe', family: 6 }],
    'nat64.example.com': [{ address: '64:ff9b::a9fe:a9fe', family: 6 }],
    'sixtofour.example.com': [{ address: '2002:7f00:1::1', family: 6 }],
  });
  for (const url of [
    'https://[::ffff:0:7f00:1]/hook',
    'https://[::ffff:0:a9fe:a9fe]/hook',
    'https://[::ffff:7f00:1]/hook',
    'https://[64:ff9b::7f00:1]/hook',
    'https://[2002:a9fe:a9fe::1]/hook',
    'https://translated.example.com/',
    'https://nat64.example.com/',
    'https://sixtofour.example.com/',
  ]) {
    const r = await vetWebhookUrl(url, { allowPrivate: false, lookup });
    assert.equal(r.ok ? 'ok' : r.kind, 'denied', url);
  }
  // the metadata address stays denied even where private targets are allowed
  const dev = await vetWebhookUrl('https://translated.example.com/', { allowPrivate: true, lookup });
  assert.equal(dev.ok ? 'ok' : dev.kind, 'denied');
});

test('localhost resolves to loopback and is denied unless private targets are allowed', async () => {
  // The system resolver answers localhost from the hosts file, without network traffic.
  const r = await vetWebhookUrl('https://localhost:9/hook', { allowPrivate: false });
  assert.equal(r.ok ? 'ok' : r.kind, 'denied');
  const dev = await vetWebhookUrl('http://localhost:9/hook', { allowPrivate: true });
  assert.equal(dev.ok, true);
  if (dev.ok) assert.ok(['127.0.0.1', '::1'].includes(dev.address), dev.address);
});

test('a resolution failure is reported as unresolved (retryable), not denied', async () => {
  const r = await vetWebhookUrl('https://missing.example.com/', { allowPrivate: false, lookup: fakeLookup({}) });
  assert.equal(r.ok, false);
  if (!r.ok) {
    assert.equal(r.kind, 'unresolved');
    if (r.kind === 'unresolved') assert.equal(r.code, 'ENOTFOUND');
  }
  const empty = await vetWebhookUrl('https://empty.example.com/', {
    allowPrivate: false,
    lookup: fakeLookup({ 'empty.example.com': [] }),
  });
  assert.equal(empty.ok ? 'ok' : empty.kind, 'unresolved');
});
