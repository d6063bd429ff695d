/** completeness.missing_section and request.unanswerable: defects of the set as a whole. */
import type { DefectImpl } from './impl.ts';
import { OPTIONAL_CODES } from '../sections.ts';

const REMOVABLE = ['ПЗУ', 'ООС', 'ТБЭ', 'ПОС', 'ИОС1', 'ПБ', 'КР', 'АР'];

export const missingSection: DefectImpl = {
  variants: REMOVABLE.length,
  beforePlans(b, _d, v) {
    const code = REMOVABLE[v % REMOVABLE.length] as string;
    b.codes.delete(code);
    b.planted.push({ kind: 'completeness.missing_section', docName: '', page: null, section: code, detail: `в комплекте нет обязательного раздела ${code}` });
  },
};

/** Requests about a section the set lacks; `code` is removed from the set when it is optional. */
const REQUESTS: { code: string; text: string }[] = [
  { code: 'ИОС4', text: 'Проверьте раздел ИОС4 (отопление) на соответствие СП 60.13330.2020.' },
  { code: 'ИОС5', text: 'Прошу проверить подраздел «Сети связи» (ИОС5), особенно диспетчеризацию лифтов.' },
  { code: 'СМ', text: 'Дайте заключение по разделу 12 «Смета на строительство» — сходятся ли объемы работ со сводным сметным расчетом?' },
  { code: 'ИОС6', text: 'Проверьте решения по газоснабжению жилого дома (ИОС6): размещение ГРПШ и прокладку газопровода.' },
  { code: 'ОДИ', text: 'Нужна проверка раздела ОДИ: обеспечен ли доступ маломобильных групп во все помещения?' },
  { code: 'ИОС2', text: 'Проверьте расчет расходов воды в подразделе «Система водоснабжения».' },
  { code: 'ТХ', text: 'Сверьте технологические решения (раздел 6) с заданием на проектирование.' },
  { code: 'ИОС3', text: 'Проверьте, правильно ли запроектирован выпуск ливневой канализации в разделе водоотведения (ИОС3).' },
];

export const unanswerableRequest: DefectImpl = {
  variants: REQUESTS.length,
  beforePlans(b, _d, v) {
    const r = REQUESTS[v % REQUESTS.length] as { code: string; text: string };
    if ((OPTIONAL_CODES as readonly string[]).includes(r.code)) b.codes.delete(r.code);
    b.userRequest = r.text;
    b.planted.push({
      kind: 'request.unanswerable',
      docName: '',
      page: null,
      section: r.code,
      detail: `запрос о разделе ${r.code}, которого нет в комплекте: «${r.text}»`,
    });
  },
};

/** Requests a clean set can answer (they name sections it always has). */
export const ANSWERABLE_REQUESTS = [
  'Проверьте комплект на соответствие действующим нормам.',
  'Обратите особое внимание на раздел КР: нагрузки и армирование фундаментной плиты.',
  'Проверьте согласованность технико-экономических показателей между разделами.',
  'Проверьте пожарную безопасность (раздел 9 ПБ).',
  'Проверьте оформление основных надписей и нумерацию листов.',
];
