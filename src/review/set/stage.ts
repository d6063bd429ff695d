import type { DocFacts } from '../facts/types.ts';
import type { DocumentStage, SetStage, StageSignal, TypedDocument } from './types.ts';

/** The title page and the start of what follows it: where a volume names itself. */
export const TITLE_ZONE = 1500;

/** «ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ» / «Рабочая документация» standing as a line of its own (a sentence that mentions it does not count). */
const TITLE_STAGE_RE = /^[ \t]*(проектная|рабочая)[ \t]+документация[ \t]*[.:]?[ \t]*$/imu;

/** П and ПД are the design stage, Р and РД the working one; РП (рабочий проект) is both and states neither. */
export function stageOfLetter(s: string | null | undefined): DocumentStage | null {
  if (s === 'П' || s === 'ПД') return 'П';
  if (s === 'Р' || s === 'РД') return 'Р';
  return null;
}

function titleSignal(d: DocFacts): StageSignal | null {
  const m = TITLE_STAGE_RE.exec(d.head.slice(0, TITLE_ZONE));
  if (!m) return null;
  return { stage: /^п/i.test(m[1]!) ? 'П' : 'Р', source: 'title', text: m[0].trim(), page: 1 };
}

/**
 * Each stage the stamps of the document print, the one most sheets print first, with the first sheet that prints it:
 * a text part stamped «Р» in a volume whose drawings print «П» is a statement of its own, not outvoted.
 */
function stampSignals(d: DocFacts): StageSignal[] {
  const by = new Map<DocumentStage, { n: number; page: number; text: string }>();
  for (const st of d.stamps) {
    const s = stageOfLetter(st.stage);
    if (!s) continue;
    const e = by.get(s) ?? { n: 0, page: st.docPage, text: `Стадия ${st.stage}` };
    e.n++;
    by.set(s, e);
  }
  return [...by.entries()].sort((a, b) => b[1].n - a[1].n).map(([stage, e]) => ({ stage, source: 'stamp' as const, text: e.text, page: e.page, count: e.n }));
}

/** «24-017-П-АР», «1234-РД-КЖ»: a stage letter as a segment of the cipher base, in the stamps or the document's own cipher. */
export function cipherStage(base: string): DocumentStage | null {
  const segs = base.toUpperCase().split(/[-.]/);
  return stageOfLetter(segs.find((s) => ['П', 'ПД', 'Р', 'РД'].includes(s)) ?? null);
}

function cipherSignal(d: DocFacts): StageSignal | null {
  for (const st of d.stamps) {
    const base = st.cipher?.replace(/-[^-]+$/, '');
    const s = base ? cipherStage(base) : null;
    if (s) return { stage: s, source: 'cipher', text: st.cipher!, page: st.docPage };
  }
  const own = d.cipher ? cipherStage(d.cipher.base) : null;
  if (own) return { stage: own, source: 'cipher', text: d.cipher!.cipher, page: d.headCiphers.find((c) => c.cipher === d.cipher!.cipher)?.docPage ?? 1 };
  return null;
}

/** Every statement of its stage a document makes: the title page line first, then the stamps, then the cipher. */
export function stageSignals(d: DocFacts): StageSignal[] {
  return [titleSignal(d), ...stampSignals(d), cipherSignal(d)].filter((s): s is StageSignal => s !== null);
}

/**
 * The stage of the set from the types of its documents: survey reports, estimates and initial documents go with
 * either stage and decide nothing unless they are all there is.
 */
export function setStageOf(docs: readonly TypedDocument[]): SetStage {
  const pd = docs.some((t) => t.type === 'pd_section' || t.type === 'xml_note');
  const rd = docs.some((t) => t.type === 'rd_mark');
  // a section recognised by its name or subject alone, stating no stage anywhere, goes with working volumes that state theirs
  const statedPd = docs.some((t) => t.type === 'xml_note' || (t.type === 'pd_section' && t.stage !== null));
  if (rd && !statedPd) return 'Р';
  if (pd && rd) return 'mixed';
  if (pd) return 'П';
  if (rd) return 'Р';
  // attestation sheets of volumes not uploaded say nothing of surveys: a few survey documents beside them decide nothing
  const count = (type: TypedDocument['type']) => docs.filter((t) => t.type === type).length;
  if (count('survey') > 0 && count('survey') >= count('iul')) return 'survey';
  return 'unknown';
}
