/**
 * Volumes built in parts as real ones are: the text part and the graphic part each numbered from 1 with its own
 * «Листов», the contents a «Ведомость чертежей основного комплекта» of the graphic part; and sheets of another object's
 * album bound into a volume with their own cipher and sheet numbers. Clean sets carry them as traps (nothing to
 * report); the contents defect uses the first to list drawings the volume does not hold.
 */
import type { Block, DocModel, Page } from './model.ts';

/** Volumes with two drawings or more whose sheets no other volume cites by number (АР and ПЗУ are cited). */
export const PARTS_TARGETS = ['КР', 'КР1'];

/**
 * Numbers the text sheets (forms 5, 6) and the drawings (form 3) each from 1, «Листов» on the first sheet of each, and
 * writes the sheet numbers the volume's own text cites («на листе 7») anew.
 */
export function numberInParts(m: DocModel): void {
  const renumbered = new Map<string, string>();
  let text = 0;
  let drawings = 0;
  m.pages.forEach((pg, i) => {
    if (!pg.stamp) return;
    const sheet = String(pg.stamp.form === 3 ? ++drawings : ++text);
    renumbered.set(String(i), sheet);
    pg.stamp.sheet = sheet;
    pg.stamp.sheets = null;
  });
  const firstText = m.pages.find((pg) => pg.stamp && pg.stamp.form !== 3)?.stamp;
  const firstDrawing = m.pages.find((pg) => pg.stamp?.form === 3)?.stamp;
  if (firstText) firstText.sheets = String(text);
  if (firstDrawing) firstDrawing.sheets = String(drawings);
  // sheet N was page N + 1: a cited number becomes the number that page carries now
  const cite = (s: string) =>
    s.replace(/(листа[хм]?|листе|лист|л\.|–)(\s*)(\d+)/g, (_m, w: string, sp: string, n: string) => `${w}${sp}${renumbered.get(n) ?? n}`);
  for (const pg of m.pages) {
    pg.blocks = pg.blocks.map((b): Block => (b.t === 'p' && b.tags?.includes('ref:sheet') ? { ...b, text: cite(b.text) } : b));
  }
}

/** The contents page becomes the graphic part's register: «Лист | Наименование | Примечание», one row per drawing. */
export function drawingRegister(m: DocModel): void {
  const page = m.pages[1];
  if (!page) return;
  const rows = m.pages.flatMap((pg) => (pg.stamp?.form === 3 ? [[pg.stamp.sheet, pg.stamp.sheetTitle, '']] : []));
  page.blocks = [
    { t: 'h', text: 'Ведомость чертежей основного комплекта' },
    { t: 'table', head: ['Лист', 'Наименование', 'Примечание'], rows, widths: [0.12, 0.68, 0.2], tags: ['contents'] },
  ];
}

/** Another object's cipher base: letters and digits, nothing like the generated bases («24-017»), so never a typo of one. */
export const FOREIGN_BASE = 'ТП-0719';

/** Album titles of another object's drawings bound into a volume. */
const BOUND_TITLES = ['Узел опирания плиты перекрытия', 'Узел крепления закладной детали'];

/**
 * Binds two drawings of another object's album at the end of the volume: another cipher base, the album's mark and its
 * own high sheet numbers, as they were printed there.
 */
export function bindForeignAlbum(m: DocModel): void {
  const last = [...m.pages].reverse().find((pg) => pg.stamp?.form === 3) ?? m.pages.at(-1)!;
  if (!last.stamp) throw new Error(`${m.cipher}: no sheet to bind after`);
  const bound = BOUND_TITLES.map(
    (title, i): Page => ({
      ...last,
      blocks: [{ t: 'drawing', caption: title, scale: 'М 1:10', grid: [3, 2], labels: ['Узел 1', 'Узел 2'] }],
      stamp: { ...last.stamp!, form: 3, cipher: `${FOREIGN_BASE}-КЖ`, sheet: String(14 + i), sheets: null, sheetTitle: title },
    }),
  );
  m.pages.push(...bound);
}
