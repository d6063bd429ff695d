/** sheets.contents_mismatch: the volume's «Содержание тома» disagrees with its sheets. */
import { numberSheets } from '../build-doc.ts';
import { contentsStyle, fillContents } from '../contents.ts';
import type { DocModel, Page } from '../model.ts';
import type { SetBuild } from '../set-build.ts';
import { drawingRegister, numberInParts, PARTS_TARGETS } from '../volume-parts.ts';
import { modelOf, pickTarget } from '../set-build.ts';
import type { DefectImpl } from './impl.ts';

/** Volumes that always have drawings. */
const TARGETS = ['АР', 'ПЗУ', 'КР', 'КР1', 'КР2', 'ПОС'];
/** Titles of other sheets: none shares all its words with a drawing of the targets. */
const OTHER_TITLES = ['Разрез 1-1', 'План кровли', 'Узлы крепления ограждений', 'Схема расположения свай', 'План благоустройства'];

function rotate(v: number): string[] {
  const k = v % TARGETS.length;
  return [...TARGETS.slice(k), ...TARGETS.slice(0, k)].slice(0, 3);
}

export const contentsMismatch: DefectImpl = {
  variants: 6,
  afterPlans(b, d, v, rng) {
    // variant 3: a volume numbering its text part and graphic part each from 1 lacks the last two drawings of its register
    const plan = pickTarget(b, rng, v === 3 ? PARTS_TARGETS : rotate(v), d.format);
    const other = rng.pick(OTHER_TITLES);
    b.modelHooks.push(() => {
      const m = modelOf(b, plan.code);
      if (v === 3) return absentFromParts(b, plan.fileName, m);
      const drawings = m.pages.map((pg, i) => (pg.stamp?.form === 3 ? i : -1)).filter((i) => i >= 0);
      if (!drawings.length) throw new Error(`${plan.code}: no drawings`);
      // the list names every drawing on its own row, so each of them is accounted for by number
      fillContents(m, contentsStyle(m.cipher), true);
      const kind = v % 3;
      if (kind === 0) {
        // the last drawing is left out of the volume, the list still names it
        const gone = drawings[drawings.length - 1]!;
        const title = m.pages[gone]!.stamp!.sheetTitle;
        m.pages.splice(gone, 1);
        numberSheets(m.pages);
        b.planted.push({
          kind: 'sheets.contents_mismatch',
          docName: plan.fileName,
          page: 2,
          detail: `в содержании тома указан лист ${gone} «${title}», которого нет`,
        });
        return;
      }
      if (kind === 1) {
        // a drawing added after the list was written
        const last = m.pages[drawings[drawings.length - 1]!]!;
        const added: Page = {
          ...last,
          blocks: [{ t: 'drawing', caption: other, scale: 'М 1:100', grid: [6, 3], labels: ['Ось 1', 'Ось 2'] }],
          stamp: { ...last.stamp!, sheetTitle: other },
        };
        m.pages.push(added);
        numberSheets(m.pages);
        b.planted.push({
          kind: 'sheets.contents_mismatch',
          docName: plan.fileName,
          page: m.pages.length,
          altPages: [2],
          detail: `лист ${m.pages.length - 1} «${other}» не указан в содержании тома`,
        });
        return;
      }
      // one drawing's title differs: in the list (v = 2) or in the title block (v = 5)
      const at = rng.pick(drawings);
      const pg = m.pages[at]!;
      const was = pg.stamp!.sheetTitle;
      if (v < 3) {
        const sheet = pg.stamp!.sheet;
        // a row of «Содержание тома» («л. 5» last) or of the separate register (the sheet first)
        const tables = m.pages[1]!.blocks.filter((x) => x.t === 'table' && x.tags?.includes('contents'));
        for (const t of tables) {
          if (t.t !== 'table') continue;
          t.rows = t.rows.map((r) =>
            r[2] === `л. ${sheet}` ? [r[0]!, `Графическая часть. ${other}`, r[2]!] : r[0] === sheet ? [sheet, other, r[2] ?? ''] : r,
          );
        }
      } else {
        m.pages[at] = { ...pg, stamp: { ...pg.stamp!, sheetTitle: other } };
      }
      b.planted.push({
        kind: 'sheets.contents_mismatch',
        docName: plan.fileName,
        page: at + 1,
        altPages: [2],
        detail: `наименование листа ${at} «${was}» в содержании и в основной надписи различается («${other}»)`,
      });
    });
  },
};

/** The register of the graphic part (numbered from 1 as the text part is) names drawings the volume does not hold. */
function absentFromParts(b: SetBuild, fileName: string, m: DocModel): void {
  // four drawings, so that two stay in the volume after two are gone (a graphic part of one sheet is not judged)
  const last = [...m.pages].reverse().find((pg) => pg.stamp?.form === 3);
  if (!last?.stamp) throw new Error(`${m.code}: no drawings`);
  for (const title of OTHER_TITLES) {
    if (m.pages.filter((pg) => pg.stamp?.form === 3).length >= 4) break;
    if (m.pages.some((pg) => pg.stamp?.sheetTitle === title)) continue;
    m.pages.push({
      ...last,
      blocks: [{ t: 'drawing', caption: title, scale: 'М 1:100', grid: [6, 3], labels: ['Ось 1', 'Ось 2'] }],
      stamp: { ...last.stamp, sheetTitle: title },
    });
  }
  numberInParts(m);
  drawingRegister(m);
  const drawings = m.pages.map((pg, i) => (pg.stamp?.form === 3 ? i : -1)).filter((i) => i >= 0);
  // the last two drawings are gone; the graphic part's «Листов» counts what is left
  const goneAt = drawings.slice(-2);
  const gone = goneAt.map((i) => m.pages[i]!.stamp!);
  m.pages = m.pages.filter((_, i) => !goneAt.includes(i));
  m.pages[drawings[0]!]!.stamp!.sheets = String(drawings.length - goneAt.length);
  b.planted.push({
    kind: 'sheets.contents_mismatch',
    docName: fileName,
    page: 2,
    detail: `в ведомости чертежей указаны листы ${gone.map((s) => `${s.sheet} «${s.sheetTitle}»`).join(', ')}, которых в томе нет`,
  });
}
