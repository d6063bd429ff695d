/**
 * The list of real documents the review is judged on (real-corpus.json): which public repository, commit and path
 * each file comes from, which designed object it belongs to, and whether it is in the working part or held out.
 * The documents themselves are never part of this checkout; real-corpus-run.ts brings them from local mirrors.
 */
import type { ReviewOutcome } from '../../src/kernel/result.ts';
import type { Role } from '../../src/ingest/types.ts';

export type CorpusPart = 'working' | 'held-out';
export const CORPUS_PARTS: readonly CorpusPart[] = ['working', 'held-out'];

export interface CorpusObject {
  id: string;
  part: CorpusPart;
  /** What the object is, in a few words (no content of its documents). */
  title: string;
}

export interface CorpusDocument {
  object: string;
  /** owner/name on GitHub. */
  repo: string;
  /** 40 hex digits: a commit that holds the file. */
  commit: string;
  path: string;
  /** What the document is (section code, ЗнП, ГПЗУ, ИУЛ…), for the reader of the list; the review guesses its own. */
  kind: string;
  /** How a client would upload it: reviewed, or given as context (assignment, ГПЗУ). */
  role: Role;
}

export interface RealCorpus {
  objects: CorpusObject[];
  documents: CorpusDocument[];
}

const COMMIT = /^[0-9a-f]{40}$/;
const REPO = /^[A-Za-z0-9][A-Za-z0-9_-]{0,38}\/[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** Parses and checks the list; throws with every problem found, so a broken list never runs half a corpus. */
export function parseRealCorpus(json: string): RealCorpus {
  const raw = JSON.parse(json) as { objects?: unknown; documents?: unknown };
  if (!Array.isArray(raw.objects) || !Array.isArray(raw.documents)) throw new Error('the list needs arrays "objects" and "documents"');
  const problems: string[] = [];
  const objects = raw.objects as CorpusObject[];
  const ids = new Set<string>();
  for (const [i, o] of objects.entries()) {
    if (typeof o?.id !== 'string' || o.id === '') problems.push(`objects[${i}]: no id`);
    else if (ids.has(o.id)) problems.push(`objects[${i}]: id "${o.id}" repeated`);
    else ids.add(o.id);
    if (!CORPUS_PARTS.includes(o?.part)) problems.push(`objects[${i}]: part must be working or held-out`);
    if (typeof o?.title !== 'string') problems.push(`objects[${i}]: no title`);
  }
  const documents = raw.documents as CorpusDocument[];
  const seen = new Set<string>();
  for (const [i, d] of documents.entries()) {
    const at = `documents[${i}]`;
    if (!ids.has(d?.object)) problems.push(`${at}: unknown object "${String(d?.object)}"`);
    if (typeof d?.repo !== 'string' || !REPO.test(d.repo)) problems.push(`${at}: repo must be owner/name`);
    if (typeof d?.commit !== 'string' || !COMMIT.test(d.commit)) problems.push(`${at}: commit must be 40 hex digits`);
    if (typeof d?.path !== 'string' || d.path === '' || d.path.startsWith('/')) problems.push(`${at}: path must be relative to the repository`);
    if (typeof d?.kind !== 'string' || d.kind === '') problems.push(`${at}: no kind`);
    if (d?.role !== 'review' && d?.role !== 'context') problems.push(`${at}: role must be review or context`);
    const key = `${d?.object}\u0000${fileNameOf(String(d?.path))}`;
    if (seen.has(key)) problems.push(`${at}: a second file named "${fileNameOf(String(d?.path))}" in object "${String(d?.object)}"`);
    seen.add(key);
  }
  for (const id of ids) if (!documents.some((d) => d?.object === id)) problems.push(`object "${id}" has no documents`);
  if (problems.length > 0) throw new Error(`real corpus list: ${problems.join('; ')}`);
  return { objects, documents };
}

/** The objects of one part, each with its documents in list order. */
export function objectsOf(corpus: RealCorpus, part: CorpusPart): { object: CorpusObject; documents: CorpusDocument[] }[] {
  return corpus.objects.filter((o) => o.part === part).map((object) => ({ object, documents: corpus.documents.filter((d) => d.object === object.id) }));
}

/** The objects a state expert read page by page (../shared/quality/expert-remarks.json): one run each, every document reviewed. */
export interface ExpertObject {
  id: string;
  documents: { repo: string; commit: string; path: string; upload_name?: string }[];
  remarks: { id: string; remark: string }[];
  traps: { id: string; not_a_remark: string }[];
}

/** The expert's objects as runs: each document uploaded for review, its kind taken from the corpus list where it is there. */
export function expertRuns(json: string, corpus: RealCorpus): { object: CorpusObject; documents: CorpusDocument[] }[] {
  const raw = JSON.parse(json) as { objects?: ExpertObject[] };
  if (!Array.isArray(raw.objects)) throw new Error('the expert list needs an array "objects"');
  return raw.objects.map((o) => ({
    object: { id: o.id, part: 'working', title: `${o.remarks.length} замечаний эксперта, ${o.traps.length} ловушек` },
    documents: o.documents.map((d) => ({
      object: o.id,
      repo: d.repo,
      commit: d.commit,
      path: d.path,
      kind: corpus.documents.find((c) => c.repo === d.repo && c.path === d.path)?.kind ?? '—',
      role: 'review' as const,
    })),
  }));
}

/** The file name a document is extracted and uploaded under: the last part of its path, as a client would send it. */
export function fileNameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Folder of a repository's mirror as fetched: <mirrors>/<owner>+<name>/repo (a bare git directory). */
export function mirrorGitDir(mirrors: string, repo: string): string {
  return `${mirrors.replace(/\/+$/, '')}/${repo.replace('/', '+')}/repo`;
}

/** What to tell when documents could not be had: which files, and how to bring each repository. */
export function missingMessage(missing: { document: CorpusDocument; why: string }[]): string {
  if (missing.length === 0) return '';
  const lines = missing.map(({ document: d, why }) => `  ${d.object}: ${d.path} @ ${d.commit.slice(0, 12)} (${d.repo}) — ${why}`);
  const repos = [...new Set(missing.map((m) => m.document.repo))].sort();
  return [
    `${missing.length} document(s) missing:`,
    ...lines,
    'Bring the repositories with the search tool, then run again:',
    ...repos.map((r) => `  fetch github:${r}`),
    'or pass --from <folder> holding <object>/<file name> already extracted.',
  ].join('\n');
}

/** A short text of one object's result: counts, then one line per finding, question and warning. */
export function summaryText(objectId: string, names: string[], outcome: Pick<ReviewOutcome, 'findings' | 'questions' | 'warnings'>): string {
  const where = (refs: { doc_index: number; doc_page: number }[]) =>
    refs.length === 0 ? 'комплект' : refs.map((r) => `${names[r.doc_index - 1] ?? `#${r.doc_index}`} с. ${r.doc_page}`).join('; ');
  const out = [
    `${objectId}: ${outcome.findings.length} замечаний, ${outcome.questions.length} вопросов, ${outcome.warnings.length} предупреждений`,
    ...outcome.findings.map((f) => `F${f.n} [${f.importance}] ${f.check_id} — ${f.essence} (${where(f.page_refs)})`),
    ...outcome.questions.map((q) => `Q${q.n} ${q.section}: ${q.text}`),
    ...outcome.warnings.map(
      (w) => `W ${w.code}: ${w.message}${w.doc_index ? ` (${names[w.doc_index - 1] ?? `#${w.doc_index}`}${w.page ? ` с. ${w.page}` : ''})` : ''}`,
    ),
  ];
  return `${out.join('\n')}\n`;
}
