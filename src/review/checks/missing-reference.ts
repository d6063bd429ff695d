import { cipherKey, editDistance } from '../facts/cipher.ts';
import type { CipherRef } from '../facts/types.ts';
import type { DocFacts } from '../facts/types.ts';
import { pageList, sheetsWord } from '../text/pages.ts';
import { DOCUMENT_TYPES } from '../set/document-types.ts';
import { typeOf } from './sole-values.ts';
import { defineCheck, where, type CheckContext, type DraftQuestion, type Place } from './types.ts';

/** Highest sheet named by a document's title blocks: a sheet number or its «Листов»; 0 when none is printed. */
function stampedSheets(d: DocFacts): number {
  let max = 0;
  for (const s of d.stamps) max = Math.max(max, s.sheet ?? 0, s.sheets ?? 0);
  return max;
}

/** Highest sheet that exists in a document: its title blocks, its «Листов», or its page count. */
function lastSheet(d: DocFacts): number {
  return Math.max(d.pagesTotal, stampedSheets(d));
}

/** How many sheets a document has, as the finding says it: by its title blocks when they number it, else its pages. */
function sheetCount(d: DocFacts): string {
  const stamped = stampedSheets(d);
  return stamped && stamped < d.pagesTotal ? `${sheetsWord(stamped)} по основным надписям (${d.pagesTotal} стр.)` : sheetsWord(lastSheet(d));
}

// parts of one volume bound or issued with it: содержание, текстовая и графическая части, спецификация, ведомости
const VOLUME_PART = /^\.(?:С|СО|СП|ТЧ|ГЧ|ОД|ВР|ВМ|ОЛ)$/;
// the part a volume's own cipher may carry («…-ПОС.ТЧ», «…-ИОС4.2.ПЗ»): its other parts are named after the rest
const OWN_PART = /\.(?:С|СО|СП|ТЧ|ГЧ|ПЗ)$/;

/**
 * Whether the set holds the document a cipher names: same cipher, one of its parts («КР» → «КР1», «АР1.1» → «АР1.1-К4»),
 * or the volume a part of which is named («АР1.СО» → «АР1»). «ТХ.А» and «ТХ.О» are different volumes.
 */
function findTarget(docs: readonly DocFacts[], cipher: string): DocFacts | null {
  const k = cipherKey(cipher);
  for (const d of docs) {
    const own = d.cipher ? cipherKey(d.cipher.cipher) : '';
    if (own === k || (own.startsWith(k) && /^[\d.-]/.test(own.slice(k.length)))) return d;
    const volume = own.replace(OWN_PART, '');
    if (volume && k.startsWith(volume) && VOLUME_PART.test(k.slice(volume.length))) return d;
    const name = cipherKey(d.doc.name);
    if (name.includes(k) && !/^\d/.test(name.slice(name.indexOf(k) + k.length))) return d;
  }
  return null;
}

/** The first sheet a document's title blocks number, or null when they number none. */
function firstSheet(d: DocFacts): number | null {
  let min: number | null = null;
  for (const s of d.stamps) if (s.sheet !== null && (min === null || s.sheet < min)) min = s.sheet;
  return min;
}

/** An upload holding only some sheets of its album: its first numbered sheet is not sheet 1. */
const isExcerpt = (d: DocFacts) => (firstSheet(d) ?? 1) > 1;

/** Whether «лист N» written in a document without a cipher means its own sheet: a document of sheets, uploaded whole. */
function ownSheets(ctx: CheckContext, d: DocFacts): boolean {
  return DOCUMENT_TYPES[typeOf(ctx, d) ?? 'other'].sheets && !isExcerpt(d);
}

/**
 * The document a reference names by its section («листы 81, 82 раздела ООС»): the one document of the set of that section
 * or марка, uploaded whole; null when the set has none, more than one, or only a part — then nothing can be said.
 */
function namedTarget(ctx: CheckContext, from: DocFacts, section: string | undefined): DocFacts | null {
  if (!section) return null;
  const named = ctx.docs.filter((d) => d !== from && (d.section === section || d.cipher?.mark === section));
  return named.length === 1 && !isExcerpt(named[0]!) ? named[0]! : null;
}

/**
 * How a reference to a document the upload lacks is judged. A complete ПД (its ПЗ and other sections) must hold every
 * section it refers to: a finding. A partial upload of ПД, and РД, which is issued and uploaded by марка, refer to
 * volumes that exist elsewhere: the specialist is asked once whether to present them. In РД only volumes of the
 * uploaded марки are asked about; references between основные комплекты of different марки are normal.
 */
type AbsentPolicy = 'finding' | 'ask_pd' | 'ask_same_mark';

function absentPolicy(ctx: CheckContext): AbsentPolicy {
  if (ctx.set.stage === 'Р') return 'ask_same_mark';
  // a part of a set (a title of the estimates without them, a survey without the design) refers to what is elsewhere
  if (ctx.set.stage !== 'П') return ctx.set.completeness.kind === 'partial' ? 'ask_pd' : 'finding';
  const hasPz = ctx.docs.some((d) => d.xml || d.section === 'ПЗ');
  return hasPz && ctx.set.completeness.kind === 'complete' ? 'finding' : 'ask_pd';
}

/** One question for the whole set: the absent volumes that its documents refer to, with a page of each. */
function absentQuestion(absent: Map<string, Place[]>, policy: AbsentPolicy): DraftQuestion | null {
  if (!absent.size) return null;
  const names = [...absent.keys()].sort(byNumber);
  const places = [...absent.values()].map((p) => p[0]!).slice(0, 5);
  const first = places[0]!;
  const upload = policy === 'ask_same_mark' ? 'Рабочая документация загружена не полностью' : 'Загружена часть проектной документации';
  return {
    section: first.doc.section ?? 'ОБЩ',
    text: `${upload}: документы ссылаются на тома, которых в комплекте нет: ${names.slice(0, 12).join(', ')}${names.length > 12 ? ' и др.' : ''}. Представить их для проверки или подтвердить, что они выпущены отдельно?`,
    reason: `Ссылки на отсутствующие тома: ${[...absent.entries()]
      .slice(0, 5)
      .map(([n, p]) => `${n} — ${where(p[0]!)}`)
      .join('; ')}.`,
    places,
  };
}

/**
 * A reference by another object's cipher that reads as one of this documentation's own: the text calls it a section
 * («учтено в разделе МК0559.2022-ИОС5.4»), or its base differs from the set's in a digit or two only («МЕС-БМК-07/24» in a
 * set of «МЕС-БМК-04/24») — text copied from another project. Other projects' documents are cited legitimately too: a question.
 */
function copiedFromAnother(r: CipherRef, setBase: string): boolean {
  const skeleton = (k: string) => k.replace(/\d+/g, '#');
  const base = cipherKey(r.base);
  return !!r.asSection || (skeleton(base) === skeleton(setBase) && editDistance(base, setBase) <= 2);
}

function foreignQuestion(foreign: Map<string, Place>, setBase: string): DraftQuestion {
  const places = [...foreign.values()].slice(0, 5);
  const names = [...foreign.keys()];
  return {
    section: places[0]!.doc.section ?? 'ОБЩ',
    text: `Документы ссылаются на разделы по шифру другого объекта: ${names.slice(0, 8).join(', ')}${names.length > 8 ? ' и др.' : ''} (шифр комплекта — ${setBase}). Это разделы этого комплекта с ошибочным шифром или документы другого проекта?`,
    reason: `Ссылки: ${[...foreign.entries()]
      .slice(0, 5)
      .map(([c, p]) => `${c} — ${where(p)}`)
      .join('; ')}.`,
    places,
  };
}

/** Whether the set has the volume or its parts («том 5» when 5.1 and 5.2 are there). */
function hasVolume(volumes: ReadonlySet<string>, volume: string): boolean {
  return volumes.has(volume) || [...volumes].some((v) => v.startsWith(`${volume}.`));
}

const byNumber = (a: string, b: string) => a.localeCompare(b, 'ru', { numeric: true });

/** N-11: references to sheets and documents resolve inside the set. */
export const missingReference = defineCheck({
  id: 'references.missing_target',
  theme: 'norms',
  importance: 'significant',
  title: 'Ссылки на листы и документы, которых нет в комплекте',
  find(ctx, report) {
    const missing = (d: DocFacts, reference: string, problem: string, pages: number[], snippet: string, action: string) => {
      for (const page of pages) report.referenceProblem({ reference, problem, doc_index: d.doc.index, page: d.pageFrom + page - 1 });
      report({
        about: d,
        essence: `Ссылка на ${reference}: ${problem}.`,
        evidence: `${where({ doc: d, page: pages[0]! })}${pages.length > 1 ? ` (также ${pageList(pages.slice(1))})` : ''}: ${snippet}`,
        action,
        places: pages.slice(0, 5).map((page) => ({ doc: d, page })),
      });
    };
    const volumes = new Set(ctx.docs.flatMap((d) => (d.volume ? [d.volume] : [])));
    const policy = absentPolicy(ctx);
    const uploadedMarks = new Set(ctx.docs.flatMap((d) => (d.doc.role === 'review' && d.cipher ? [d.cipher.mark] : [])));
    const absent = new Map<string, Place[]>();
    const foreign = new Map<string, Place>();
    const ask = (name: string, place: Place) => absent.set(name, [...(absent.get(name) ?? []), place]);
    for (const d of ctx.docs) {
      if (d.doc.role !== 'review') continue;
      // page counts of Word files read without conversion are approximate: their sheet references are judged only
      // when title blocks typed in the document number its sheets
      const exactPages = !!d.doc.pdfPath || d.stamps.some((s) => s.sheet !== null || s.sheets !== null);
      const bySheet = new Map<string, { pages: number[]; snippet: string; sheet: number; target: DocFacts | null; cipher: string | null }>();
      for (const r of d.sheetRefs) {
        const target = r.cipher ? findTarget(ctx.docs, r.cipher) : r.other ? namedTarget(ctx, d, r.otherSection) : ownSheets(ctx, d) ? d : null;
        // a missing document is reported by the cipher reference below; one named by words, or this document when it
        // has no sheets of its own (a letter, an answer, an ИУЛ) or holds only some of its album's, is not judged
        if (!target) continue;
        if (target === d && !exactPages) continue;
        if (r.sheet <= lastSheet(target)) continue;
        const k = `${target.doc.index}:${r.sheet}`;
        const e = bySheet.get(k) ?? { pages: [], snippet: r.snippet, sheet: r.sheet, target, cipher: r.cipher };
        if (!e.pages.includes(r.docPage)) e.pages.push(r.docPage);
        bySheet.set(k, e);
      }
      for (const e of bySheet.values()) {
        const t = e.target!;
        const inDoc = t === d ? 'в документе' : `в документе «${t.doc.name}»`;
        missing(
          d,
          `лист ${e.sheet}${e.cipher ? ` (${e.cipher})` : ''}`,
          `${inDoc} ${sheetCount(t)}, листа ${e.sheet} нет`,
          e.pages,
          e.snippet,
          `Исправить ссылку на существующий лист либо добавить недостающий лист ${e.sheet}; сверить ссылки с ведомостью листов.`,
        );
      }
      const byCipher = new Map<string, { pages: number[]; snippet: string }>();
      for (const r of d.cipherRefs) {
        if (ctx.setBase && cipherKey(r.base) !== ctx.setBase && copiedFromAnother(r, ctx.setBase)) foreign.set(r.cipher, { doc: d, page: r.docPage });
        if (!ctx.setBase || cipherKey(r.base) !== ctx.setBase) continue; // other projects' documents are outside the set by nature
        if (findTarget(ctx.docs, r.cipher)) continue;
        if (policy === 'ask_same_mark' && !uploadedMarks.has(r.mark)) continue;
        if (policy !== 'finding') {
          ask(r.cipher, { doc: d, page: r.docPage });
          continue;
        }
        const e = byCipher.get(r.cipher) ?? { pages: [], snippet: r.snippet };
        if (!e.pages.includes(r.docPage)) e.pages.push(r.docPage);
        byCipher.set(r.cipher, e);
      }
      for (const [cipher, e] of byCipher) {
        missing(
          d,
          `документ ${cipher}`,
          'документа с таким шифром в комплекте нет',
          e.pages,
          e.snippet,
          `Добавить в комплект документ ${cipher} либо исправить ссылку на шифр существующего документа.`,
        );
      }
      // volumes by number are judged only when the set numbers its own volumes
      if (volumes.size < 2) continue;
      const byVolume = new Map<string, { pages: number[]; snippet: string }>();
      for (const r of d.volumeRefs) {
        if (r.volume === d.volume || hasVolume(volumes, r.volume)) continue;
        if (policy !== 'finding') {
          ask(`том ${r.volume}`, { doc: d, page: r.docPage });
          continue;
        }
        const e = byVolume.get(r.volume) ?? { pages: [], snippet: r.snippet };
        if (!e.pages.includes(r.docPage)) e.pages.push(r.docPage);
        byVolume.set(r.volume, e);
      }
      for (const [volume, e] of byVolume) {
        missing(
          d,
          `том ${volume}`,
          `тома ${volume} в комплекте нет (тома комплекта: ${[...volumes].sort(byNumber).join(', ')})`,
          e.pages,
          e.snippet,
          `Добавить в комплект том ${volume} либо исправить ссылку на номер существующего тома.`,
        );
      }
    }
    const question = absentQuestion(absent, policy);
    if (question) report.question(question);
    if (foreign.size) report.question(foreignQuestion(foreign, ctx.setBase!));
  },
});
