/**
 * Webhook URLs aimed at the service's own network through addresses that wrap or translate another one — SIIT
 * and NAT64 prefixes, Teredo, 6to4 — or at any block of the IANA special-purpose registries. Each is denied
 * before a connection, also where WEBHOOK_ALLOW_PRIVATE lets private targets through (except the plain private
 * ones that setting is for).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { vetWebhookUrl } from '../../src/notify/address-guard.ts';

const literal = (ip: string) => `https://${ip.includes(':') ? `[${ip}]` : ip}/hook`;

/** Denied whatever the policy: tunnels, translation prefixes and special-purpose blocks. */
const ALWAYS_DENIED = [
  '64:ff9b:1::a00:1', // SIIT local-use prefix carrying 10.0.0.1
  '64:ff9b:1::808:808', // …and carrying a public address: the translator is not ours to judge
  '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
  '2002:7f00:1::1', // 6to4 of 127.0.0.1
  '2002:808:808::1', // 6to4 of a public address
  '64:ff9b::a9fe:a9fe', // NAT64 of the cloud metadata address
  '2001:2::1', // benchmarking
  '2001:3::1', // AMT
  '2001:4:112::1', // AS112
  '2001:20::1', // ORCHIDv2
  '2620:4f:8000::1', // AS112 direct delegation
  '3fff::1', // documentation
  '5f00::1', // SRv6 SIDs
  '100::1', // discard-only
  '::', // unspecified
  'ff05::1', // multicast
  '0.1.2.3',
  '192.0.0.9',
  '192.31.196.1',
  '192.52.193.1',
  '192.88.99.1',
  '192.175.48.1',
  '198.18.0.1',
  '240.0.0.1',
  '255.255.255.255',
];

describe('webhook address guard and special-purpose addresses', () => {
  for (const ip of ALWAYS_DENIED) {
    test(`${ip} is denied, even with private targets allowed`, async () => {
      for (const allowPrivate of [false, true]) {
        const r = await vetWebhookUrl(literal(ip), { allowPrivate });
        assert.equal(r.ok, false, `${ip} allowPrivate=${allowPrivate}`);
        assert.equal(!r.ok && r.kind, 'denied');
      }
    });
  }

  test('NAT64 of a private address is denied in production; a name resolving to Teredo is denied', async () => {
    const nat64 = await vetWebhookUrl(literal('64:ff9b::a00:1'), { allowPrivate: false });
    assert.equal(nat64.ok, false);
    const named = await vetWebhookUrl('https://hooks.example.com/x', {
      allowPrivate: false,
      lookup: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '2001:0:4136:e378:8000:63bf:3fff:fdd2', family: 6 },
      ],
    });
    assert.equal(named.ok, false);
    assert.match(!named.ok ? named.reason : '', /зарезервированный адрес/);
  });

  test('public addresses, NAT64 of a public address included, still pass', async () => {
    for (const ip of ['93.184.216.34', '2606:4700:4700::1111', '64:ff9b::808:808']) {
      const r = await vetWebhookUrl(literal(ip), { allowPrivate: false });
      assert.equal(r.ok, true, ip);
    }
  });
});
