import type { Theme } from '../kernel/result.ts';

/** Blob keys of the built reports and what the reports say about the run, as publication stores them. */
export type { PdfKeys, ReportDocument, ReportKeys, ReportMeta } from '../kernel/model/results.ts';

/** At most one filter per report: a documentation section or a thematic group. */
export type ReportFilter = { section: string } | { theme: Theme };
