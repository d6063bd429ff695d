import { randomUUID } from 'node:crypto';
import { IMPORTANCE_ORDER, type Finding, type FindingSource, type PageRef, type Question } from '../kernel/result.ts';
import { compareSections } from '../kernel/docset.ts';
import { SET_SECTION, type DraftFinding, type DraftQuestion, type Place } from './checks/types.ts';
import { sheetLabel } from './set/volume-parts.ts';

/** Running page of a place in the set. */
export const runningPage = (p: Place) => p.doc.pageFrom + p.page - 1;

/**
 * A place as the service numbers it (the running page, the document's own page) and, where the title blocks give
 * them, as a specialist writes it: the sheet of the page's title block and the document's cipher.
 */
export function pageRef(p: Place): PageRef {
  const page = runningPage(p);
  const stamp = p.doc.stamps.find((s) => s.docPage === p.page && s.sheet !== null && !s.changePermission);
  const sheet = stamp ? sheetLabel(stamp) : undefined;
  const cipher = stamp?.cipher ?? p.doc.cipher?.cipher ?? undefined;
  const document = `док. ${p.doc.doc.index} «${p.doc.doc.name}»`;
  const label =
    sheet && cipher
      ? `лист ${sheet} тома ${cipher} (стр. ${page})`
      : cipher
        ? `с. ${p.page} тома ${cipher} (стр. ${page})`
        : sheet
          ? `лист ${sheet} (стр. ${page}, ${document})`
          : `стр. ${page} (${document}, с. ${p.page})`;
  return {
    page,
    in_docset: true,
    kind: p.doc.section ?? '',
    doc_index: p.doc.doc.index,
    doc_page: p.page,
    label,
    ...(sheet ? { sheet } : {}),
    ...(cipher ? { cipher } : {}),
  };
}

const sectionOf = (f: DraftFinding) => f.about?.section ?? SET_SECTION;

/** Report order: by section (set-level first, then the reference order), importance, page, check, text. */
function compare(a: DraftFinding, b: DraftFinding, checkOrder: (id: string) => number): number {
  const sa = sectionOf(a);
  const sb = sectionOf(b);
  const pa = a.places[0] ? runningPage(a.places[0]) : 0;
  const pb = b.places[0] ? runningPage(b.places[0]) : 0;
  return (
    compareSections(sa, sb) ||
    IMPORTANCE_ORDER.indexOf(a.importance) - IMPORTANCE_ORDER.indexOf(b.importance) ||
    pa - pb ||
    checkOrder(a.checkId) - checkOrder(b.checkId) ||
    a.essence.localeCompare(b.essence, 'ru')
  );
}

function sources(f: DraftFinding): FindingSource[] {
  const out: FindingSource[] = [];
  const seen = new Set<string>();
  for (const p of f.places) {
    const k = `${p.doc.doc.index}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push({ type: 'document', title: `${p.doc.doc.name}${p.doc.section ? ` (${p.doc.section})` : ''}`, doc_index: p.doc.doc.index, page: runningPage(p) });
  }
  if (f.basis) out.push(f.basis);
  if (f.norm) out.push({ type: 'norm', title: f.norm });
  return out;
}

/** Called with each key a draft carries and the id it was given, so what links to it can name it. */
export type OnId = (key: string, id: string) => void;

/** Final numbering and identifiers: n from 1 in report order, a fresh UUID per finding, status «open». */
export function finalizeFindings(drafts: DraftFinding[], checkOrder: (id: string) => number, onId?: OnId): Finding[] {
  return [...drafts]
    .sort((a, b) => compare(a, b, checkOrder))
    .map((f, i) => {
      const refs = f.places.map(pageRef);
      const id = randomUUID();
      for (const k of f.keys ?? []) onId?.(k, id);
      return {
        n: i + 1,
        finding_id: id,
        status: 'open',
        importance: f.importance,
        section: sectionOf(f),
        essence: f.essence,
        evidence_text: f.evidence,
        action: f.action,
        pages: [...new Set(refs.map((r) => r.page))],
        page_refs: refs,
        sources: sources(f),
        topic: f.theme,
        check_id: f.checkId,
      };
    });
}

export function finalizeQuestions(drafts: DraftQuestion[], onId?: OnId): Question[] {
  return drafts.map((q, i) => {
    const id = randomUUID();
    for (const k of q.keys ?? []) onId?.(k, id);
    return { n: i + 1, question_id: id, section: q.section, text: q.text, reason: q.reason, pages: [...new Set(q.places.map(runningPage))] };
  });
}
