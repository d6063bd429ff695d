/** consistency.cipher: a volume or a sheet with another cipher base, or a section suffix that is not the volume's section. */
import { alterBase, modelOf, pickTarget } from '../set-build.ts';
import type { DefectImpl } from './impl.ts';

const WRONG_SUFFIX: Record<string, string> = { АР: 'КР', КР: 'АР', ИОС1: 'ИОС2', ПОС: 'ООС', ООС: 'ПОС', ПБ: 'ТБЭ', ТБЭ: 'ПБ', ПЗУ: 'АР' };
const TARGETS = ['АР', 'КР', 'ИОС1', 'ПОС', 'ООС', 'ПБ', 'ТБЭ', 'ПЗУ'];

export const cipher: DefectImpl = {
  variants: 5,
  afterPlans(b, d, v, rng) {
    const rotated = [...TARGETS.slice(v % TARGETS.length), ...TARGETS.slice(0, v % TARGETS.length)];
    const plan = pickTarget(b, rng, rotated.slice(0, 3), d.format);
    const intended = plan.cipher;
    const base = plan.facts.cipherBase;
    const suffix = intended.slice(base.length);
    switch (v % 5) {
      case 0: {
        // The whole volume carries another base.
        plan.cipher = alterBase(base, rng) + suffix;
        b.planted.push({ kind: 'consistency.cipher', docName: plan.fileName, page: null, detail: `шифр тома ${plan.cipher} вместо ${intended}` });
        return;
      }
      case 1: {
        const wrong = WRONG_SUFFIX[plan.code] ?? 'ПЗ';
        plan.cipher = `${base}-${wrong}`;
        b.planted.push({ kind: 'consistency.cipher', docName: plan.fileName, page: null, detail: `шифр ${plan.cipher} у тома раздела ${plan.code}` });
        return;
      }
      default: {
        // One sheet (a text sheet, the title page or a drawing) with a mistyped base.
        const where = v % 5;
        b.modelHooks.push(() => {
          const m = modelOf(b, plan.code);
          const pages = m.pages
            .map((pg, i) => ({ pg, i }))
            .filter(({ pg }) => (where === 2 ? pg.stamp?.form === 6 : where === 3 ? pg.title !== null : pg.stamp?.form === 3));
          const chosen = pages.length ? rng.pick(pages) : rng.pick(m.pages.map((pg, i) => ({ pg, i })).filter(({ pg }) => pg.stamp?.form === 6));
          const wrong = alterBase(base, rng) + suffix;
          if (chosen.pg.title) chosen.pg.title = { ...chosen.pg.title, cipher: wrong };
          if (chosen.pg.stamp) chosen.pg.stamp = { ...chosen.pg.stamp, cipher: wrong };
          b.planted.push({
            kind: 'consistency.cipher',
            docName: plan.fileName,
            page: chosen.i + 1,
            detail: `на странице ${chosen.i + 1} шифр ${wrong} вместо ${intended}`,
          });
        });
      }
    }
  },
};
