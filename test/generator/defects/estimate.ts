/** estimate.form: an estimate whose heading names the base level's date as current prices, or disagrees with its totals, or an unfilled «Проверил». */
import type { DefectImpl } from './impl.ts';

export const estimateForm: DefectImpl = {
  variants: 3,
  afterPlans(b, d, v, rng) {
    b.withEstimate = true;
    b.estimateHooks.push((e) => {
      if (d.format === 'docx') {
        e.format = 'docx';
        e.name = e.name.replace(/\.pdf$/, '.docx');
      }
      let detail: string;
      if (v % 3 === 0) {
        e.heading = 'Составлен(а) в текущих (прогнозных) ценах по состоянию на 01.01.2000 г.';
        detail = 'ЛСР: «в текущих ценах по состоянию на 01.01.2000», итоги в базисных';
      } else if (v % 3 === 1) {
        e.heading = `Составлен(а) в текущих ценах по состоянию на 01.${String(rng.int(1, 12)).padStart(2, '0')}.${b.set.year}`;
        detail = 'ЛСР: заголовок в текущих ценах, итоги в базисных';
      } else {
        e.checker = '';
        detail = 'ЛСР: строка «Проверил» не заполнена';
      }
      b.planted.push({ kind: 'estimate.form', docName: e.name, page: 1, detail });
    });
  },
};
