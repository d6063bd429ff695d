/**
 * The answers of the API as the cabinet's browser modules (static/*.js) read them, for their type check
 * (tsconfig.cabinet.json): the shapes come from the schemas the API serves and the functions that build the
 * cabinet's own answers, so a changed response fails the check of every page that reads it. Types only: the
 * browser never loads this file.
 */
import type { Static } from '@sinclair/typebox';
import type { FeaturesSchema, KeySchema, MeSchema, SubscriptionSchema, UsageSchema } from '../http/schemas/account.ts';
import type { BundleListSchema, BundleSchema, NewBundleBody, RenameBundleBody } from '../http/schemas/bundles.ts';
import type { DocumentsDeletedSchema } from '../http/schemas/documents.ts';
import type {
  CarryOverBody,
  CarryOverSchema,
  DesignerAnswerSchema,
  RegisterAnswersSchema,
  DecisionBody,
  DecisionSchema,
  FeedbackHistorySchema,
} from '../http/schemas/feedback.ts';
import type { FindingsResultSchema } from '../http/schemas/findings.ts';
import type { ArchivePreviewSchema } from '../http/schemas/imports.ts';
import type { NoteListSchema, NoteSchema, ProposeNoteBody, RevokeNoteBody } from '../http/schemas/memory.ts';
import type { RunSchema, RunStatusSchema } from '../http/schemas/runs.ts';
import type { DeliveryListSchema } from '../http/schemas/webhooks.ts';
import type { Finding as ResultFinding, FindingSource, Question, ReferenceProblem, ResultWarning, Theme } from '../kernel/result.ts';
import type { cabinetRunsList } from './runs-list.ts';

export type Run = Static<typeof RunSchema>;
export type RunStatus = Static<typeof RunStatusSchema>;
export type Me = Static<typeof MeSchema>;
export type Features = Static<typeof FeaturesSchema>;
export type KeyInfo = Static<typeof KeySchema>;
export type Subscription = Static<typeof SubscriptionSchema>;
export type Usage = Static<typeof UsageSchema>;
export type Bundle = Static<typeof BundleSchema>;
export type BundleList = Static<typeof BundleListSchema>;
export type DocumentsDeleted = Static<typeof DocumentsDeletedSchema>;
export type Decision = Static<typeof DecisionSchema>;
export type DecisionRequest = Static<typeof DecisionBody>;
export type FeedbackHistory = Static<typeof FeedbackHistorySchema>;
export type ArchivePreview = Static<typeof ArchivePreviewSchema>;
export type Note = Static<typeof NoteSchema>;
export type NoteList = Static<typeof NoteListSchema>;
export type NoteProposal = Static<typeof ProposeNoteBody>;
export type NoteRevocation = Static<typeof RevokeNoteBody>;
export type DeliveryList = Static<typeof DeliveryListSchema>;

// The schema leaves these objects open (fields may be added); what they carry today is the result's own type.
type ServedResult = Static<typeof FindingsResultSchema>;
type ServedFinding = ServedResult['findings'][number];
export type Finding = Omit<ServedFinding, 'sources'> & { sources: FindingSource[] } & Pick<ResultFinding, 'check_id'>;
export type PageRef = Finding['page_refs'][number];
/** total and the number of findings of each importance (the schema's additional properties). */
export type FindingCounts = { total: number } & Record<string, number>;
export type FindingsResult = Omit<ServedResult, 'findings' | 'questions' | 'warnings' | 'reference_problems' | 'counts'> & {
  counts: FindingCounts;
  findings: Finding[];
  questions?: Question[];
  warnings: ResultWarning[];
  reference_problems: ReferenceProblem[];
  /** Themes with a report of their own: sent with the result, not named by its schema. */
  available_themes?: Theme[];
};
export type Revision = NonNullable<FindingsResult['revision']>;
/** The content map of one volume and one of its items (absent in results published before the map). */
export type ContentVolume = NonNullable<FindingsResult['content_map']>[number];
export type ContentItem = ContentVolume['items'][number];
export type CarryOver = Static<typeof CarryOverSchema>;
export type AnswersUpload = Static<typeof RegisterAnswersSchema>;
export type DesignerAnswer = Static<typeof DesignerAnswerSchema>;

/** GET /cabinet/runs: the runs page. */
export type CabinetRunsList = Awaited<ReturnType<typeof cabinetRunsList>>;
export type CabinetRun = CabinetRunsList['runs'][number];

/** POST /cabinet/login and GET /cabinet/session (src/cabinet/routes.ts). */
export interface CabinetSession {
  csrf_token: string;
  expires_at: string;
  organization: string;
  /** IANA time zone in which times are shown (src/kernel/time-zone.ts). */
  time_zone: string;
  key_prefix?: string;
}

/** Paths of GET /api/v1 the cabinet reads, and the answer of each (most specific first). */
export type GetPath =
  | '/me'
  | '/features'
  | '/key'
  | '/subscription'
  | '/bundles'
  | '/memory'
  | `/usage?${string}`
  | `/runs/${string}`
  | `/webhooks/deliveries?${string}`;
export type GetAnswer<P extends GetPath> = P extends '/me'
  ? Me
  : P extends '/features'
    ? Features
    : P extends '/key'
      ? KeyInfo
      : P extends '/subscription'
        ? Subscription
        : P extends '/bundles'
          ? BundleList
          : P extends '/memory'
            ? NoteList
            : P extends `/usage?${string}`
              ? Usage
              : P extends `/webhooks/deliveries?${string}`
                ? DeliveryList
                : P extends `/runs/${string}/findings`
                  ? FindingsResult
                  : P extends `/runs/${string}/feedback`
                    ? FeedbackHistory
                    : RunStatus;

/** Paths of POST /api/v1 with a JSON body the cabinet sends: the body and the answer of each. */
export interface PostCalls {
  '/bundles': [Static<typeof NewBundleBody>, Bundle];
  '/memory': [NoteProposal, Note];
}
export type PostPath =
  | keyof PostCalls
  | `/runs/${string}/feedback/carry-over`
  | `/runs/${string}/feedback`
  | `/runs/${string}/cancel`
  | `/bundles/${string}/label`
  | `/memory/${string}/revoke`;
export type PostBody<P extends PostPath> = P extends keyof PostCalls
  ? PostCalls[P][0]
  : P extends `/runs/${string}/feedback/carry-over`
    ? Static<typeof CarryOverBody>
    : P extends `/runs/${string}/feedback`
      ? DecisionRequest
      : P extends `/runs/${string}/cancel`
        ? undefined
        : P extends `/bundles/${string}/label`
          ? Static<typeof RenameBundleBody>
          : NoteRevocation;
export type PostAnswer<P extends PostPath> = P extends keyof PostCalls
  ? PostCalls[P][1]
  : P extends `/runs/${string}/feedback/carry-over`
    ? Static<typeof CarryOverSchema>
    : P extends `/runs/${string}/feedback`
      ? Decision
      : P extends `/runs/${string}/cancel`
        ? RunStatus
        : P extends `/bundles/${string}/label`
          ? Bundle
          : Note;
