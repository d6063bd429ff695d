/** What the reports say about a run, from its rows: the same at publication and when PDFs are rebuilt later. */
import type { DocumentRow, Run } from '../store/schema.ts';
import type { ReportMeta } from './types.ts';

export type MetaRun = Pick<Run, 'id' | 'object_address' | 'user_request' | 'created_at'>;
export type MetaDocument = Pick<DocumentRow, 'idx' | 'name' | 'kind' | 'pages' | 'role' | 'page_from' | 'page_to'>;

export function reportMetaOf(run: MetaRun, organization: string, objectName: string | null, documents: MetaDocument[], publishedAt: string): ReportMeta {
  return {
    run_id: run.id,
    organization,
    object_address: run.object_address,
    object_name: objectName,
    user_request: run.user_request,
    created_at: run.created_at,
    published_at: publishedAt,
    documents: documents.map((d) => ({
      index: d.idx,
      name: d.name,
      kind: d.kind,
      pages: d.pages,
      role: d.role,
      page_from: d.page_from,
      page_to: d.page_to,
    })),
  };
}
