/** What the reports say about a run and its documents: the same at publication and when PDFs are rebuilt later. */
import type { Run, RunDocument } from '../kernel/model/runs.ts';
import type { Organization } from '../kernel/model/organization.ts';
import type { ReportMeta } from './types.ts';
import { displayName } from '../kernel/display-name.ts';

export type MetaRun = Pick<Run, 'id' | 'objectAddress' | 'userRequest' | 'createdAt'>;
export type MetaDocument = Pick<RunDocument, 'idx' | 'name' | 'kind' | 'pages' | 'role' | 'pageFrom' | 'pageTo'>;

export function reportMetaOf(
  run: MetaRun,
  organization: Pick<Organization, 'name' | 'timeZone'>,
  objectName: string | null,
  documents: MetaDocument[],
  publishedAt: string,
): ReportMeta {
  return {
    run_id: run.id,
    organization: organization.name,
    object_address: run.objectAddress,
    object_name: objectName,
    user_request: run.userRequest,
    created_at: run.createdAt,
    published_at: publishedAt,
    time_zone: organization.timeZone,
    documents: documents.map((d) => ({
      index: d.idx,
      name: displayName(d.name),
      kind: d.kind,
      pages: d.pages,
      role: d.role,
      page_from: d.pageFrom,
      page_to: d.pageTo,
    })),
  };
}
