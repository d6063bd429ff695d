/**
 * Organizations as the store returns them, with their keys, check movements, Idempotency-Key claims and
 * cabinet sessions: camelCase, real booleans, JSON columns parsed, timestamps as ISO-8601 UTC strings.
 */

export type OrganizationStatus = 'active' | 'suspended';

/** Limits of one submission; 0 in a limit means "not limited" (contract, Limits). */
export interface OrganizationLimits {
  maxFiles: number;
  maxFileBytes: number;
  maxTotalBytes: number;
  maxPages: number;
  /** 1 or 2: how many checks a set over the page limit costs. */
  oversizeFactor: number;
}

/** Delivery settings {attempts, timeout_ms, pauses_ms[]} as the operator stored them; notify/settings.ts reads them. */
export type StoredWebhookSettings = Readonly<Record<string, unknown>>;

export interface Organization {
  id: string;
  name: string;
  status: OrganizationStatus;
  checksLeft: number;
  limits: OrganizationLimits;
  /** Runs of the organization processed at the same time. */
  concurrency: number;
  /** Section codes of the organization's profile; null = the full reference. */
  sections: string[] | null;
  webhookUrl: string | null;
  webhookSecret: string | null;
  /** Overrides of the delivery defaults; null = defaults. */
  webhookSettings: StoredWebhookSettings | null;
  /** The organization works with employees (reason_code / employee_id on decisions). */
  hasEmployees: boolean;
  accessFrom: string | null;
  accessUntil: string | null;
  /** Requests per minute per key; null = the service's default (RATE_LIMIT_PER_MINUTE), 0 = unlimited. */
  rateLimitPerMinute: number | null;
  /** IANA time zone in which the organization reads times in the cabinet and the reports. */
  timeZone: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * Whether the organization may use the service now: active, and inside its access period (access_from …
 * access_until, either open). Outside it the organization is answered as suspended (403 forbidden): no upload is
 * accepted and nothing is charged.
 */
export function accessOpen(org: Pick<Organization, 'status' | 'accessFrom' | 'accessUntil'>, now = Date.now()): boolean {
  if (org.status !== 'active') return false;
  if (org.accessFrom !== null && Date.parse(org.accessFrom) > now) return false;
  return org.accessUntil === null || Date.parse(org.accessUntil) > now;
}

/** What an operator may set on an organization (drs org create|set); absent fields stay as they are. */
export type OrganizationSettings = Partial<
  Pick<
    Organization,
    | 'name'
    | 'checksLeft'
    | 'concurrency'
    | 'sections'
    | 'webhookUrl'
    | 'webhookSecret'
    | 'webhookSettings'
    | 'hasEmployees'
    | 'accessFrom'
    | 'accessUntil'
    | 'rateLimitPerMinute'
    | 'timeZone'
  >
> & { limits?: Partial<OrganizationLimits> };

export interface ApiKeyRecord {
  id: string;
  tenantId: string;
  /** sha256 hex of the secret; the secret itself is never stored. */
  keyHash: string;
  /** First characters of the key, shown by GET /key to tell keys apart. */
  prefix: string;
  createdAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
}

/** A key with the organization it belongs to (authentication, the cabinet's login). */
export interface KeyOwner {
  key: ApiKeyRecord;
  tenant: Organization;
}

/** Why the balance moved: -1 for a charge, +1 for a refund, any for operator top-ups. */
export type LedgerReason = 'charge' | 'refund' | 'topup' | 'extra_volume';

/** Checks charged and refunded on one UTC day (GET /usage). */
export interface UsageDay {
  date: string;
  charged: number;
  refunded: number;
}

/** The outcome of taking an Idempotency-Key: a new submission, or the run an earlier one produced. */
export type IdempotencyClaim = { kind: 'new' } | { kind: 'replay'; runId: string };

/** A cabinet session just opened. */
export interface OpenedCabinetSession {
  /** Goes into the cookie only; the database keeps its digest. */
  id: string;
  csrfToken: string;
  expiresAt: string;
}

/** A live cabinet session with its key and organization. */
export interface LiveCabinetSession extends KeyOwner {
  /** Sent back by the page on every state-changing request (header X-CSRF-Token). */
  csrfToken: string;
  expiresAt: string;
}
