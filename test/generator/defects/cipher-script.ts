/** cipher.mixed_script: a cipher typed with a Latin look-alike among its Cyrillic letters (on the whole volume, a drawing, the title page). */
import { modelOf, pickTarget } from '../set-build.ts';
import type { DefectImpl } from './impl.ts';

const TWINS: Record<string, string> = { А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', Х: 'X' };
// volumes whose mark has a letter with a Latin twin
const TARGETS = ['АР', 'КР', 'ПОС', 'ООС', 'ТБЭ', 'ИОС1'];

/** The cipher with the last Cyrillic letter of its mark that has a Latin twin typed in Latin. */
function withLatinTwin(cipher: string): string {
  let i = cipher.length - 1;
  while (i >= 0 && !(cipher[i]! in TWINS)) i--;
  if (i < 0) throw new Error(`no look-alike letter in ${cipher}`);
  return cipher.slice(0, i) + TWINS[cipher[i]!]! + cipher.slice(i + 1);
}

export const cipherScript: DefectImpl = {
  variants: 3,
  afterPlans(b, d, v, rng) {
    const plan = pickTarget(b, rng, TARGETS, d.format);
    const printed = withLatinTwin(plan.cipher);
    b.modelHooks.push(() => {
      const m = modelOf(b, plan.code);
      const pages = m.pages.map((pg, i) => ({ pg, i }));
      // one drawing, else one text sheet
      const drawings = pages.filter(({ pg }) => pg.stamp?.form === 3);
      const sheet = drawings.length ? drawings : pages.filter(({ pg }) => pg.stamp?.form === 6);
      // on a broken text layer a Latin letter in a word keeps the word from being repaired: only the title page (never broken) can show it
      const titleOnly = b.brokenTextLayer && m.format === 'pdf';
      const chosen = titleOnly
        ? pages.filter(({ pg }) => pg.title)
        : v % 3 === 0
          ? pages.filter(({ pg }) => pg.stamp || pg.title)
          : v % 3 === 1
            ? sheet.length
              ? [rng.pick(sheet)]
              : []
            : pages.filter(({ pg }) => pg.title);
      if (!chosen.length || !chosen[0]) throw new Error(`no page to print ${printed} on`);
      for (const { pg } of chosen) {
        if (pg.title) pg.title = { ...pg.title, cipher: printed };
        if (pg.stamp) pg.stamp = { ...pg.stamp, cipher: printed };
      }
      const [first, ...others] = chosen.map(({ i }) => i + 1);
      b.planted.push({
        kind: 'cipher.mixed_script',
        docName: plan.fileName,
        page: first!,
        ...(others.length ? { altPages: others } : {}),
        detail: `шифр ${printed} с латинской буквой вместо ${plan.cipher}`,
      });
    });
  },
};
