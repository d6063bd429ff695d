import type { ResultWarning } from '../../kernel/result.ts';
import { WORD_FORMATS } from '../../ingest/types.ts';
import { typesWhere } from '../set/document-types.ts';
import type { DocFacts, StampFacts } from '../facts/types.ts';
import { numberingsOf, sheetLabel, volumeOf, type VolumePart, type VolumeStructure } from '../set/volume-parts.ts';
import { numberRuns, pageList } from '../text/pages.ts';
import { missingSheets, partsName } from './sheet-runs.ts';
import { defineCheck, where } from './types.ts';

/** The warning about sheets of another set bound into a volume: said once, never judged as the volume's sheets. */
export const FOREIGN_SHEETS_WARNING = 'volume_foreign_sheets';
/** The warning about sheet numbers a converted word-processor file printed as stored, not counted: that numbering is not judged. */
export const FROZEN_NUMBERS_WARNING = 'sheet_numbers_not_counted';

/** Sheets in a row carrying one number, to the end of the numbering, that tell a field printed as stored from a slip. */
const FROZEN_RUN = 3;

/**
 * One number on every sheet from some sheet to the end, in a Word file converted here: the header's sheet number is a
 * field (a formula such as «PAGE − 2» in a title block), and the converter printed its stored value instead of counting —
 * the designer's file numbers them 1, 2, 3. A number repeated on two sheets, or followed by other numbers, is the
 * designer's. Returns the repeated number with its pages, or null.
 */
function frozenField(d: DocFacts, numbered: readonly StampFacts[]) {
  if (!WORD_FORMATS.has(d.doc.format) || numbered.length < FROZEN_RUN) return null;
  const last = numbered.at(-1)!;
  let from = numbered.length - 1;
  while (from > 0 && sheetLabel(numbered[from - 1]!) === sheetLabel(last) && numbered[from - 1]!.docPage === numbered[from]!.docPage - 1) from--;
  const run = numbered.slice(from);
  return run.length >= FROZEN_RUN ? { sheet: sheetLabel(last), pages: run.map((s) => s.docPage) } : null;
}

/** «24-017-АР, листы 12–14 (с. 9–11)» or «лист 47 (с. 8) — номер другого альбома» for each bound run. */
function foreignText(parts: readonly VolumePart[], v: VolumeStructure): string {
  return parts
    .map((p) => {
      const sheets = p.stamps.flatMap((s) => (s.sheet === null ? [] : [s.sheet]));
      const list = sheets.length ? `${sheets.length > 1 ? 'листы' : 'лист'} ${numberRuns(sheets)}` : 'листы без номера';
      const pages = pageList(p.stamps.map((s) => s.docPage));
      const own = v.ownCipher?.cipher;
      if (p.cue === 'foreign_number' && (!p.cipher || p.cipher === own))
        return `${list} (${pages}) — номер не из нумерации тома, по-видимому лист другого альбома`;
      return `${p.cipher ?? 'шифр не прочитан'}, ${list} (${pages})`;
    })
    .join('; ');
}

function foreignWarning(d: DocFacts, v: VolumeStructure): ResultWarning | null {
  const bound = v.parts.filter((p) => p.kind === 'foreign');
  if (!bound.length) return null;
  return {
    code: FOREIGN_SHEETS_WARNING,
    message:
      `В том «${d.doc.name}»${v.ownCipher ? ` (шифр ${v.ownCipher.cipher})` : ''} вложены листы другого комплекта/объекта: ${foreignText(bound, v)}. ` +
      'Они не входят в нумерацию тома: пропуски, повторы, «Листов» и шифр тома по ним не оценивались.',
    doc_index: d.doc.index,
    page: bound[0]!.pageFrom,
  };
}

/**
 * N-05: within each numbering of a volume (its text part, graphic part, appendices — each may start from 1) sheet
 * numbers run without gaps or repeats, and «Листов» on the numbering's first sheet matches its sheets. Sheets of another
 * set bound into the volume are told once, as a warning, and take no part.
 */
export const sheetNumbering = defineCheck({
  id: 'sheets.numbering_gap',
  theme: 'norms',
  importance: 'significant',
  title: 'Нумерация листов в каждой части тома без пропусков и повторов; «Листов» на первом листе соответствует числу листов',
  appliesTo: typesWhere((t) => t.sheets),
  find(ctx, report) {
    for (const d of ctx.docs) {
      if (d.doc.role !== 'review') continue;
      const v = volumeOf(ctx.set.volumes, d);
      const bound = foreignWarning(d, v);
      if (bound) report.warning(bound);
      const numberings = numberingsOf(v);
      const numberedPages = new Set(d.stamps.filter((s) => s.sheet !== null).map((s) => s.docPage));
      const ownSheets = v.parts.filter((p) => p.kind !== 'foreign').flatMap((p) => p.stamps).length;
      const base = { about: d } as const;
      for (const parts of numberings) {
        const g = parts.flatMap((p) => p.stamps);
        const numbered = g.filter((s) => s.sheet !== null);
        if (numbered.length < 2) continue;
        // «В документе …» alone when the volume is one numbering; «… (графическая часть, с. 10–24)» when it has several
        const inPart = numberings.length > 1 ? ` (${partsName(parts)})` : '';
        const frozen = frozenField(d, numbered);
        if (frozen) {
          report.warning({
            code: FROZEN_NUMBERS_WARNING,
            message:
              `В документе «${d.doc.name}»${inPart} номер листа в основной надписи — поле текстового документа, которое при преобразовании в PDF не пересчитано: «Лист ${frozen.sheet}» стоит на ${pageList(frozen.pages)}. ` +
              'Нумерация листов и «Листов» этой части не оценивались — сверьте их по исходному файлу.',
            doc_index: d.doc.index,
            page: frozen.pages[0]!,
          });
          continue;
        }
        const seen = new Map<string, number[]>();
        for (const s of numbered) seen.set(sheetLabel(s), [...(seen.get(sheetLabel(s)) ?? []), s.docPage]);
        const repeated = [...seen].filter(([, pages]) => pages.length > 1);
        const gap = missingSheets(numbered, numberedPages);
        // «2» on two sheets and no «3»: one sheet carries its neighbour's number — one slip, one finding
        const slip = repeated.length === 1 && repeated[0]![1].length === 2 && gap?.missing.length === 1 ? repeated[0]! : null;
        const slipped = slip && Math.abs(Number(slip[0]) - gap!.missing[0]!) === 1 ? { sheet: slip[0], pages: slip[1], missing: gap!.missing[0]! } : null;
        if (slipped) {
          report({
            ...base,
            essence: `В документе «${d.doc.name}»${inPart} номер листа ${slipped.sheet} стоит на двух листах, а листа ${slipped.missing} нет: один из них обозначен неверно.`,
            evidence: `Основная надпись «Лист ${slipped.sheet}» на ${pageList(slipped.pages)} документа «${d.doc.name}»; листа с номером ${slipped.missing} в нумерации нет.`,
            action: `Исправить номер листа в основной надписи (вероятно, ${slipped.missing} вместо ${slipped.sheet}) и ведомость (содержание) документа.`,
            places: slipped.pages.map((page) => ({ doc: d, page })),
          });
        } else if (repeated.length === 1) {
          const [sheet, pages] = repeated[0]!;
          report({
            ...base,
            essence: `В документе «${d.doc.name}»${inPart} номер листа ${sheet} повторяется на ${pages.length} страницах.`,
            evidence: `Основная надпись «Лист ${sheet}» на ${pageList(pages)} документа «${d.doc.name}».`,
            action: 'Исправить нумерацию листов в основных надписях и ведомость (содержание) документа.',
            places: pages.slice(0, 5).map((page) => ({ doc: d, page })),
          });
        } else if (repeated.length > 1) {
          // several numbers repeated at once are one cause: numbering begun again, or a run of sheets printed twice
          const pages = [...new Set(repeated.flatMap(([, p]) => p))].sort((a, b) => a - b);
          report({
            ...base,
            essence: `В документе «${d.doc.name}»${inPart} номера листов ${repeated.map(([s]) => s).join(', ')} повторяются.`,
            evidence: `${repeated.map(([s, p]) => `«Лист ${s}» — ${pageList(p)}`).join('; ')}.`,
            action:
              'Исправить нумерацию листов в основных надписях; если это отдельная часть тома (графическая часть, приложение), обозначить её своим шифром или указать «Листов» на её первом листе.',
            places: pages.slice(0, 5).map((page) => ({ doc: d, page })),
          });
        }
        const ints = [...new Set(numbered.map((s) => s.sheet!))].sort((a, b) => a - b);
        if (gap && !slipped) {
          const { missing, before, after } = gap;
          report({
            ...base,
            essence: `В нумерации листов документа «${d.doc.name}»${inPart} пропущены лист(ы) ${missing.slice(0, 20).join(', ')}${missing.length > 20 ? '…' : ''}.`,
            evidence: `${where({ doc: d, page: before.docPage })}: «Лист ${sheetLabel(before)}»; ${where({ doc: d, page: after.docPage })}: «Лист ${sheetLabel(after)}». Всего найдено ${seen.size} номеров листов от ${ints[0]} до ${ints[ints.length - 1]}.`,
            action: 'Добавить недостающие листы или исправить нумерацию и ведомость листов (содержание тома).',
            places: [
              { doc: d, page: before.docPage },
              { doc: d, page: after.docPage },
            ],
          });
        }
        // «Листов» is printed on a document's first sheet. A volume numbered through may hold several documents, each
        // opening with such a sheet (the contents «-С», the list of the set «-СП», the text part): each counts its own
        // sheets, or the volume's.
        const starts = g.filter((s) => s.sheets !== null);
        const maxSheet = ints[ints.length - 1]!;
        const lastPage = parts.at(-1)!.pageTo;
        const first = starts.find((start, i) => {
          // a first sheet numbered «1.2» splits sheet 1 into pages (a text part «1.1 … 1.5» before drawings «2 … 5»):
          // whether «Листов» counts those pages, the sheets or the volume is the designer's convention, not a count to check
          if (start.sheetInsert !== undefined) return false;
          const next = starts[i + 1];
          const own = g.filter((s) => s.docPage >= start.docPage && (!next || s.docPage < next.docPage));
          const ownTo = next ? next.docPage - 1 : lastPage;
          // the document's own sheets, or the numbering's count (inserted sheets «11.1» count), its pages, or the volume's
          const ownCounts = [own.length, ownTo - start.docPage + 1];
          const wholeCounts = [g.length, maxSheet, seen.size, lastPage - start.docPage + 1, ownSheets, d.pagesTotal - start.docPage + 1, d.pagesTotal];
          // numbered through to the volume's last page, appendices without a title block included
          if (start.sheet !== null) wholeCounts.push(d.pagesTotal - start.docPage + start.sheet);
          return ![...ownCounts, ...wholeCounts].includes(start.sheets!);
        });
        if (!first) continue;
        const declared = first.sheets!;
        report({
          ...base,
          essence: `В основной надписи первого листа документа «${d.doc.name}»${inPart} указано «Листов ${declared}», а листов ${numberings.length > 1 ? 'в этой части' : 'в документе'} ${maxSheet === g.length ? maxSheet : `${g.length} (номера до ${maxSheet})`}.`,
          evidence: `${where({ doc: d, page: first.docPage })}: «Листов ${declared}». В документе ${d.pagesTotal} стр., листов с основной надписью${inPart ? ' в этой части' : ''} — ${g.length}, наибольший номер листа — ${maxSheet}.`,
          action: 'Исправить графу «Листов» на первом листе или восстановить недостающие листы.',
          places: [{ doc: d, page: first.docPage }],
        });
      }
    }
  },
});
