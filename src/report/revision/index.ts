/**
 * A published result compared with the previous run of its bundle (made once, at publication, so the reports
 * built then say it too): findings marked new / persisting, the previous findings that are gone listed as resolved.
 */
import { displayName } from '../../kernel/display-name.ts';
import type { PublishedResult } from '../../kernel/result.ts';
import type { ReportMeta } from '../types.ts';
import { matchFindings, revisionOf } from './match.ts';

export { matchFindings, revisionOf, type RevisionMatch, type RevisionSide } from './match.ts';

/** The run compared with: its published result and the names of its documents. */
export interface PreviousRound {
  runId: string;
  publishedAt: string;
  result: PublishedResult;
  /** doc_index → stored file name (findings name documents by the name shown, without invisible characters). */
  documentNames: ReadonlyMap<number, string>;
}

/** The result with its findings marked and its revision block, against the previous round. */
export function withRevision(result: PublishedResult, meta: ReportMeta, previous: PreviousRound): PublishedResult {
  const match = matchFindings(
    { findings: result.findings, set: result.set, names: new Map(meta.documents.map((d) => [d.index, d.name])) },
    {
      findings: previous.result.findings,
      set: previous.result.set,
      names: new Map([...previous.documentNames].map(([i, name]) => [i, displayName(name)])),
    },
  );
  const { findings, revision } = revisionOf(result.findings, match, previous);
  return { ...result, findings, revision };
}
