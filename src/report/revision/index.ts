/**
 * A published result compared with the previous run of its bundle (made once, at publication, so the reports
 * built then say it too): findings marked new / persisting, the previous findings that are gone listed as resolved.
 */
import { displayName } from '../../kernel/display-name.ts';
import type { PublishedResult } from '../../kernel/result.ts';
import type { ReportMeta } from '../types.ts';
import { matchDocuments, type RevisionFile } from './documents.ts';
import { matchFindings, revisionOf } from './match.ts';

export { matchFindings, revisionOf, type RevisionMatch, type RevisionSide } from './match.ts';
export { matchDocuments, type RevisionFile } from './documents.ts';

/** The run compared with: its published result and the names of its documents. */
export interface PreviousRound {
  runId: string;
  publishedAt: string;
  result: PublishedResult;
  /** doc_index → stored file name (findings name documents by the name shown, without invisible characters). */
  documentNames: ReadonlyMap<number, string>;
  /** The previous run's documents with their content hashes, for the comparison of documents. */
  documents: readonly RevisionFile[];
}

/**
 * The result with its documents paired with the previous round's, its findings marked and its revision block;
 * `files` are this run's documents with their content hashes.
 */
export function withRevision(result: PublishedResult, meta: ReportMeta, previous: PreviousRound, files: readonly RevisionFile[]): PublishedResult {
  const match = matchFindings(
    { findings: result.findings, set: result.set, names: new Map(meta.documents.map((d) => [d.index, d.name])) },
    {
      findings: previous.result.findings,
      set: previous.result.set,
      names: new Map([...previous.documentNames].map(([i, name]) => [i, displayName(name)])),
    },
  );
  const documents = matchDocuments(
    { files, set: result.set },
    { files: previous.documents.map((d) => ({ ...d, name: displayName(d.name) })), set: previous.result.set },
  );
  const { findings, revision } = revisionOf(result.findings, match, previous, documents);
  return { ...result, findings, revision };
}
