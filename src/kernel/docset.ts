/**
 * The reference of documentation sections (GET /docset), after ПП РФ № 87 as amended by ПП № 963 (from 01.09.2022).
 * Source: shared/domain/sections.md §4 and §1; the codes are what `kinds` accepts.
 */

export interface DocsetItem {
  code: string;
  title: string;
  required: boolean;
  hint: string;
  page: number | null;
}

export interface Docset {
  title: string;
  source: string;
  items: DocsetItem[];
}

export const DOCSET_TITLE = 'Состав разделов проектной документации (объекты непроизводственного и производственного назначения)';
export const DOCSET_SOURCE = 'Положение, утв. ПП РФ от 16.02.2008 № 87, ред. ПП № 963 (с 01.09.2022); коды типов документов — XML-схема ПЗ Минстроя 01.07';

export const DOCSET_ITEMS: readonly DocsetItem[] = [
  {
    code: 'ПЗ',
    title: 'Раздел 1. Пояснительная записка',
    required: true,
    hint: 'PDF и/или XML по схеме Минстроя (ExplanatoryNote); тип документа 07.20',
    page: null,
  },
  { code: 'ПЗУ', title: 'Раздел 2. Схема планировочной организации земельного участка', required: true, hint: 'Синоним: СПОЗУ; 07.21', page: null },
  {
    code: 'АР',
    title: 'Раздел 3. Объемно-планировочные и архитектурные решения',
    required: true,
    hint: 'До 01.09.2022: «Архитектурные решения»; 07.22',
    page: null,
  },
  {
    code: 'КР',
    title: 'Раздел 4. Конструктивные решения',
    required: true,
    hint: 'До 01.09.2022: «Конструктивные и объемно-планировочные решения»; 07.23',
    page: null,
  },
  { code: 'ИОС1', title: 'Раздел 5. Подраздел «Система электроснабжения»', required: true, hint: 'Марки РД: ЭС, ЭМ, ЭО, ЭН (ЭОМ); 07.24', page: null },
  {
    code: 'ИОС2',
    title: 'Раздел 5. Подраздел «Система водоснабжения»',
    required: false,
    hint: 'При наличии водоснабжения; часто вместе с ИОС3 (ВК); 07.25',
    page: null,
  },
  { code: 'ИОС3', title: 'Раздел 5. Подраздел «Система водоотведения»', required: false, hint: 'При наличии водоотведения; 07.26', page: null },
  {
    code: 'ИОС4',
    title: 'Раздел 5. Подраздел «Отопление, вентиляция и кондиционирование воздуха, тепловые сети»',
    required: false,
    hint: 'ОВ/ОВиК, ТС, ИТП; 07.27',
    page: null,
  },
  { code: 'ИОС5', title: 'Раздел 5. Подраздел «Сети связи»', required: false, hint: 'СС; может делиться на ИОС5.1, 5.2…; 07.28', page: null },
  { code: 'ИОС6', title: 'Раздел 5. Подраздел «Система газоснабжения»', required: false, hint: 'Только при газоснабжении; 07.29', page: null },
  {
    code: 'ТХ',
    title: 'Раздел 6. Технологические решения',
    required: false,
    hint: 'До 01.09.2022 — подраздел ИОС7; для производственных объектов обязателен; 07.30',
    page: null,
  },
  {
    code: 'ПОС',
    title: 'Раздел 7. Проект организации строительства',
    required: true,
    hint: 'Включает организацию работ по сносу при необходимости (бывший ПОД); 07.31',
    page: null,
  },
  { code: 'ООС', title: 'Раздел 8. Мероприятия по охране окружающей среды', required: true, hint: '07.32', page: null },
  { code: 'ПБ', title: 'Раздел 9. Мероприятия по обеспечению пожарной безопасности', required: true, hint: 'Синонимы: МПБ, ППМ; 07.33', page: null },
  {
    code: 'ТБЭ',
    title: 'Раздел 10. Требования к обеспечению безопасной эксплуатации объектов капитального строительства',
    required: true,
    hint: '07.34',
    page: null,
  },
  {
    code: 'ОДИ',
    title: 'Раздел 11. Мероприятия по обеспечению доступа инвалидов к объекту капитального строительства',
    required: false,
    hint: 'Для объектов соцназначения, общественных, жилых, транспорта; до 01.09.2022 — раздел 10; 07.35',
    page: null,
  },
  {
    code: 'СМ',
    title: 'Раздел 12. Смета на строительство, реконструкцию, капитальный ремонт, снос объекта капитального строительства',
    required: false,
    hint: 'Обязательна при бюджетном финансировании; 07.36',
    page: null,
  },
  {
    code: 'ИД',
    title: 'Раздел 13. Иная документация в случаях, предусмотренных законодательными и иными нормативными правовыми актами Российской Федерации',
    required: false,
    hint: 'ГОЧС, ДПБ, декларация ГТС и др.; 07.37',
    page: null,
  },
];

export const SECTION_CODES: readonly string[] = DOCSET_ITEMS.map((i) => i.code);

/**
 * Marks of working drawings and older codes met in real sets, mapped to the section of the reference
 * (sections.md §4). Used by the classifier and when a client's `kinds` uses a mark instead of a code.
 */
export const SECTION_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  ПЗ: ['ОПЗ'],
  ПЗУ: ['СПОЗУ', 'ГП'],
  АР: [],
  КР: ['КЖ', 'КМ', 'КД', 'КЖИ'],
  ИОС1: ['ЭС', 'ЭОМ', 'ЭМ', 'ЭО', 'ЭН'],
  ИОС2: ['ВК', 'В', 'НВ'],
  ИОС3: ['К', 'НК', 'НВК'],
  ИОС4: ['ОВ', 'ОВиК', 'ОВК', 'ТС', 'ТМ', 'ИТП'],
  ИОС5: ['СС', 'СКС', 'АПС', 'СОУЭ'],
  ИОС6: ['ГС', 'ГСН', 'ГСВ'],
  ТХ: ['ИОС7'],
  ПОС: ['ПОД'],
  ООС: ['ПМООС', 'МООС'],
  ПБ: ['МПБ', 'ППМ'],
  ТБЭ: ['БЭ'],
  ОДИ: ['МГН'],
  СМ: [],
  ИД: ['ГОЧС'],
};

/** Section code for a code or a synonym (case-sensitive Cyrillic after normalisation), or null. */
export function canonicalSection(code: string): string | null {
  const c = code.trim();
  if (SECTION_CODES.includes(c)) return c;
  for (const [section, marks] of Object.entries(SECTION_SYNONYMS)) if (marks.includes(c)) return section;
  return null;
}

/** The organization's profile: its own subset of the reference, or the whole reference. */
export function profileItems(sections: readonly string[] | null): DocsetItem[] {
  if (!sections) return [...DOCSET_ITEMS];
  return DOCSET_ITEMS.filter((i) => sections.includes(i.code));
}

/** Section code of set-level findings (a missing section, the set as a whole); first in every report. */
export const SET_SECTION = 'ОБЩ';

/** Order of sections in findings and reports: the set as a whole, then the reference order, then others by name. */
export function compareSections(a: string, b: string): number {
  const rank = (c: string) => (c === SET_SECTION ? -1 : SECTION_CODES.includes(c) ? SECTION_CODES.indexOf(c) : SECTION_CODES.length);
  return rank(a) - rank(b) || a.localeCompare(b, 'ru');
}
