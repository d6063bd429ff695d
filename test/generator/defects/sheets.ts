/** sheets.numbering_gap and titleblock.missing_roles: defects of the title blocks of one document. */
import { modelOf, pickTarget } from '../set-build.ts';
import type { DefectImpl } from './impl.ts';

const TARGETS = ['АР', 'ПЗ', 'КР', 'ПОС', 'ПБ', 'ИОС1', 'ПЗУ', 'ООС', 'ТБЭ', 'КР1'];

function rotate(v: number): string[] {
  const k = (v * 3) % TARGETS.length;
  return [...TARGETS.slice(k), ...TARGETS.slice(0, k)].slice(0, 3);
}

export const numberingGap: DefectImpl = {
  variants: 5,
  afterPlans(b, d, v, rng) {
    const plan = pickTarget(b, rng, rotate(v), d.format);
    b.modelHooks.push(() => {
      const m = modelOf(b, plan.code);
      const last = m.pages.length;
      // Short volumes have no room for a gap after the third sheet: their variant becomes the «Листов» one.
      const kind = last < 5 ? 2 : v % 5;
      if (kind === 2) {
        // «Листов» on the first sheet disagrees with the count (and is not the page count either).
        const first = m.pages[1]?.stamp;
        if (!first) throw new Error('no first sheet');
        const wrong = last - 1 + rng.pick([2, 3, 5, -2]);
        m.pages[1] = { ...(m.pages[1] as NonNullable<(typeof m.pages)[number]>), stamp: { ...first, sheets: String(wrong) } };
        b.planted.push({ kind: 'sheets.numbering_gap', docName: plan.fileName, page: 2, detail: `«Листов ${wrong}» при ${last - 1} листах` });
        return;
      }
      // A page from the third sheet on; kind 4 places it in the graphic part when there is one.
      const drawings = m.pages.map((pg, i) => (pg.stamp?.form === 3 ? i : -1)).filter((i) => i >= 3);
      const k = kind === 4 && drawings.length ? rng.pick(drawings) : rng.int(3, last - 1);
      const shift = kind === 1 || kind === 3 ? -1 : rng.pick([1, 2]);
      for (let i = k; i < last; i++) {
        const st = m.pages[i]?.stamp;
        if (st) m.pages[i] = { ...(m.pages[i] as NonNullable<(typeof m.pages)[number]>), stamp: { ...st, sheet: String(i + shift) } };
      }
      const what = shift < 0 ? `лист ${k - 1} повторяется` : `после листа ${k - 1} идет лист ${k + shift}`;
      b.planted.push({ kind: 'sheets.numbering_gap', docName: plan.fileName, page: k + 1, altPages: [k], detail: what });
    });
  },
};

export const missingRoles: DefectImpl = {
  variants: 6,
  afterPlans(b, d, v, rng) {
    const plan = pickTarget(b, rng, rotate(v + 1), d.format);
    const labels = b.style.labels;
    // «Пров.» and ГИП are free rows: only a blank one is a defect; the developer's and normocontroller's rows are required
    const role = [labels.nk, labels.chk, labels.dev, labels.nk, labels.dev, labels.gip][v % 6] as string;
    b.modelHooks.push(() => {
      const m = modelOf(b, plan.code);
      // Variants 0–3 concern the first sheet (form 5), 4–5 a drawing sheet (form 3) when the document has one.
      const drawings = m.pages.map((pg, i) => (pg.stamp?.form === 3 ? i : -1)).filter((i) => i >= 0);
      const idx = v % 6 >= 4 && drawings.length ? rng.pick(drawings) : 1;
      const pg = m.pages[idx];
      if (!pg?.stamp) throw new Error('no title block');
      const blank = v % 2 === 1;
      const roles = blank ? pg.stamp.roles.map((r) => (r.role === role ? { ...r, surname: '', date: '' } : r)) : pg.stamp.roles.filter((r) => r.role !== role);
      m.pages[idx] = { ...pg, stamp: { ...pg.stamp, roles } };
      b.planted.push({
        kind: 'titleblock.missing_roles',
        docName: plan.fileName,
        page: idx + 1,
        detail: blank ? `в основной надписи не заполнена строка «${role}»` : `в основной надписи нет строки «${role}»`,
      });
    });
  },
};

/** One surname written the other way: a gender ending added or taken off («Козлова» / «Козлов»). */
const otherEnding = (s: string) => (s.endsWith('а') ? s.slice(0, -1) : `${s}а`);

export const namesMismatch: DefectImpl = {
  variants: 3,
  afterPlans(b, d, v, rng) {
    const plan = pickTarget(b, rng, rotate(v + 2), d.format);
    const labels = b.style.labels;
    b.modelHooks.push(() => {
      const m = modelOf(b, plan.code);
      const signed = m.pages.map((pg, i) => (pg.stamp?.roles.length ? i : -1)).filter((i) => i >= 0);
      // variant 1 writes the normocontroller's surname two ways, which needs two signed sheets; else it becomes variant 2
      const kind = v % 3 === 1 && signed.length < 2 ? 2 : v % 3;
      const idx = kind === 1 ? rng.pick(signed.slice(1)) : signed[0]!;
      const pg = m.pages[idx]!;
      const role = kind === 1 ? labels.nk : labels.gip;
      const row = pg.stamp!.roles.find((r) => r.role === role);
      if (!row) throw new Error(`no row ${role}`);
      const used = new Set(pg.stamp!.roles.map((r) => r.surname));
      const other = ['Воронцов', 'Белозёров', 'Тимофеев', 'Руднев'].find((s) => !used.has(s))!;
      const surname = kind === 0 ? other : otherEnding(row.surname);
      m.pages[idx] = { ...pg, stamp: { ...pg.stamp!, roles: pg.stamp!.roles.map((r) => (r.role === role ? { ...r, surname } : r)) } };
      b.planted.push({
        kind: 'titleblock.names',
        docName: plan.fileName,
        page: idx + 1,
        detail: kind === 0 ? `ГИП ${surname} в основной надписи, ${row.surname} на титульном листе` : `«${surname}» вместо «${row.surname}» в строке «${role}»`,
        importance: kind === 0 ? 'significant' : 'minor',
      });
    });
  },
};
