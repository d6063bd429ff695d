import { isIP } from 'node:net';

/**
 * Classification of IP addresses for the webhook address guard. Pure functions, no I/O.
 * Every block of the IANA IPv4 and IPv6 Special-Purpose Address Registries is classified (none is 'public');
 * IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::/96) IPv6 addresses are judged
 * by the IPv4 address they carry; so are SIIT's IPv4-translated addresses (::ffff:0:a.b.c.d, ::ffff:0:0:0/96,
 * RFC 2765), which only a translator reaches: one carrying a public IPv4 address is reserved. Tunnels that reach an address the guard cannot see — Teredo (2001::/32, within
 * 2001::/23), 6to4 (2002::/16) and the local-use SIIT prefix 64:ff9b:1::/48 — are reserved whatever they carry.
 * A short table kept here rather than a dependency: ipaddr.js is only in the tree through fastify.
 */
export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'cgnat'
  | 'unique_local'
  | 'link_local'
  | 'metadata'
  | 'unspecified'
  | 'multicast'
  | 'reserved'
  | 'invalid';

/** Classes that WEBHOOK_ALLOW_PRIVATE=true lets through (development and tests). */
export const PRIVATE_CLASSES: ReadonlySet<AddressClass> = new Set(['loopback', 'private', 'cgnat', 'unique_local']);

interface Range<T> {
  base: T;
  bits: number;
  cls: AddressClass;
}

function v4ToInt(ip: string): number {
  const parts = ip.split('.').map(Number);
  return (((parts[0]! << 24) >>> 0) + (parts[1]! << 16) + (parts[2]! << 8) + parts[3]!) >>> 0;
}

const V4: Range<number>[] = (
  [
    ['169.254.169.254', 32, 'metadata'],
    ['0.0.0.0', 8, 'unspecified'],
    ['127.0.0.0', 8, 'loopback'],
    ['10.0.0.0', 8, 'private'],
    ['172.16.0.0', 12, 'private'],
    ['192.168.0.0', 16, 'private'],
    ['100.64.0.0', 10, 'cgnat'],
    ['169.254.0.0', 16, 'link_local'],
    ['224.0.0.0', 4, 'multicast'],
    ['240.0.0.0', 4, 'reserved'],
    ['192.0.0.0', 24, 'reserved'],
    ['192.0.2.0', 24, 'reserved'],
    ['198.18.0.0', 15, 'reserved'],
    ['198.51.100.0', 24, 'reserved'],
    ['203.0.113.0', 24, 'reserved'],
    // AS112 (RFC 7535), AMT (RFC 7450), the deprecated 6to4 relay anycast (RFC 7526), AS112 direct delegation
    ['192.31.196.0', 24, 'reserved'],
    ['192.52.193.0', 24, 'reserved'],
    ['192.88.99.0', 24, 'reserved'],
    ['192.175.48.0', 24, 'reserved'],
  ] as const
).map(([ip, bits, cls]) => ({ base: v4ToInt(ip), bits, cls }));

function classifyV4Int(n: number): AddressClass {
  for (const r of V4) {
    const mask = r.bits === 0 ? 0 : (~0 << (32 - r.bits)) >>> 0;
    if ((n & mask) >>> 0 === (r.base & mask) >>> 0) return r.cls;
  }
  return 'public';
}

/** Expands a valid IPv6 text (net.isIP === 6, zone id already removed) to a 128-bit integer. */
function v6ToBigInt(ip: string): bigint {
  let text = ip;
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    // Dotted IPv4 tail (::ffff:127.0.0.1): rewrite it as two hex groups.
    const n = v4ToInt(tail);
    text = `${text.slice(0, lastColon + 1)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const parse = (s: string): number[] => (s === '' ? [] : s.split(':').map((g) => parseInt(g, 16)));
  const [head = '', rest] = text.split('::') as [string, string | undefined];
  const h = parse(head);
  const t = rest === undefined ? [] : parse(rest);
  const zeros = new Array<number>(8 - h.length - t.length).fill(0);
  return [...h, ...zeros, ...t].reduce((acc, g) => (acc << 16n) | BigInt(g), 0n);
}

const V6: Range<bigint>[] = (
  [
    ['fd00:ec2::254', 128, 'metadata'],
    ['::', 128, 'unspecified'],
    ['::1', 128, 'loopback'],
    // SIIT's local-use prefix (RFC 8215): translated by the network to addresses the guard cannot judge
    ['64:ff9b:1::', 48, 'reserved'],
    ['fe80::', 10, 'link_local'],
    ['fec0::', 10, 'private'],
    ['fc00::', 7, 'unique_local'],
    ['ff00::', 8, 'multicast'],
    // discard-only (RFC 6666) and the dummy prefix (RFC 9780)
    ['100::', 64, 'reserved'],
    ['100:0:0:1::', 64, 'reserved'],
    // IETF protocol assignments (RFC 2928): Teredo 2001::/32, benchmarking, AMT, AS112, ORCHID…
    ['2001::', 23, 'reserved'],
    ['2001:db8::', 32, 'reserved'],
    // 6to4 (RFC 3056): a relay would carry the packet to an IPv4 address of anyone's choosing
    ['2002::', 16, 'reserved'],
    ['2620:4f:8000::', 48, 'reserved'],
    // documentation (RFC 9637) and SRv6 segment identifiers (RFC 9602)
    ['3fff::', 20, 'reserved'],
    ['5f00::', 16, 'reserved'],
  ] as const
).map(([ip, bits, cls]) => ({ base: v6ToBigInt(ip), bits, cls }));

const MASK128 = (1n << 128n) - 1n;
const prefixMask = (bits: number): bigint => (bits === 0 ? 0n : (MASK128 << BigInt(128 - bits)) & MASK128);
const inPrefix = (n: bigint, base: bigint, bits: number): boolean => (n & prefixMask(bits)) === (base & prefixMask(bits));

const MAPPED = v6ToBigInt('::ffff:0:0');
const NAT64 = v6ToBigInt('64:ff9b::');
const TRANSLATED = v6ToBigInt('::ffff:0:0:0');

function classifyV6Int(n: bigint): AddressClass {
  for (const r of V6) if (inPrefix(n, r.base, r.bits)) return r.cls;
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible), 64:ff9b::a.b.c.d (NAT64): the carried IPv4 decides.
  if (inPrefix(n, MAPPED, 96) || inPrefix(n, 0n, 96) || inPrefix(n, NAT64, 96)) {
    return classifyV4Int(Number(n & 0xffffffffn));
  }
  if (inPrefix(n, TRANSLATED, 96)) {
    const carried = classifyV4Int(Number(n & 0xffffffffn));
    return carried === 'public' ? 'reserved' : carried;
  }
  return 'public';
}

/** Classifies one textual IP address (IPv4, or IPv6 with an optional %zone). */
export function classifyAddress(address: string): AddressClass {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const kind = isIP(ip);
  if (kind === 4) return classifyV4Int(v4ToInt(ip));
  if (kind === 6) return classifyV6Int(v6ToBigInt(ip));
  return 'invalid';
}

/** True when a webhook may connect to this address under the given policy. */
export function isAddressAllowed(address: string, allowPrivate: boolean): boolean {
  const cls = classifyAddress(address);
  return cls === 'public' || (allowPrivate && PRIVATE_CLASSES.has(cls));
}
