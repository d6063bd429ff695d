import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';

/** One typed configuration object, read from the environment once at start. */
export interface Config {
  host: string;
  port: number;
  /** Root of embedded data: SQLite file and blobs live here unless overridden. */
  dataDir: string;
  /** postgres://… selects the PostgreSQL store; otherwise SQLite at {dataDir}/drs.sqlite. */
  databaseUrl: string | null;
  /** file:///path (default {dataDir}/blobs) or s3://bucket/prefix. */
  blobUrl: string | null;
  logLevel: string;
  /** Worker lease on a claimed run; renewed by heartbeat every leaseMs / 3. */
  leaseMs: number;
  /** How long a POST /runs in flight holds its Idempotency-Key before a retry may take it over. */
  idempotencyPendingMs: number;
  /** Webhook targets on private networks are refused unless this is true (development and tests). */
  webhookAllowPrivate: boolean;
  /** Per-document reading timeout (page count, text, conversion). */
  documentTimeoutMs: number;
  /** PDF text reader: the native `mutool` when installed (auto), or always mupdf's WebAssembly build (wasm). */
  pdfReader: 'auto' | 'wasm';
  /** Readers of one review, each reading its share of the documents in its own process. */
  reviewReaders: number;
  /** The tesseract binary used for OCR (optional tool: absent means warnings, not failures). */
  tesseractBin: string;
  /**
   * Directory of the official Минстрой XSD files the XML documents are validated against, installed by the operator
   * (docs/xml-schemas.md); without them an XML document is not validated and one warning says so.
   */
  xsdDir: string;
  /** S3 connection settings, used when blobUrl is s3://… */
  s3: S3Settings;
  /** A request body (upload or JSON) with no byte for this long is answered 408 and its connection closed. */
  uploadIdleMs: number;
  /** Sets one organization may have in intake (received and unpacked) at once on a node. */
  intakeSlotsPerOrganization: number;
  /** How long a set over that bound waits for a slot before it is refused (0: refused at once). */
  intakeWaitMs: number;
  /** Longest time to receive one whole request (head and body); 0 disables. */
  requestTimeoutMs: number;
  /** Heap limit (--max-old-space-size) of the child process that processes a run or renders a PDF rebuild. */
  runMemoryMb: number;
  /** Longest processing of one attempt of a run in its child process; over it the run fails with a refund. 0 disables. */
  runTimeoutMs: number;
  /** Longest PDF rebuild (on download) in its child process; over it the build counts as failed. 0 disables. */
  pdfBuildTimeoutMs: number;
  /** PDF report builds on download (rebuilds, reports without rejected findings) running at once on this node. */
  reportBuildSlots: number;
  /** Registers of remarks built at once on this node. */
  registerBuildSlots: number;
  /** Report and register builds of one organization waiting and running at once on this node (each kind); past it 429. */
  reportBuildsPerOrganization: number;
  /** Archive previews (POST /imports/preview) unpacked at once on this node. */
  archivePreviewSlots: number;
  /** Jobs of each bounded kind waiting on a node, per slot of the kind; past it 503 with Retry-After. */
  workQueuePerSlot: number;
  /** Page pictures of the cabinet rendered at once by this process (isolation/work-slots.ts). */
  pageRenderSlots: number;
  /** Page renders of one organization waiting and running at once in this process; past it 429. */
  pageRendersPerOrganization: number;
  /** Memory limit (MB) of a page render's child process: its resident memory, mupdf's WebAssembly included. */
  pageRenderMemoryMb: number;
  /** Longest page render; over it the child is killed and the failure remembered. */
  pageRenderTimeoutMs: number;
  /** How long a failed page render is answered from memory (503 pdf_unavailable / 404) before it is tried again; 0: not remembered. */
  pageRenderFailureTtlMs: number;
  /** Lifetime of a cabinet session (hours) unless ended earlier by logout, key revocation or suspension. */
  cabinetSessionHours: number;
  /** Cabinet logins per minute from one client address (every attempt); 0 = unlimited. */
  cabinetLoginsPerAddress: number;
  /** Cabinet logins per minute with one key; 0 = unlimited. */
  cabinetLoginsPerKey: number;
  /** Logins with a wrong key per minute from one client address; past them the address is refused until the minute ends. */
  cabinetFailedLoginsPerAddress: number;
  /** Live cabinet sessions per key; a login past it ends the key's oldest sessions. */
  cabinetSessionsPerKey: number;
  /** Secure flag of the cabinet cookie: auto — when the request came over HTTPS (X-Forwarded-Proto: https). */
  cabinetSecureCookie: 'auto' | 'always' | 'never';
  /** Requests per minute per API key of an organization without its own limit (tenants.rate_limit_per_minute); 0 = unlimited. */
  rateLimitPerMinute: number;
  /** How often a node adds its request counts to the shared ones in the database and learns the other nodes' counts. */
  rateLimitFlushMs: number;
  /** Port of a listener of its own serving /metrics, /ready and /health (on metricsHost); null: none. */
  metricsPort: number | null;
  metricsHost: string;
  /** Bearer token /metrics requires wherever it is served; on the API's port /metrics exists only with one. */
  metricsToken: string | null;
  /** Free space (MB) under DATA_DIR below which GET /ready says the node should not take traffic. */
  readyMinFreeMb: number;
  apiVersion: string;
}

/** S3_ENDPOINT, S3_REGION (or AWS_REGION), S3_FORCE_PATH_STYLE and the credentials AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY. */
export interface S3Settings {
  endpoint: string | null;
  region: string;
  forcePathStyle: boolean;
  /** Both or neither: without them the SDK's default chain is used (instance role, shared profile…). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Environment variable ${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

/** A heap size: below 32 MB a child could not even load the program, so a smaller value is a mistake. */
function memoryMb(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const n = int(env, name, fallback);
  if (n < 32) throw new Error(`Environment variable ${name} must be at least 32 (megabytes), got "${env[name]}"`);
  return n;
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const n = int(env, name, fallback);
  if (n === 0) throw new Error(`Environment variable ${name} must be a positive integer, got "${env[name]}"`);
  return n;
}

function s3Settings(env: NodeJS.ProcessEnv): S3Settings {
  return {
    endpoint: env.S3_ENDPOINT || null,
    region: env.S3_REGION || env.AWS_REGION || 'us-east-1',
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    credentials: env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY ? { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY } : null,
  };
}

function secureCookieChoice(raw: string | undefined): Config['cabinetSecureCookie'] {
  if (!raw || raw === 'auto') return 'auto';
  if (raw === 'always' || raw === 'never') return raw;
  throw new Error(`Environment variable CABINET_SECURE_COOKIE must be "auto", "always" or "never", got "${raw}"`);
}

function pdfReaderChoice(raw: string | undefined): Config['pdfReader'] {
  if (!raw || raw === 'auto') return 'auto';
  if (raw === 'wasm') return 'wasm';
  throw new Error(`Environment variable PDF_READER must be "auto" or "wasm", got "${raw}"`);
}

/** A token guessable by trying would open the node's metrics to anyone: at least 16 characters. */
function metricsToken(raw: string | undefined): string | null {
  if (!raw) return null;
  if (raw.length < 16) throw new Error('Environment variable METRICS_TOKEN must be at least 16 characters long');
  return raw;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.DATA_DIR || './data');
  return {
    host: env.HOST || '127.0.0.1',
    port: int(env, 'PORT', 8080),
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    blobUrl: env.BLOB_URL || null,
    logLevel: env.LOG_LEVEL || 'info',
    leaseMs: int(env, 'LEASE_MS', 30_000),
    idempotencyPendingMs: int(env, 'IDEMPOTENCY_PENDING_MS', 120_000),
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE === 'true',
    documentTimeoutMs: int(env, 'DOCUMENT_TIMEOUT_MS', 60_000),
    pdfReader: pdfReaderChoice(env.PDF_READER),
    // two readers keep two cores busy; more would only add memory on the machines the service runs on
    reviewReaders: positiveInt(env, 'REVIEW_READERS', Math.min(2, availableParallelism())),
    tesseractBin: env.TESSERACT_BIN || 'tesseract',
    xsdDir: env.XSD_DIR ? resolve(env.XSD_DIR) : join(dataDir, 'xsd'),
    s3: s3Settings(env),
    uploadIdleMs: int(env, 'UPLOAD_IDLE_MS', 30_000),
    intakeSlotsPerOrganization: positiveInt(env, 'INTAKE_SLOTS_PER_ORGANIZATION', 2),
    intakeWaitMs: int(env, 'INTAKE_WAIT_MS', 10_000),
    requestTimeoutMs: int(env, 'REQUEST_TIMEOUT_MS', 3_600_000),
    runMemoryMb: memoryMb(env, 'RUN_MEMORY_MB', 1024),
    runTimeoutMs: int(env, 'RUN_TIMEOUT_MS', 3_600_000),
    pdfBuildTimeoutMs: int(env, 'PDF_BUILD_TIMEOUT_MS', 300_000),
    // a build holds a child of RUN_MEMORY_MB: two of each kind keep a node's memory bounded at four of them
    reportBuildSlots: positiveInt(env, 'REPORT_BUILD_SLOTS', 2),
    registerBuildSlots: positiveInt(env, 'REGISTER_BUILD_SLOTS', 2),
    reportBuildsPerOrganization: positiveInt(env, 'REPORT_BUILDS_PER_ORGANIZATION', 4),
    archivePreviewSlots: positiveInt(env, 'ARCHIVE_PREVIEW_SLOTS', 2),
    workQueuePerSlot: positiveInt(env, 'WORK_QUEUE_PER_SLOT', 8),
    // a page of an A1 drawing takes a core for a moment; two leave the API's own core to it on a small machine
    pageRenderSlots: positiveInt(env, 'PAGE_RENDER_SLOTS', 2),
    // a browser asks for six pictures at once per tab: two people's pages of findings fit
    pageRendersPerOrganization: positiveInt(env, 'PAGE_RENDERS_PER_ORGANIZATION', 12),
    pageRenderMemoryMb: memoryMb(env, 'PAGE_RENDER_MEMORY_MB', 512),
    pageRenderTimeoutMs: positiveInt(env, 'PAGE_RENDER_TIMEOUT_MS', 30_000),
    pageRenderFailureTtlMs: int(env, 'PAGE_RENDER_FAILURE_TTL_MS', 600_000),
    cabinetSessionHours: Math.max(1, int(env, 'CABINET_SESSION_HOURS', 12)),
    cabinetSecureCookie: secureCookieChoice(env.CABINET_SECURE_COOKIE),
    // a person logs in a few times a day; an office behind one address holds a few dozen people
    cabinetLoginsPerAddress: int(env, 'CABINET_LOGINS_PER_ADDRESS', 30),
    cabinetLoginsPerKey: int(env, 'CABINET_LOGINS_PER_KEY', 10),
    cabinetFailedLoginsPerAddress: positiveInt(env, 'CABINET_FAILED_LOGINS_PER_ADDRESS', 5),
    cabinetSessionsPerKey: positiveInt(env, 'CABINET_SESSIONS_PER_KEY', 20),
    // 10 a second per key: 50 times a client polling every 5 s, room for a cabinet page's burst and a batch upload
    rateLimitPerMinute: int(env, 'RATE_LIMIT_PER_MINUTE', 600),
    rateLimitFlushMs: positiveInt(env, 'RATE_LIMIT_FLUSH_MS', 1000),
    metricsPort: env.METRICS_PORT ? int(env, 'METRICS_PORT', 0) : null,
    metricsHost: env.METRICS_HOST || '127.0.0.1',
    metricsToken: metricsToken(env.METRICS_TOKEN),
    // an upload streams to disk and is unpacked beside it: below this a set of ordinary size may not fit
    readyMinFreeMb: int(env, 'READY_MIN_FREE_MB', 256),
    apiVersion: 'v1',
  };
}

/** What the review engine reads documents with (its ReadingSettings), taken from the configuration. */
export function readingSettingsOf(config: Config) {
  return {
    timeoutMs: config.documentTimeoutMs,
    readers: config.reviewReaders,
    pdfReader: config.pdfReader,
    tesseractBin: config.tesseractBin,
    xsdDir: config.xsdDir,
  };
}
