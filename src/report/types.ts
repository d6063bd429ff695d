import type { Theme } from '../kernel/result.ts';

/** What the reports say about the run besides the findings: the object, the organization and the set. */
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
  documents: ReportDocument[];
}

export interface ReportDocument {
  index: number;
  name: string;
  kind: string | null;
  pages: number | null;
  role: 'review' | 'context';
  page_from: number | null;
  page_to: number | null;
}

/** Blob keys of the built reports; the same names as the columns of the results table. */
export type { ReportKeys } from '../store/repositories/results.ts';

/** At most one filter per report: a documentation section or a thematic group. */
export type ReportFilter = { section: string } | { theme: Theme };
