/** stamps.stage_mismatch: a volume of ПД whose title blocks print the working stage (a РД template) or a РД cipher. */
import { modelOf, pickTarget } from '../set-build.ts';
import type { DefectImpl } from './impl.ts';

const TARGETS = [
  ['АР', 'КР', 'КР1'],
  ['ИОС1', 'ПОС', 'ПБ'],
  ['КР', 'ПЗУ', 'ООС'],
  ['ПЗ', 'ТБЭ', 'АР'],
];

/** «П-2024-05.123» → «РД-2024-05.123»; a base without a stage letter gets «-РД» after it. */
export function rdBase(base: string): string {
  return /(^|-)П(?=-|$)/.test(base) ? base.replace(/(^|-)П(?=-|$)/, '$1РД') : `${base}-РД`;
}

export const stageMismatch: DefectImpl = {
  variants: 4,
  afterPlans(b, d, v, rng) {
    const plan = pickTarget(b, rng, TARGETS[v % TARGETS.length]!, d.format);
    const kind = v % 4; // 0: «Р» in every stamp, 1: «РД», 2: a РД cipher in the stamps, 3: «Р» on the text sheets only
    b.modelHooks.push(() => {
      const m = modelOf(b, plan.code);
      const cipher = `${rdBase(b.set.cipherBase)}-${plan.code}`;
      m.pages.forEach((pg, i) => {
        if (!pg.stamp) return;
        if (kind === 2) pg.stamp = { ...pg.stamp, cipher };
        else if (kind !== 3 || pg.stamp.form !== 3) pg.stamp = { ...pg.stamp, stage: kind === 1 ? 'РД' : 'Р' };
        void i;
      });
      const detail = kind === 2 ? `шифр ${cipher} в основных надписях тома ПД` : `«Стадия ${kind === 1 ? 'РД' : 'Р'}» в основных надписях тома ПД`;
      b.planted.push({ kind: 'stamps.stage_mismatch', docName: plan.fileName, page: 2, altPages: [1, 3], detail });
    });
  },
};
