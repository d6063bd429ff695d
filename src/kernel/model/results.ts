/** A run's published result as the store returns it: report keys with their maps parsed, camelCase. */
import type { PublishedResult } from '../result.ts';

/**
 * What the reports say about the run besides the findings: the object, the organization and the set. Stored as
 * JSON with the result (report_meta) in these snake_case names, so the PDFs rebuilt later say the same.
 */
export interface ReportMeta {
  run_id: string;
  organization: string;
  object_address: string | null;
  object_name: string | null;
  user_request: string | null;
  /** ISO-8601 UTC: when the set was accepted. */
  created_at: string;
  /** ISO-8601 UTC: when the result was published. */
  published_at: string;
  /**
   * IANA zone of the organization at publication, in which the reports give times; absent in the reports of
   * results published before organizations had a zone (read as Europe/Moscow, the zone of those reports).
   */
  time_zone?: string;
  documents: ReportDocument[];
  /**
   * Numbers of the findings a specialist rejected, left out of reports drawn after the decisions
   * (src/report/decided.ts); absent in the reports built at publication.
   */
  rejected_findings?: number[];
  /**
   * The specialist's standing decisions on the proposals of the answer loop (by their decide_on: accepted confirms,
   * rejected overrides), drawn beside each proposal in reports built after the decisions; absent at publication.
   */
  proposal_decisions?: ProposalDecision[];
}

/** A specialist's standing decision on a proposal «снято / не снято» (src/report/revision/answers.ts proposalOutcome). */
export interface ProposalDecision {
  decide_on: string;
  decision: 'accepted' | 'rejected';
}

/** A document of the set as the reports list it. */
export interface ReportDocument {
  index: number;
  name: string;
  kind: string | null;
  pages: number | null;
  role: 'review' | 'context';
  page_from: number | null;
  page_to: number | null;
}

/** Blob keys of the PDFs and the ZIP of a complete build (at publication or by a rebuild). */
export interface PdfKeys {
  reportPdfKey: string;
  /** Section code → key of the per-section PDF, one per available section. */
  sectionPdfKeys: Record<string, string>;
  /** Theme → key of the per-theme PDF, one per available theme. */
  themePdfKeys: Record<string, string>;
  reportZipKey: string;
}

/** Blob keys of the reports stored with a published result. */
export interface ReportKeys {
  reportMdKey: string;
  /** Null when the PDFs could not be built; then the section and theme maps are empty and the ZIP key is null. */
  reportPdfKey: string | null;
  sectionPdfKeys: Record<string, string>;
  themePdfKeys: Record<string, string>;
  reportZipKey: string | null;
}

/** What the PDFs of a published result are built from, at publication and by a rebuild. */
export interface PublishedSource {
  result: PublishedResult;
  /** Null for results published before the metadata was kept: then it is made again from the run. */
  reportMeta: ReportMeta | null;
  publishedAt: string;
}

/** How far the PDFs of a published result are. */
export interface PdfBuildState {
  keys: ReportKeys;
  /** A build holds the result until then; null when none runs. */
  buildExpiresAt: string | null;
  /** After a failed build: the earliest time the next one may start (null: at once). */
  retryAt: string | null;
}

/** The published result of a run: its feedback_snapshot and the result as published. */
export interface StoredResult {
  snapshot: string;
  result: PublishedResult;
}
