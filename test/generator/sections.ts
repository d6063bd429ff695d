/** Sections of the documentation as printed on title pages (ПП № 87 as amended in 2022), with volume numbers. */

export interface SectionInfo {
  code: string;
  /** «Раздел 4. «Конструктивные решения»». */
  sectionLine: string;
  subsectionLine: string | null;
  /** Short title for tables of contents and the composition list. */
  title: string;
  volume: string;
  /** XML element of the section in ProjectDocumentation, with the subsection element for section 5. */
  xmlSection: string;
  xmlSub: string | null;
}

const S5 =
  'Раздел 5. «Сведения об инженерном оборудовании, о сетях инженерно-технического обеспечения, перечень инженерно-технических мероприятий, содержание технологических решений»';

export const SECTIONS: Record<string, SectionInfo> = {
  ПЗ: {
    code: 'ПЗ',
    sectionLine: 'Раздел 1. «Пояснительная записка»',
    subsectionLine: null,
    title: 'Пояснительная записка',
    volume: '1',
    xmlSection: '',
    xmlSub: null,
  },
  ПЗУ: {
    code: 'ПЗУ',
    sectionLine: 'Раздел 2. «Схема планировочной организации земельного участка»',
    subsectionLine: null,
    title: 'Схема планировочной организации земельного участка',
    volume: '2',
    xmlSection: 'Section2',
    xmlSub: null,
  },
  АР: {
    code: 'АР',
    sectionLine: 'Раздел 3. «Объемно-планировочные и архитектурные решения»',
    subsectionLine: null,
    title: 'Объемно-планировочные и архитектурные решения',
    volume: '3',
    xmlSection: 'Section3',
    xmlSub: null,
  },
  КР: {
    code: 'КР',
    sectionLine: 'Раздел 4. «Конструктивные решения»',
    subsectionLine: null,
    title: 'Конструктивные решения',
    volume: '4',
    xmlSection: 'Section4',
    xmlSub: null,
  },
  ИОС1: {
    code: 'ИОС1',
    sectionLine: S5,
    subsectionLine: 'Подраздел 1. «Система электроснабжения»',
    title: 'Система электроснабжения',
    volume: '5.1',
    xmlSection: 'Section5',
    xmlSub: 'ElectricitySupply',
  },
  ИОС2: {
    code: 'ИОС2',
    sectionLine: S5,
    subsectionLine: 'Подраздел 2. «Система водоснабжения»',
    title: 'Система водоснабжения',
    volume: '5.2',
    xmlSection: 'Section5',
    xmlSub: 'WaterSupply',
  },
  ИОС3: {
    code: 'ИОС3',
    sectionLine: S5,
    subsectionLine: 'Подраздел 3. «Система водоотведения»',
    title: 'Система водоотведения',
    volume: '5.3',
    xmlSection: 'Section5',
    xmlSub: 'WaterRemoval',
  },
  ИОС4: {
    code: 'ИОС4',
    sectionLine: S5,
    subsectionLine: 'Подраздел 4. «Отопление, вентиляция и кондиционирование воздуха, тепловые сети»',
    title: 'Отопление, вентиляция и кондиционирование воздуха, тепловые сети',
    volume: '5.4',
    xmlSection: 'Section5',
    xmlSub: 'HeatingVentilation',
  },
  ИОС5: {
    code: 'ИОС5',
    sectionLine: S5,
    subsectionLine: 'Подраздел 5. «Сети связи»',
    title: 'Сети связи',
    volume: '5.5',
    xmlSection: 'Section5',
    xmlSub: 'Communication',
  },
  ИОС6: {
    code: 'ИОС6',
    sectionLine: S5,
    subsectionLine: 'Подраздел 6. «Система газоснабжения»',
    title: 'Система газоснабжения',
    volume: '5.6',
    xmlSection: 'Section5',
    xmlSub: 'GasSupply',
  },
  ПОС: {
    code: 'ПОС',
    sectionLine: 'Раздел 7. «Проект организации строительства»',
    subsectionLine: null,
    title: 'Проект организации строительства',
    volume: '7',
    xmlSection: 'Section7',
    xmlSub: null,
  },
  ООС: {
    code: 'ООС',
    sectionLine: 'Раздел 8. «Мероприятия по охране окружающей среды»',
    subsectionLine: null,
    title: 'Мероприятия по охране окружающей среды',
    volume: '8',
    xmlSection: 'Section8',
    xmlSub: null,
  },
  ПБ: {
    code: 'ПБ',
    sectionLine: 'Раздел 9. «Мероприятия по обеспечению пожарной безопасности»',
    subsectionLine: null,
    title: 'Мероприятия по обеспечению пожарной безопасности',
    volume: '9',
    xmlSection: 'Section9',
    xmlSub: null,
  },
  ТБЭ: {
    code: 'ТБЭ',
    sectionLine: 'Раздел 10. «Требования к обеспечению безопасной эксплуатации объектов капитального строительства»',
    subsectionLine: null,
    title: 'Требования к обеспечению безопасной эксплуатации объектов капитального строительства',
    volume: '10',
    xmlSection: 'Section10',
    xmlSub: null,
  },
  ОДИ: {
    code: 'ОДИ',
    sectionLine: 'Раздел 11. «Мероприятия по обеспечению доступа инвалидов к объекту капитального строительства»',
    subsectionLine: null,
    title: 'Мероприятия по обеспечению доступа инвалидов к объекту капитального строительства',
    volume: '11',
    xmlSection: 'Section11',
    xmlSub: null,
  },
  // not a volume the generator plans: the place of a set's estimate (writeEstimate) in the XML note
  СМ: {
    code: 'СМ',
    sectionLine: 'Раздел 12. «Смета на строительство»',
    subsectionLine: null,
    title: 'Смета на строительство',
    volume: '12',
    xmlSection: 'Section12',
    xmlSub: null,
  },
};

/** Sections a generated set can hold, in volume order. */
export const REQUIRED_CODES = ['ПЗ', 'ПЗУ', 'АР', 'КР', 'ИОС1', 'ПОС', 'ООС', 'ПБ', 'ТБЭ'] as const;
export const OPTIONAL_CODES = ['ИОС2', 'ИОС3', 'ИОС4', 'ИОС5', 'ОДИ'] as const;
export const ORDER = ['ПЗ', 'ПЗУ', 'АР', 'КР', 'ИОС1', 'ИОС2', 'ИОС3', 'ИОС4', 'ИОС5', 'ИОС6', 'ПОС', 'ООС', 'ПБ', 'ТБЭ', 'ОДИ'];

export function sectionInfo(code: string): SectionInfo {
  const info = SECTIONS[code];
  if (!info) throw new Error(`unknown section ${code}`);
  return info;
}
