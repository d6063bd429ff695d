/**
 * The parts of a volume: its contents, text part, graphic part, appendices and sheets of another set bound in. A volume
 * numbers each of its parts on its own as often as it numbers them through, so sheet numbering, «Листов» and the
 * contents are judged within a part's numbering, never over the whole file as one sequence. Read from the title blocks
 * (cipher, sheet number, «Листов», form), the contents list and the appendix headings the facts hold.
 */
import { cipherKey, editDistance, parseCiphers } from '../facts/cipher.ts';
import type { CipherFact, DocFacts, StampFacts, TitleBlockForm } from '../facts/types.ts';

export type VolumePartKind = 'contents' | 'text' | 'drawings' | 'appendix' | 'foreign';

/**
 * What began the part: the volume's first sheets (start), the contents list (contents), another cipher of the volume
 * («…-КР.ГЧ» after «…-КР.ТЧ»), a change from text sheets to drawings or back, or between title blocks read as text and recognised from pictures (form), numbering restarting at 1
 * (restart), an appendix heading (appendix), a title block of another cipher base or album (foreign_cipher), a sheet
 * number far past the volume's own (foreign_number).
 */
export type VolumePartCue = 'start' | 'contents' | 'cipher' | 'form' | 'restart' | 'appendix' | 'foreign_cipher' | 'foreign_number';

export interface VolumePart {
  kind: VolumePartKind;
  cue: VolumePartCue;
  /** The cipher its title blocks carry (the first one that carries any), or null. */
  cipher: string | null;
  /** First and last page of the part in the document (pages without a title block belong to the part before them). */
  pageFrom: number;
  pageTo: number;
  /** Its title blocks in page order. */
  stamps: StampFacts[];
  /** Parts that share one numbering have the same number (a graphic part continuing the text part's sheets); null: bound sheets of another set. */
  numbering: number | null;
  /** «Листов» of its first title block that states one, with its page. */
  declared: { sheets: number; docPage: number } | null;
  /** The form most of its title blocks have (3 drawings, 5/6 text), or null when none is known. */
  form: TitleBlockForm | null;
  /** The appendix heading that opens it («Приложение А»). */
  label?: string;
}

export interface VolumeStructure {
  docIndex: number;
  /** The volume's own cipher: the title page's, else the one its first sheets carry; bound sheets of another set never decide it. */
  ownCipher: CipherFact | null;
  parts: VolumePart[];
}

/** A sheet number as printed: «7», or «3.1» for a sheet inserted after sheet 3. */
export function sheetLabel(s: StampFacts): string {
  return s.sheetInsert ? `${s.sheet}.${s.sheetInsert}` : String(s.sheet);
}

/** Whether b follows a in one numbering: the next sheet, or a sheet inserted after a («3» → «3.1» → «3.2» → «4»). */
export function follows(a: StampFacts, b: StampFacts): boolean {
  if (a.sheet === null || b.sheet === null) return false;
  if (b.sheetInsert) return b.sheet === a.sheet && (a.sheetInsert ?? 0) < b.sheetInsert;
  return b.sheet === a.sheet + 1;
}

/** A cipher's family: base and mark. «…-КР», «…-КР1», «…-КР.ТЧ» are one volume's; «…-АР» or another base is another set's. */
const family = (c: CipherFact) => `${cipherKey(c.base)}|${c.mark}`;
const cipherOf = (s: StampFacts): CipherFact | null => (s.cipher ? (parseCiphers(s.cipher)[0] ?? null) : null);

/**
 * The volume's own cipher: the title page's family when its title blocks carry it, else the first sheets' (two or
 * more), else the commonest. With the set's cipher base known, a family of another base gives way to the set's
 * family when more of the volume's sheets carry that: a cover or first sheets left with another object's cipher are
 * their own fault, and the volume's sheets are not bound ones.
 */
export function ownCipherOf(d: DocFacts, setBase: string | null = null): CipherFact | null {
  const stamped = d.stamps.map(cipherOf).filter((c): c is CipherFact => c !== null);
  if (!stamped.length) return d.cipher;
  const count = new Map<string, number>();
  for (const c of stamped) count.set(family(c), (count.get(family(c)) ?? 0) + 1);
  const title = d.headCiphers.filter((h) => h.docPage === 1 && count.has(family(h))).map(family)[0];
  const first = family(stamped[0]!);
  const commonest = [...count.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  const natural = title ?? ((count.get(first) ?? 0) >= 2 ? first : commonest);
  const ofSet = setBase ? [...count.entries()].filter(([f, n]) => f.startsWith(`${setBase}|`) && n >= 2).sort((a, b) => b[1] - a[1])[0] : undefined;
  const pick = ofSet && !natural.startsWith(`${setBase}|`) && ofSet[1] > (count.get(natural) ?? 0) ? ofSet[0] : natural;
  if (d.cipher && family(d.cipher) === pick) return d.cipher;
  return stamped.find((c) => family(c) === pick)!;
}

/** How far above the sheet before a number must jump, past the document's pages, to be another album's number. */
const FOREIGN_JUMP = 5;

/**
 * Title blocks that are not the volume's own sheets: another cipher family (unless one sheet whose base differs by a
 * typo and whose mark or number is the volume's — that is the volume's sheet with a mistyped cipher), or a run of
 * sheets whose numbers jump past the document's pages (a drawing keeping its number in its own album).
 */
function foreignCues(d: DocFacts, own: CipherFact | null): (VolumePartCue | null)[] {
  const st = d.stamps;
  const cues: (VolumePartCue | null)[] = st.map((s) => {
    const c = cipherOf(s);
    return c && own && family(c) !== family(own) ? 'foreign_cipher' : null;
  });
  const ownNumbered = (i: number, step: number) => {
    for (let j = i + step; j >= 0 && j < st.length; j += step) if (cues[j] === null && st[j]!.sheet !== null) return st[j]!;
    return null;
  };
  for (let i = 0; i < st.length; i++) {
    if (cues[i] !== 'foreign_cipher' || cues[i - 1] === 'foreign_cipher' || cues[i + 1] === 'foreign_cipher') continue;
    const c = cipherOf(st[i]!)!;
    const prev = ownNumbered(i, -1);
    const next = ownNumbered(i, 1);
    const fits = (prev !== null && follows(prev, st[i]!)) || (next !== null && follows(st[i]!, next));
    if ((fits || c.mark === own!.mark) && editDistance(cipherKey(c.base), cipherKey(own!.base)) <= 2) cues[i] = null;
  }
  // runs of own sheets numbered one after another; a later run starting far above the last one, past the pages, is bound in
  let last: StampFacts | null = null;
  for (let i = 0; i < st.length; i++) {
    const s = st[i]!;
    if (cues[i] !== null || s.sheet === null) continue;
    if (last && s.sheet - (last.sheet ?? 0) > FOREIGN_JUMP && s.sheet > d.pagesTotal && s.sheet !== 1) {
      for (let j = i, prev: StampFacts | null = null; j < st.length; j++) {
        const t = st[j]!;
        if (cues[j] !== null) continue;
        if (t.sheet !== null && prev && !follows(prev, t)) break;
        cues[j] = 'foreign_number';
        if (t.sheet !== null) prev = t;
      }
      continue;
    }
    last = s;
  }
  return cues;
}

interface Segment {
  cue: VolumePartCue;
  stamps: StampFacts[];
  foreign: boolean;
  /** The cipher key of its title blocks, once one carries a cipher. */
  key: string | null;
  pageFrom: number;
  label?: string;
  /** Its numbering starts anew at sheet 1. */
  restart?: boolean;
  /** It holds the contents list. */
  contents?: boolean;
  /** Its title blocks were recognised from the sheets' pictures (drawn as lines), not read as text. */
  recognised?: boolean;
}

/** Text (5, 6) or drawing (3) by form; a form-5 or unknown block takes the kind of the sheet before it. */
function formKinds(stamps: readonly StampFacts[]): ('text' | 'drawing')[] {
  let cur: 'text' | 'drawing' = 'text';
  return stamps.map((s) => {
    if (s.form === 3) cur = 'drawing';
    else if (s.form === 6) cur = 'text';
    return cur;
  });
}

/** First cut: another cipher (the volume's own or another set's) and appendix headings begin a part. */
function cutByCipher(d: DocFacts, cues: readonly (VolumePartCue | null)[], own: CipherFact | null): Segment[] {
  const segs: Segment[] = [];
  const appendices = [...(d.appendices ?? [])];
  const appendixAt = (a: { docPage: number; label: string }): Segment => ({
    cue: 'appendix',
    stamps: [],
    foreign: false,
    key: null,
    pageFrom: a.docPage,
    label: a.label,
  });
  let cur: Segment | null = null;
  d.stamps.forEach((s, i) => {
    const foreign = cues[i] !== null;
    // a sheet of the volume with a mistyped cipher neither begins a part nor names one
    const c = cipherOf(s);
    const key = c && (foreign || !own || family(c) === family(own)) ? cipherKey(c.cipher) : null;
    let next: Segment | null = null;
    while (appendices.length && appendices[0]!.docPage <= s.docPage) {
      const a = appendices.shift()!;
      if (cur && a.docPage > cur.stamps.at(-1)!.docPage) next = appendixAt(a);
    }
    const recognised = s.recognised === true;
    if (!cur) next = { cue: 'start', stamps: [], foreign, key, pageFrom: 1, recognised };
    else if (next) Object.assign(next, { foreign, recognised });
    else if (foreign !== cur.foreign || (key && cur.key && key !== cur.key))
      next = { cue: foreign ? cues[i]! : 'cipher', stamps: [], foreign, key, pageFrom: s.docPage, recognised };
    // sheets whose title blocks are drawn as lines come from another program than the sheets before them (the
    // drawings exported from CAD after a text part): a part of their own, whose recognised cipher cannot tell it
    else if (recognised !== cur.recognised) next = { cue: 'form', stamps: [], foreign, key: null, pageFrom: s.docPage, recognised };
    if (next) {
      cur = next;
      segs.push(cur);
    }
    cur!.stamps.push(s);
    cur!.key ??= key;
  });
  // appendices after the last title block (letters, certificates bound without a stamp)
  const lastPage = d.stamps.at(-1)?.docPage ?? 0;
  for (const a of appendices) if (a.docPage > lastPage) segs.push(appendixAt(a));
  segs.forEach((g, i) => {
    const before = segs[i - 1];
    if (before && g.stamps.length && g.recognised !== before.recognised && numbersAnew(g.stamps, before.stamps)) g.restart = true;
  });
  return segs;
}

/**
 * Whether sheets after a change of how their title blocks were made number anew: their first number made out does
 * not run past the sheets before them («—, 2, 3» or «3 of 3» after sheets 1–6 begin a numbering; «7, 8» go on).
 */
function numbersAnew(stamps: readonly StampFacts[], before: readonly StampFacts[]): boolean {
  const first = stamps.find((s) => s.sheet !== null);
  const last = [...before].reverse().find((s) => s.sheet !== null);
  return first !== undefined && (last === undefined || first.sheet! <= last.sheet!);
}

/** The contents list's pages at the beginning of the volume's first part become a part of their own. */
function cutContents(d: DocFacts, segs: Segment[]): Segment[] {
  const list = d.contents;
  const first = segs.find((g) => !g.foreign);
  if (!list?.entries.length || !first) return segs;
  const lastPage = Math.max(list.docPage, ...list.entries.map((e) => e.docPage));
  const head = first.stamps.filter((s) => s.docPage <= lastPage);
  const rest = first.stamps.filter((s) => s.docPage > lastPage);
  if (!head.length || !rest.length || head[0]!.docPage < list.docPage - 1) return segs;
  const restFirst = rest.find((s) => s.sheet !== null);
  const at = segs.indexOf(first);
  return [
    ...segs.slice(0, at),
    { ...first, cue: 'contents', stamps: head, contents: true },
    { ...first, stamps: rest, pageFrom: lastPage + 1, restart: restFirst?.sheet === 1 && !restFirst.sheetInsert },
    ...segs.slice(at + 1),
  ];
}

/**
 * Numbering restarting at 1 begins a part when the run before ends on its highest sheet, the new run goes on 1, 2, 3…
 * without a gap or repeat up to the next restart, and the restart shows itself: its own «Листов» or a specification's
 * or list's heading. After a one-sheet run (not itself a part) only a self-contained part («Лист 1 из 1») restarts:
 * else it is sheet 1 printed twice. A change from text sheets to drawings (or back) at sheet 1 is a part in any case.
 */
function cutRestarts(seg: Segment): Segment[] {
  const kinds = formKinds(seg.stamps);
  const out: Segment[] = [{ ...seg, stamps: [] }];
  let run: StampFacts[] = [];
  let runIsPart = seg.restart === true || seg.cue === 'cipher' || seg.cue === 'appendix';
  seg.stamps.forEach((s, i) => {
    const numbered = run.filter((x) => x.sheet !== null);
    if (s.sheet === 1 && !s.sheetInsert && numbered.length) {
      const formChanged = kinds[i] !== kinds[seg.stamps.indexOf(numbered.at(-1)!)];
      if (restarts(seg.stamps, i, numbered, runIsPart, formChanged)) {
        out.push({ cue: formChanged ? 'form' : 'restart', stamps: [], foreign: false, key: seg.key, pageFrom: s.docPage, restart: true });
        run = [];
        runIsPart = true;
      }
    }
    run.push(s);
    out.at(-1)!.stamps.push(s);
  });
  return out.filter((g, i) => i === 0 || g.stamps.length);
}

function restarts(st: readonly StampFacts[], i: number, run: readonly StampFacts[], runIsPart: boolean, formChanged: boolean): boolean {
  const s = st[i]!;
  const runMax = Math.max(...run.map((x) => x.sheet!));
  if (run.at(-1)!.sheet !== runMax) return false;
  // text sheets followed by drawings from sheet 1 are the graphic part even with a fault of its own numbering, and so
  // are sheets from 1 after a run whose title blocks name it the text part («…-ИОС4.2.ПЗ») that lack that designation
  const named = (x: StampFacts) => kindBySuffix(x.cipher ? cipherKey(x.cipher) : null);
  if (formChanged || (named(run.at(-1)!) === 'text' && named(s) !== 'text' && runMax >= 2)) return true;
  let length = 1;
  let prev = s;
  for (let j = i + 1; j < st.length; j++) {
    const t = st[j]!;
    if (t.sheet === null) continue;
    if (t.sheet === 1 && !t.sheetInsert) break;
    if (!follows(prev, t)) return false;
    prev = t;
    length++;
  }
  if (!s.opensPart && s.sheets === null) return false;
  return runIsPart || runMax >= 2 || s.sheets === length;
}

/** A change between text sheets and drawings inside one numbering begins a part that goes on with the same numbers. */
function cutForms(seg: Segment): Segment[] {
  const kinds = formKinds(seg.stamps);
  const out: Segment[] = [{ ...seg, stamps: [] }];
  seg.stamps.forEach((s, i) => {
    if (i > 0 && kinds[i] !== kinds[i - 1]) out.push({ cue: 'form', stamps: [], foreign: false, key: seg.key, pageFrom: s.docPage });
    out.at(-1)!.stamps.push(s);
  });
  return out;
}

function majorityForm(stamps: readonly StampFacts[]): TitleBlockForm | null {
  const forms = stamps.map((s) => s.form).filter((f): f is TitleBlockForm => !!f);
  if (!forms.length) return null;
  const count = (f: TitleBlockForm) => forms.filter((x) => x === f).length;
  if (count(3) * 2 > forms.length) return 3;
  return count(6) >= count(5) ? 6 : 5;
}

/** «.ТЧ», «.ПЗ» («-ПЗ») text; «.ГЧ» drawings; «.С» contents — the part's designation says what it is. */
function kindBySuffix(key: string | null): VolumePartKind | null {
  if (!key) return null;
  if (/[.-](?:ТЧ|ПЗ)$/.test(key)) return 'text';
  if (/[.-]ГЧ$/.test(key)) return 'drawings';
  if (/\.С$/.test(key)) return 'contents';
  return null;
}

/** The parts of one document, from its title blocks, contents list and appendix headings; none without title blocks. */
export function volumeStructureOf(d: DocFacts, setBase: string | null = null): VolumeStructure {
  const own = ownCipherOf(d, setBase);
  if (!d.stamps.length) return { docIndex: d.doc.index, ownCipher: own, parts: [] };
  const cues = foreignCues(d, own);
  const segs = cutContents(d, cutByCipher(d, cues, own)).flatMap((g) => (g.foreign ? [g] : cutRestarts(g).flatMap(cutForms)));
  // numberings: the first own part, a restart at 1 or a new cipher of the volume begins one; other parts go on with the one before
  const byKey = new Map<string, number>();
  let numbering = 0;
  let current: number | null = null;
  let appendix: string | undefined;
  const parts: VolumePart[] = segs.map((g, i) => {
    const pageTo = (segs[i + 1]?.pageFrom ?? d.pagesTotal + 1) - 1;
    const firstSheet = g.stamps.find((s) => s.sheet !== null);
    const startsAtOne = firstSheet?.sheet === 1 && !firstSheet.sheetInsert;
    let n: number | null = null;
    if (!g.foreign) {
      if (g.cue === 'cipher' && g.key && byKey.has(g.key) && !startsAtOne) n = byKey.get(g.key)!;
      else if (current === null || g.restart || g.cue === 'cipher' || (g.cue === 'appendix' && startsAtOne)) n = ++numbering;
      else n = current;
      current = n;
      if (g.key) byKey.set(g.key, n);
    }
    if (g.cue === 'appendix') appendix = g.label;
    else if (g.foreign || g.cue === 'cipher') appendix = undefined;
    const form = majorityForm(g.stamps);
    const declaring = g.stamps.find((s) => s.sheets !== null);
    let kind: VolumePartKind = kindBySuffix(g.key) ?? (form === 3 ? 'drawings' : 'text');
    if (appendix !== undefined) kind = 'appendix';
    if (g.contents) kind = 'contents';
    if (g.foreign) kind = 'foreign';
    return {
      kind,
      cue: g.cue,
      cipher: g.stamps.find((s) => s.cipher)?.cipher ?? null,
      pageFrom: g.pageFrom,
      pageTo: Math.max(g.pageFrom, pageTo),
      stamps: g.stamps,
      numbering: n,
      declared: declaring ? { sheets: declaring.sheets!, docPage: declaring.docPage } : null,
      form,
      ...(kind === 'appendix' && appendix ? { label: appendix } : {}),
    };
  });
  return { docIndex: d.doc.index, ownCipher: own, parts };
}

/** The volume's own parts grouped by numbering, in page order; bound sheets of another set stand apart. */
export function numberingsOf(v: VolumeStructure): VolumePart[][] {
  const by = new Map<number, VolumePart[]>();
  for (const p of v.parts) if (p.numbering !== null) by.set(p.numbering, [...(by.get(p.numbering) ?? []), p]);
  return [...by.values()];
}

/** The structure of a document as the set model holds it (derived again for a document the model does not know). */
export function volumeOf(volumes: readonly VolumeStructure[] | undefined, d: DocFacts): VolumeStructure {
  return volumes?.find((v) => v.docIndex === d.doc.index) ?? volumeStructureOf(d);
}
