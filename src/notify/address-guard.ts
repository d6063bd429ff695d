import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { classifyAddress, PRIVATE_CLASSES, type AddressClass } from './ip-ranges.ts';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to all its addresses (dns.lookup with all: true); replaceable in tests. */
export type LookupAll = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemLookupAll: LookupAll = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export interface GuardPolicy {
  /** config.webhookAllowPrivate: allows http:// and loopback / private / CGNAT / unique-local targets. */
  allowPrivate: boolean;
  lookup?: LookupAll;
}

export type GuardResult =
  /** The connection must go to `address` (already checked), never to a fresh resolution of the host. */
  | { ok: true; url: URL; address: string; family: 4 | 6 }
  /** The address is forbidden by the settings: delivery status denied, no attempt is made. */
  | { ok: false; kind: 'denied'; reason: string }
  /** The host could not be resolved now: a failed attempt, retried like a connection error. */
  | { ok: false; kind: 'unresolved'; code: string; reason: string };

const CLASS_TEXT: Record<AddressClass, string> = {
  public: 'публичный адрес',
  loopback: 'адрес обратной петли',
  private: 'адрес частной сети',
  cgnat: 'адрес CGNAT (100.64.0.0/10)',
  unique_local: 'уникальный локальный адрес IPv6',
  link_local: 'локальный адрес канала',
  metadata: 'адрес службы метаданных облака',
  unspecified: 'неопределённый адрес',
  multicast: 'групповой адрес',
  reserved: 'зарезервированный адрес',
  invalid: 'некорректный адрес',
};

const denied = (reason: string): GuardResult => ({ ok: false, kind: 'denied', reason });

/**
 * Vets a webhook URL before any connection: scheme (https; http only when private targets are allowed),
 * then EVERY address the host resolves to. One forbidden address refuses the whole URL, so a name that
 * resolves to a public and a private address cannot be used to reach the private one.
 */
export async function vetWebhookUrl(rawUrl: string, policy: GuardPolicy): Promise<GuardResult> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return denied('Адрес уведомлений не является корректным URL');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowPrivate)) {
    return denied('Адрес уведомлений должен использовать протокол https');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === '') return denied('В адресе уведомлений не указан хост');

  let addresses: ResolvedAddress[];
  if (isIP(host) !== 0) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await (policy.lookup ?? systemLookupAll)(host);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? 'ERROR';
      return { ok: false, kind: 'unresolved', code, reason: `Не удалось разрешить имя ${host}: ${code}` };
    }
    if (addresses.length === 0) {
      return { ok: false, kind: 'unresolved', code: 'ENODATA', reason: `Имя ${host} не имеет адресов` };
    }
  }

  for (const a of addresses) {
    const cls = classifyAddress(a.address);
    if (cls === 'public' || (policy.allowPrivate && PRIVATE_CLASSES.has(cls))) continue;
    return denied(`Адрес уведомлений запрещён настройками: ${host} → ${a.address} (${CLASS_TEXT[cls]})`);
  }
  // Every address passed; link-local ones (the only ones with a %zone) never do, so the text is usable as is.
  const first = addresses[0]!;
  return { ok: true, url, address: first.address, family: isIP(first.address) === 6 ? 6 : 4 };
}
