import assert from 'node:assert/strict';
import { test } from 'node:test';
import { classifyAddress, isAddressAllowed } from './ip-ranges.ts';

const cases: Array<[string, string]> = [
  ['8.8.8.8', 'public'],
  ['172.32.0.1', 'public'],
  ['100.128.0.1', 'public'],
  ['10.0.0.1', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['127.0.0.1', 'loopback'],
  ['127.255.0.9', 'loopback'],
  ['100.64.0.1', 'cgnat'],
  ['100.127.255.255', 'cgnat'],
  ['169.254.169.254', 'metadata'],
  ['169.254.1.1', 'link_local'],
  ['0.0.0.0', 'unspecified'],
  ['224.0.0.1', 'multicast'],
  ['255.255.255.255', 'reserved'],
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['[::1]', 'loopback'],
  ['fe80::1%eth0', 'link_local'],
  ['febf::1', 'link_local'],
  ['fc00::1', 'unique_local'],
  ['fdff::1', 'unique_local'],
  ['fd00:ec2::254', 'metadata'],
  ['ff02::1', 'multicast'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['::ffff:10.1.2.3', 'private'],
  ['::ffff:169.254.169.254', 'metadata'],
  ['::ffff:8.8.8.8', 'public'],
  ['::127.0.0.1', 'loopback'],
  // SIIT's IPv4-translated addresses (::ffff:0:0:0/96): judged by the IPv4 address they carry, a public one reserved
  ['::ffff:0:7f00:1', 'loopback'],
  ['::ffff:0:127.0.0.1', 'loopback'],
  ['0:0:0:0:ffff:0:a9fe:a9fe', 'metadata'],
  ['::ffff:0:10.0.0.1', 'private'],
  ['::ffff:0:808:808', 'reserved'],
  ['::ffff:0:0:0', 'unspecified'],
  ['64:ff9b::7f00:1', 'loopback'],
  ['64:ff9b::a9fe:a9fe', 'metadata'],
  // 6to4 embedding a private or loopback IPv4 address: the whole prefix is reserved
  ['2002:7f00:1::1', 'reserved'],
  ['2002:a9fe:a9fe::', 'reserved'],
  ['64:ff9b::10.0.0.1', 'private'],
  ['64:ff9b::8.8.8.8', 'public'],
  ['2002:c0a8:101::1', 'reserved'],
  ['2002:808:808::1', 'reserved'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'],
  ['64:ff9b:1::a00:1', 'reserved'],
  ['64:ff9b:1::808:808', 'reserved'],
  ['2001:2::1', 'reserved'],
  ['2620:4f:8000::1', 'reserved'],
  ['3fff::1', 'reserved'],
  ['5f00::1', 'reserved'],
  ['100:0:0:1::1', 'reserved'],
  ['192.88.99.1', 'reserved'],
  ['192.31.196.1', 'reserved'],
  ['192.52.193.1', 'reserved'],
  ['192.175.48.1', 'reserved'],
  ['2606:4700:4700::1111', 'public'],
  ['2001:db8::1', 'reserved'],
  ['not-an-ip', 'invalid'],
];

for (const [ip, cls] of cases) {
  test(`classifyAddress(${ip}) = ${cls}`, () => {
    assert.equal(classifyAddress(ip), cls);
  });
}

test('private policy lets loopback, private, CGNAT and unique-local through, never metadata or link-local', () => {
  for (const ip of ['127.0.0.1', '::1', '10.0.0.1', '192.168.1.1', '100.64.0.1', 'fd12::1', '::ffff:127.0.0.1']) {
    assert.equal(isAddressAllowed(ip, false), false, ip);
    assert.equal(isAddressAllowed(ip, true), true, ip);
  }
  for (const ip of ['169.254.169.254', 'fd00:ec2::254', '169.254.1.1', 'fe80::1', '0.0.0.0', '::', '224.0.0.1', 'ff02::1']) {
    assert.equal(isAddressAllowed(ip, true), false, ip);
  }
  assert.equal(isAddressAllowed('8.8.8.8', false), true);
  assert.equal(isAddressAllowed('2606:4700:4700::1111', false), true);
});
