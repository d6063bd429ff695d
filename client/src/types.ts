/**
 * Readable names for the request and response shapes of the generated contract types. Every alias is read
 * off `paths`, so it follows the served openapi.json whatever names the schema components get.
 */
import type { paths } from './generated/openapi.ts';

export type { paths } from './generated/openapi.ts';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type Op<P extends keyof paths, M extends 'get' | 'post' | 'delete'> = NonNullable<paths[P][M]>;
type Ok<P extends keyof paths, M extends 'get' | 'post' | 'delete', S extends number = 200> =
  Op<P, M> extends { responses: infer R } ? (S extends keyof R ? Json<R[S]> : never) : never;
type Body<P extends keyof paths, M extends 'post'> = Op<P, M> extends { requestBody?: infer B } ? Json<NonNullable<B>> : never;

export type Health = Ok<'/health', 'get'>;
export type VersionInfo = Ok<'/version', 'get'>;
export type Docset = Ok<'/docset', 'get'>;
export type Features = Ok<'/features', 'get'>;
export type Me = Ok<'/me', 'get'>;
export type Limits = Ok<'/limits', 'get'>;
export type KeyInfo = Ok<'/key', 'get'>;
export type Subscription = Ok<'/subscription', 'get'>;
export type Usage = Ok<'/usage', 'get'>;
export type SessionEntry = Ok<'/session/entry', 'post', 201>;

/** Response of POST /runs (201 for a new set, 200 for a repeat with the same Idempotency-Key). */
export type Run = Ok<'/runs', 'post', 201>;
export type RunDocument = Run['documents'][number];
/** GET /runs/{run_id}, also the answer of cancel. */
export type RunStatus = Ok<'/runs/{run_id}', 'get'>;
export type RunList = Ok<'/runs', 'get'>;
export type DocumentsDeleted = Ok<'/runs/{run_id}/documents', 'delete'>;
export type FindingsResult = Ok<'/runs/{run_id}/findings', 'get'>;
export type Finding = FindingsResult['findings'][number];
export type PageRef = Finding['page_refs'][number];
/** The content map of one volume (absent in results published before the map). */
export type ContentVolume = NonNullable<FindingsResult['content_map']>[number];
export type ContentItem = ContentVolume['items'][number];

export type DecisionRequest = Body<'/runs/{run_id}/feedback', 'post'>;
export type DecisionValue = DecisionRequest['decision'];
export type Decision = Ok<'/runs/{run_id}/feedback', 'post', 201>;
export type FeedbackHistory = Ok<'/runs/{run_id}/feedback', 'get'>;

export type Bundle = Ok<'/bundles', 'post', 201>;
export type BundleList = Ok<'/bundles', 'get'>;
export type MemoryList = Ok<'/memory', 'get'>;
export type MemoryNote = Ok<'/memory/{note_id}', 'get'>;
export type MemoryProposal = Body<'/memory', 'post'>;
export type MemoryListQuery = NonNullable<Op<'/memory', 'get'>['parameters']['query']>;

export type ImportPreview = Ok<'/imports/preview', 'post'>;
export type WebhookDeliveries = Ok<'/webhooks/deliveries', 'get'>;

/** The states after which a run no longer changes. Readiness is decided by `status` only. */
export const FINAL_RUN_STATUSES: readonly string[] = ['done', 'failed'];
