/**
 * Hold-out sets: written by hand in layouts and wordings the generator never uses — ТЭП tables as separate cells,
 * ciphers with a slash, flowing justified paragraphs, long role labels («Разработал», «Нормоконтроль»), municipal units
 * in addresses, a year alone at the foot of a title page, values in thousands — each with the findings a specialist expects and nothing else.
 */
import type { CellSpec, PageSpec, StampSpec } from '../review/fixtures.ts';

export interface Expected {
  check: string;
  /** File the finding is about (a page reference into it), absent for a set-level finding. */
  doc?: string;
  /** Page inside that document. */
  page?: number;
  /** Text the finding's essence must contain (a missing section's code, a value). */
  says?: string;
}

export interface HoldoutSet {
  id: string;
  objectAddress: string | null;
  userRequest: string | null;
  /** Sections of the organisation's profile, all required. */
  profile: string[];
  docs: { name: string; pages?: PageSpec[]; xml?: string; role?: 'review' | 'context' }[];
  findings: Expected[];
  /** Sections the published questions ask about. */
  questions: string[];
  /** Codes of the published warnings, when there are any. */
  warnings?: string[];
}

const row = (...cells: [string, string, string]): CellSpec[] => cells.map((text, i) => ({ x: [70, 340, 430][i]!, text }));

function titlePage(head: string[], cipher: string, volume: string, foot: string): PageSpec {
  return { lines: [...head, '', 'ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ', volume, '', cipher, '', foot] };
}

// 1. Екатеринбург: a slash cipher, ТЭП as cells; stale norms, values, a cadastral number with two digits transposed (a
// question: which of the two is right is not known), numbering, a role, a reference.
const E = '215/24';
const eRoles = { 'Разраб.': 'Смирнова', 'Пров.': 'Орлов', 'Н. контр.': 'Белова', ГИП: 'Гаврилов' };
const eStamp = (mark: string, sheet: number, sheets: number, roles: Record<string, string> = eRoles): StampSpec => ({
  cipher: `${E}-${mark}`,
  sheet,
  sheets,
  roles,
});
const eTitle = (mark: string, volume: string) =>
  titlePage(
    [
      'ООО «Уралпроект»',
      'Заказчик: АО «СЗ Малышев»',
      'Многоквартирный жилой дом со встроенными помещениями',
      'по адресу: Свердловская обл., г. Екатеринбург, ул. Малышева, д. 36',
    ],
    `${E}-${mark}`,
    volume,
    'Екатеринбург 2025',
  );
const noNormControl = { 'Разраб.': 'Смирнова', 'Пров.': 'Орлов', ГИП: 'Гаврилов' };

const ekaterinburg: HoldoutSet = {
  id: 'ekaterinburg',
  objectAddress: 'г. Екатеринбург, ул. Малышева, 36',
  userRequest: null,
  profile: ['ПЗ', 'ПЗУ', 'АР', 'КР', 'ПОС', 'ПБ'],
  docs: [
    {
      name: '215_24-ПЗ.pdf',
      pages: [
        eTitle('ПЗ', 'Раздел 1. Пояснительная записка'),
        {
          lines: [
            '1. Общие сведения',
            '',
            'Проектная документация разработана на основании задания на проектирование и ГПЗУ № РФ-66-3-02-0-00-2024-1234.',
            'Земельный участок с кадастровым номером 66:41:0702010:15 расположен в Октябрьском районе.',
            'Проект выполнен в соответствии с ГОСТ Р 21.1101-2013 «СПДС. Основные требования».',
            '',
            'Технико-экономические показатели',
            row('Наименование', 'Ед. изм.', 'Значение'),
            row('Площадь участка', 'м2', '4 512,0'),
            row('Площадь застройки', 'м2', '1 210,5'),
            row('Этажность', 'эт.', '12'),
            row('Количество этажей', 'эт.', '13'),
            row('Общая площадь здания', 'м2', '8 456,30'),
            row('Строительный объем, всего', 'м3', '32 150,0'),
            row('Количество квартир', 'шт.', '144'),
          ],
          stamp: eStamp('ПЗ', 1, 2),
        },
        { lines: ['2. Сведения о функциональном назначении', 'Здание жилое, класс функциональной пожарной опасности Ф1.3.'], stamp: eStamp('ПЗ', 2, 2) },
      ],
    },
    {
      name: '215_24-ПЗУ.pdf',
      pages: [
        eTitle('ПЗУ', 'Раздел 2. Схема планировочной организации земельного участка'),
        {
          lines: [
            'Участок с кадастровым номером 66:41:0702010:51 площадью 4512 м2.',
            'Планировка выполнена по СП 42.13330.2011 «Градостроительство».',
            'Площадь застройки – 1210,5 м².',
          ],
          stamp: eStamp('ПЗУ', 1, 1),
        },
      ],
    },
    {
      name: '215_24-АР.pdf',
      pages: [
        eTitle('АР', 'Раздел 3. Объемно-планировочные и архитектурные решения'),
        {
          lines: [
            'Архитектурные решения',
            'Этажность здания: 14 этажей.',
            'Общая площадь здания — 8 456,3 м2.',
            'Всего квартир: 146.',
            'Проектирование выполнено с учетом СП 54.13330.2016.',
          ],
          stamp: eStamp('АР', 1, 3),
        },
        { lines: ['План 1 этажа'], stamp: eStamp('АР', 2, 3) },
        { lines: ['План типового этажа'], stamp: eStamp('АР', 4, 3) },
      ],
    },
    {
      name: '215_24-КР.pdf',
      pages: [
        eTitle('КР', 'Раздел 4. Конструктивные решения'),
        {
          lines: ['Конструктивная схема — монолитный каркас.', 'Схема армирования плиты перекрытия см. лист 14.', 'Нагрузки приняты по СП 20.13330.2016.'],
          stamp: eStamp('КР', 1, 2, noNormControl),
        },
        { lines: ['Схема фундаментов'], stamp: eStamp('КР', 2, 2, noNormControl) },
      ],
    },
    {
      name: '215_24-ПОС.pdf',
      pages: [
        eTitle('ПОС', 'Раздел 7. Проект организации строительства'),
        {
          lines: [
            'Строительная площадка расположена по адресу: г. Екатеринбург, ул. Малышева, д. 38.',
            'Строительный объём здания 31 150 м³.',
            'Работы вести с соблюдением СНиП 12-03-2001.',
          ],
          stamp: eStamp('ПОС', 1, 1),
        },
      ],
    },
    {
      name: '215_24-ПБ.pdf',
      pages: [
        eTitle('ПБ', 'Раздел 9. Мероприятия по обеспечению пожарной безопасности'),
        { lines: ['Степень огнестойкости — II.', 'Противопожарные расстояния приняты по СП 4.13130.2013 и СНиП 21-01-97*.'], stamp: eStamp('ПБ', 1, 1) },
      ],
    },
  ],
  findings: [
    { check: 'norms.superseded', doc: '215_24-ПЗ.pdf', page: 2, says: 'ГОСТ Р 21.1101-2013' },
    { check: 'norms.superseded', doc: '215_24-ПЗУ.pdf', page: 2, says: 'СП 42.13330.2011' },
    { check: 'norms.superseded', doc: '215_24-АР.pdf', page: 2, says: 'СП 54.13330.2016' },
    { check: 'consistency.storeys', doc: '215_24-АР.pdf', page: 2, says: '14' },
    { check: 'consistency.apartments', doc: '215_24-АР.pdf', page: 2, says: '146' },
    { check: 'consistency.building_volume', doc: '215_24-ПОС.pdf', page: 2, says: '31 150' },
    { check: 'consistency.address', doc: '215_24-ПОС.pdf', page: 2, says: 'номер дома' },
    { check: 'sheets.numbering_gap', doc: '215_24-АР.pdf', page: 3, says: 'пропущены' },
    { check: 'references.missing_target', doc: '215_24-КР.pdf', page: 2, says: 'лист 14' },
    { check: 'titleblock.missing_roles', doc: '215_24-КР.pdf', page: 2, says: 'Н. контр.' },
  ],
  // its АР holds a sheet of figures: the content map asks for the items of the Положение the volume does not disclose
  questions: ['АР', 'ПЗУ'],
  // СНиП 12-03-2001 and СНиП 21-01-97*: their replacement is unverified in the registry (U) — a warning, not a finding
  warnings: ['norms_unconfirmed'],
};

// 2. Химки: flowing paragraphs, «г.о.» in the task, long role labels, a missing section, a ГИП row missing on a drawing
// (not a defect: ГИП is a free row of the form).
const H = 'П-07-2025';
const hRoles = { Разработал: 'Ким', Проверил: 'Лось', Нормоконтроль: 'Пак', ГИП: 'Юдин' };
const hStamp = (mark: string, sheet: number, sheets: number, roles: Record<string, string> = hRoles): StampSpec => ({
  cipher: `${H}-${mark}`,
  sheet,
  sheets,
  roles,
});
const hTitle = (mark: string, volume: string) =>
  titlePage(
    ['Общество с ограниченной ответственностью «ПроектСтрой»', 'ЖИЛОЙ КОМПЛЕКС С ПОДЗЕМНОЙ АВТОСТОЯНКОЙ.', 'ЖИЛОЙ ДОМ ПОЗ. 2'],
    `${H}-${mark}`,
    volume,
    '2025 г.',
  );

const khimki: HoldoutSet = {
  id: 'khimki',
  objectAddress: 'Московская обл., г.о. Химки, г. Химки, ул. Первомайская, д. 12',
  userRequest: null,
  profile: ['ПЗ', 'ПЗУ', 'АР', 'КР', 'ИОС1', 'ПОС', 'ПБ', 'ООС'],
  docs: [
    {
      name: `Том 1_${H}-ПЗ.pdf`,
      pages: [
        hTitle('ПЗ', 'Раздел 1. Пояснительная записка'),
        { lines: ['Содержание'], stamp: hStamp('ПЗ.С', 1, 3) },
        {
          flow: 'Объект капитального строительства: жилой дом поз. 2, расположенный по адресу: Московская область, городской округ Химки, город Химки, улица Первомайская, дом 12. Кадастровый номер земельного участка: 50:10:0070102:345. Проектируемое здание — 17-этажное, односекционное, с подвалом и техническим этажом. Количество этажей — 19, в том числе подземных — 1. Расчетная нагрузка принята в соответствии с СНиП 2.01.07-85* «Нагрузки и воздействия». Теплотехнический расчет выполнен по СП 50.13330.2012. Проект разработан в соответствии с требованиями ГОСТ Р 21.101-2020.',
          lines: [],
          stamp: hStamp('ПЗ', 2, 3),
        },
        {
          lines: [
            'Основные технико-экономические показатели',
            row('Показатель', 'Ед.изм.', 'Кол-во'),
            row('Площадь земельного участка', 'га', '0,6120'),
            row('Площадь застройки', 'кв.м', '1 045,20'),
            row('Общая площадь здания', 'кв.м', '12 870,4'),
            row('Строительный объем', 'куб.м', '48 930'),
            row('в т.ч. подземной части', 'куб.м', '3 120'),
            row('Количество квартир', 'шт', '221'),
            row('Этажность', 'этаж', '17'),
          ],
          stamp: hStamp('ПЗ', 3, 3),
        },
      ],
    },
    {
      name: `Том 2_${H}-ПЗУ.pdf`,
      pages: [
        hTitle('ПЗУ', 'Раздел 2. Схема планировочной организации земельного участка'),
        {
          lines: [
            'Участок (КН 50:10:0070102:345) площадью 6 120 м2 расположен в г. Химки, ул. Первомайская, д. 12.',
            'Площадь застройки составляет 1045,2 м2.',
            'Смежный участок с КН 50:10:0070102:346.',
          ],
          stamp: hStamp('ПЗУ', 1, 1),
        },
      ],
    },
    {
      name: `Том 3_${H}-АР.pdf`,
      pages: [
        hTitle('АР', 'Раздел 3. Объемно-планировочные и архитектурные решения'),
        {
          flow: 'Проектируемый жилой дом имеет 19 этажей, в том числе подвал и технический этаж. Этажность — 18. Общая площадь здания составляет 12870,4 кв.м. Строительный объём — 48930 м3, в том числе подземной части 3120 м3. В доме запроектирована 221 квартира.',
          lines: [],
          stamp: hStamp('АР', 1, 2),
        },
        { lines: ['Фасад в осях 1-8'], stamp: hStamp('АР', 2, 2, { Разработал: 'Ким', Проверил: 'Лось', Нормоконтроль: 'Пак' }) },
      ],
    },
    {
      name: `Том 4_${H}-КР.pdf`,
      pages: [
        hTitle('КР', 'Раздел 4. Конструктивные решения'),
        {
          lines: ['Фундамент — монолитная плита, см. л. 9.', 'Армирование стен см. П-07-2025-КР2, лист 3.', 'Снеговая нагрузка по СП 20.13330.2016.'],
          stamp: hStamp('КР', 1, 2),
        },
        { lines: ['Схема плиты'], stamp: hStamp('КР', 2, 2) },
      ],
    },
    {
      name: `Том 5.1_${H}-ИОС1.pdf`,
      pages: [
        hTitle('ИОС1', 'Раздел 5. Подраздел 1. Система электроснабжения'),
        {
          lines: ['Расчетная мощность определена для 212 квартир по СП 256.1325800.2016.', 'Электроснабжение по II категории надежности.'],
          stamp: hStamp('ИОС1', 1, 1),
        },
      ],
    },
    {
      name: `Том 6_${H}-ПОС.pdf`,
      pages: [
        hTitle('ПОС', 'Раздел 7. Проект организации строительства'),
        {
          lines: [
            'Место строительства: Московская обл., г. Химки, ул. Первомайская, 14.',
            'Строительный объем здания – 48 930 м3.',
            'Охрана труда по СНиП 12-04-2002.',
          ],
          stamp: hStamp('ПОС', 1, 1),
        },
      ],
    },
    {
      name: `Том 9_${H}-ПБ.pdf`,
      pages: [
        hTitle('ПБ', 'Раздел 9. Мероприятия по обеспечению пожарной безопасности'),
        {
          lines: ['Здание высотой 52 м, 17 этажей.', 'Эвакуационные пути по СП 1.13130.2009.', 'Внутренний противопожарный водопровод по СП 10.13130.2009.'],
          stamp: hStamp('ПБ', 1, 1),
        },
      ],
    },
  ],
  findings: [
    { check: 'completeness.missing_section', says: 'ООС' },
    { check: 'norms.superseded', doc: `Том 1_${H}-ПЗ.pdf`, page: 3, says: 'СНиП 2.01.07-85' },
    { check: 'norms.superseded', doc: `Том 1_${H}-ПЗ.pdf`, page: 3, says: 'СП 50.13330.2012' },
    { check: 'norms.superseded', doc: `Том 9_${H}-ПБ.pdf`, page: 2, says: 'СП 1.13130.2009' },
    { check: 'norms.superseded', doc: `Том 9_${H}-ПБ.pdf`, page: 2, says: 'СП 10.13130.2009' },
    { check: 'consistency.storeys', doc: `Том 3_${H}-АР.pdf`, page: 2, says: '18' },
    { check: 'consistency.apartments', doc: `Том 5.1_${H}-ИОС1.pdf`, page: 2, says: '212' },
    { check: 'consistency.address', doc: `Том 6_${H}-ПОС.pdf`, page: 2, says: 'номер дома' },
    { check: 'references.missing_target', doc: `Том 4_${H}-КР.pdf`, page: 2, says: 'лист 9' },
    { check: 'references.missing_target', doc: `Том 4_${H}-КР.pdf`, page: 2, says: 'КР2' },
  ],
  // its ПЗ holds a page or two of figures: the content map asks for the items of the Положение the volume does not disclose
  questions: ['ПЗ'],
  // СНиП 12-04-2002: its replacement is unverified in the registry (U) — a warning, not a finding
  warnings: ['norms_unconfirmed'],
};

// 3. Казань, clean: addresses in four spellings, the designer's own address, the cadastral quarter and a neighbour,
// plot areas by ГПЗУ and by landscaping, «Общая площадь» of flats beside the building's, volumes below zero,
// flats per floor, current norms with the СНиП they actualise, references that resolve.
const K = '24-05';
const kRoles = { 'Разраб.': 'Галиев', 'Пров.': 'Хасанова', 'Н. контр.': 'Зиннатуллин', ГИП: 'Сафин' };
const kStamp = (mark: string, sheet: number, sheets: number): StampSpec => ({ cipher: `${K}-${mark}`, sheet, sheets, roles: kRoles });
const kTitle = (mark: string, volume: string, address = 'г. Казань, ул. Баумана, д. 15') =>
  titlePage(
    ['ООО «Казаньпроект», 420000, г. Казань, ул. Пушкина, д. 1, тел. (843) 200-00-00', '', 'Многоэтажный жилой дом', address],
    `${K}-${mark}`,
    volume,
    'Казань, 2025',
  );

const kazanClean: HoldoutSet = {
  id: 'kazan-clean',
  objectAddress: 'Республика Татарстан, г. Казань, ул. Баумана, 15',
  userRequest: null,
  profile: ['ПЗ', 'ПЗУ', 'АР', 'КР', 'ПОС'],
  docs: [
    {
      name: `${K}-ПЗ.pdf`,
      pages: [
        kTitle('ПЗ', 'Раздел 1. «Пояснительная записка»', '420111, РТ, г.Казань, ул.Баумана, дом 15'),
        {
          lines: [
            'Состав проектной документации',
            row('24-05-ПЗ', 'Раздел 1. Пояснительная записка', ''),
            row('24-05-ПЗУ', 'Раздел 2. Схема планировочной организации', ''),
            row('24-05-АР', 'Раздел 3. Объемно-планировочные решения', ''),
            row('24-05-КР', 'Раздел 4. Конструктивные решения', ''),
            row('24-05-ПОС', 'Раздел 7. Проект организации строительства', ''),
            'Кадастровый номер земельного участка 16:50:010101:25 (кадастровый квартал 16:50:010101).',
            'Площадь участка по ГПЗУ — 4 500 м². Площадь участка в границах благоустройства — 5 200 м².',
            'Нормативные документы:',
            '1. Федеральный закон от 30.12.2009 № 384-ФЗ;',
            '2. СП 20.13330.2016 «Нагрузки и воздействия» (актуализированная редакция СНиП 2.01.07-85*);',
            '3. СП 54.13330.2022 «Здания жилые многоквартирные»;',
            '4. ГОСТ Р 21.101-2020 «СПДС. Основные требования»;',
            '5. СП 42.13330.2016; СП 2.13130.2020; СП 4.13130.2013; СП 1.13130.2020;',
            '6. СП 30.13330.2020; СП 60.13330.2020; СанПиН 1.2.3685-21; СП 48.13330.2019.',
          ],
          stamp: kStamp('ПЗ', 1, 2),
        },
        {
          lines: [
            'Технико-экономические показатели',
            row('Этажность', 'эт.', '9'),
            row('Количество этажей (включая подвал)', 'эт.', '10'),
            row('Общая площадь, м2', '', '8 456,3'),
            row('Общая площадь квартир', 'м2', '6 540,2'),
            row('Площадь застройки', 'м2', '1 020,0'),
            row('Строительный объем', 'м3', '30 000'),
            row('в т.ч. ниже отм. 0,000', 'м3', '2 500'),
            row('Количество квартир', 'шт.', '80'),
            'Квартиры: 1-комнатные — 40 шт., 2-комнатные — 30 шт., 3-комнатные — 10 шт.; на этаже 9 квартир.',
          ],
          stamp: kStamp('ПЗ', 2, 2),
        },
      ],
    },
    {
      name: `${K}-ПЗУ.pdf`,
      pages: [
        kTitle('ПЗУ', 'Раздел 2. «Схема планировочной организации земельного участка»', 'Республика Татарстан, город Казань, улица Баумана, 15'),
        {
          lines: [
            'Земельный участок 16:50:010101:25 граничит с участком 16:50:010101:26.',
            'Площадь участка 0,45 га. Площадь застройки — 1020 м².',
            'Благоустройство — см. лист 2.',
          ],
          stamp: kStamp('ПЗУ', 1, 2),
        },
        { lines: ['Схема благоустройства'], stamp: kStamp('ПЗУ', 2, 2) },
      ],
    },
    {
      name: `${K}-АР.pdf`,
      pages: [
        kTitle('АР', 'Раздел 3. «Объемно-планировочные и архитектурные решения»'),
        {
          lines: [
            'Проектируемый 9-этажный жилой дом с подвалом.',
            'Количество надземных этажей — 9.',
            'Общая площадь здания 8456,3 м²; общая площадь квартир 6540,2 м².',
            'Строительный объём подземной части 2 500 м³.',
            'Всего квартир: 80, в т.ч. на типовом этаже 9 квартир.',
            'Планы этажей см. листы 2-3; разрез см. 24-05-КР, лист 2.',
          ],
          stamp: kStamp('АР', 1, 3),
        },
        { lines: ['План 1 этажа'], stamp: kStamp('АР', 2, 3) },
        { lines: ['План типового этажа (2-9 этажи)'], stamp: kStamp('АР', 3, 3) },
      ],
    },
    {
      name: `${K}-КР.pdf`,
      pages: [
        kTitle('КР', 'Раздел 4. «Конструктивные решения»'),
        {
          lines: [
            'Здание 9-этажное с подвалом. Нагрузки по СП 20.13330.2016.',
            'Бетон по СП 63.13330.2018. Основания по СП 22.13330.2016.',
            'См. также раздел 24-05-АР.',
          ],
          stamp: kStamp('КР', 1, 2),
        },
        { lines: ['Схема каркаса'], stamp: kStamp('КР', 2, 2) },
      ],
    },
    {
      name: `${K}-ПОС.pdf`,
      pages: [
        kTitle('ПОС', 'Раздел 7. «Проект организации строительства»'),
        {
          lines: [
            'Объект: 9-этажный жилой дом по адресу г. Казань, ул. Баумана, д. 15.',
            'Площадь застройки временных зданий — 120 м².',
            'Строительный объем здания – 30 000 м3.',
            'Продолжительность строительства 18 месяцев по СП 48.13330.2019.',
          ],
          stamp: kStamp('ПОС', 1, 1),
        },
      ],
    },
  ],
  findings: [],
  // its АР holds one text sheet of figures: the content map asks for the items of п. 13 the volume does not disclose
  questions: ['АР'],
};

// 4. Новосибирск: the XML note disagrees with the set (house, floors), lists a volume that was not uploaded; the task asks
// for a section the set lacks and for a comparison with the design assignment.
const N = '112-2025';
const nStamp = (mark: string): StampSpec => ({ cipher: `${N}-${mark}`, sheet: 1, sheets: 1 });
const nTitle = (mark: string, volume: string) =>
  titlePage(['ООО «НорПроект»', 'Общеобразовательная школа на 550 мест', 'по адресу: г. Новосибирск, ул. Титова, д. 40'], `${N}-${mark}`, volume, '2025');
const document = (section: string, name: string, mark: string) =>
  `<${section}><SectionContent><Document><DocName>${name}</DocName><DocNumber>${N}-${mark}</DocNumber><File><FileName>${N}-${mark}.pdf</FileName><FileFormat>pdf</FileFormat></File></Document></SectionContent></${section}>`;
const novosibirskNote = `<?xml version="1.0" encoding="UTF-8"?>
<ExplanatoryNote SchemaVersion="01.07">
  <ExplanatoryNoteNumber>${N}-ПЗ</ExplanatoryNoteNumber>
  <ExplanatoryNoteYear>2025</ExplanatoryNoteYear>
  <NonIndustrialObject>
    <Name>Общеобразовательная школа на 550 мест</Name>
    <Address><RussianAddress><Region>54</Region><City>г. Новосибирск</City><Street>ул. Титова</Street><Building>д. 42</Building></RussianAddress></Address>
    <TEI><Name>Количество этажей</Name><Measure>796</Measure><Value>4</Value></TEI>
    <TEI><Name>Общая площадь здания</Name><Measure>055</Measure><Value>9870.5</Value></TEI>
    <TEI><Name>Строительный объем</Name><Measure>113</Measure><Value>45200</Value></TEI>
    <LandInfo><LandAreaInfo><CadastralNumber>54:35:041010:77</CadastralNumber></LandAreaInfo></LandInfo>
    <ProjectDocumentation>
      ${document('Section2', 'СПОЗУ', 'ПЗУ')}
      ${document('Section3', 'АР', 'АР')}
      ${document('Section4', 'КР', 'КР')}
    </ProjectDocumentation>
  </NonIndustrialObject>
</ExplanatoryNote>`;

const novosibirsk: HoldoutSet = {
  id: 'novosibirsk-xml',
  objectAddress: 'г. Новосибирск, ул. Титова, 40',
  userRequest: 'Проверьте раздел ИОС5 (сети связи) и соответствие решений заданию на проектирование.',
  profile: ['ПЗ', 'ПЗУ', 'АР', 'КР'],
  docs: [
    { name: `${N}-ПЗ.xml`, xml: novosibirskNote },
    {
      name: `${N}-ПЗУ.pdf`,
      pages: [
        nTitle('ПЗУ', 'Раздел 2. Схема планировочной организации земельного участка'),
        { lines: ['Кадастровый номер участка 54:35:041010:77.', 'Площадь участка 2,1 га.'], stamp: nStamp('ПЗУ') },
      ],
    },
    {
      name: `${N}-АР.pdf`,
      pages: [
        nTitle('АР', 'Раздел 3. Объемно-планировочные и архитектурные решения'),
        {
          lines: ['Здание школы трехэтажное.', 'Количество этажей — 3.', 'Общая площадь здания — 9 870,5 м2.', 'Строительный объем — 45 200 м3.'],
          stamp: nStamp('АР'),
        },
      ],
    },
  ],
  // the note lists КР with its file, which was not uploaded: a part of the set, one composition warning naming it
  findings: [
    { check: 'xml.explanatory_note_mismatch', doc: `${N}-ПЗ.xml`, says: 'Адрес' },
    { check: 'xml.explanatory_note_mismatch', doc: `${N}-ПЗ.xml`, says: 'количество этажей' },
  ],
  questions: ['ИОС5', 'ОБЩ'],
  // the note is hand-written, not to the official schema: the review runs with a schema folder that holds none (holdout.test.ts), said once
  warnings: ['xml_schema_not_checked', 'composition_not_checked'],
};

// 5. Тверь: files named by section title, the address under the object's name without a label, values in thousands, Latin «SP», a volume printed with another base that
// quotes the set's own cipher, a repeated sheet number, a checker's row left without a surname.
const T = 'ЖД-31-2024';
const tRoles = { 'Разраб.': 'Иванов', 'Пров.': 'Петров', 'Н. контр.': 'Сидорова', ГИП: 'Козлов' };
const tStamp = (cipher: string, sheet: number, sheets: number, roles: Record<string, string> = tRoles): StampSpec => ({ cipher, sheet, sheets, roles });
const tTitle = (volume: string, name: string, address = 'г. Тверь, ул. Ленина, д. 5'): PageSpec => ({
  lines: ['ООО «Проект-М»', 'Жилой дом', address, '', 'ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ', volume, name, '', 'Тверь', '2024'],
});

const tver: HoldoutSet = {
  id: 'tver',
  objectAddress: null,
  userRequest: null,
  profile: ['ПЗ', 'АР', 'КР', 'ПОС'],
  docs: [
    {
      name: '01_Пояснительная записка.pdf',
      pages: [
        tTitle('Раздел 1', 'Пояснительная записка'),
        {
          lines: [
            'Объект расположен по адресу: г. Тверь, ул. Ленина, д. 5.',
            'Кадастровый номер: 69:40:0100123:1234.',
            'Девятиэтажный жилой дом на 96 квартир.',
            'Количество квартир – 96 шт.',
            'Строительный объем — 24,5 тыс. м³.',
            'Общая площадь здания — 7 230 м².',
            'Нагрузки: СНиП 2.01.07 - 85*; кровли: СНиП II-26-76; СП20.13330.2011.',
          ],
          stamp: tStamp(`${T}-ПЗ`, 1, 2),
        },
        { lines: ['Продолжение'], stamp: tStamp(`${T}-ПЗ`, 2, 2) },
      ],
    },
    {
      name: '03_Архитектурные решения.pdf',
      pages: [
        tTitle('Раздел 3', 'Объемно-планировочные и архитектурные решения'),
        {
          lines: ['Проектируемый 9-этажный жилой дом.', 'Количество квартир — 98.', 'Строительный объем здания 24 500 м3.', 'Общая площадь здания 7230,0 м2.'],
          stamp: tStamp(`${T}-АР`, 1, 3),
        },
        { lines: ['План'], stamp: tStamp(`${T}-АР`, 2, 3) },
        { lines: ['Разрез'], stamp: tStamp(`${T}-АР`, 2, 3) },
      ],
    },
    {
      name: '04_Конструктивные решения.pdf',
      pages: [
        tTitle('Раздел 4', 'Конструктивные решения'),
        {
          lines: ['Расчет конструкций выполнен по SP 63.13330.2012 и СНиП 2.03.01-84*.', 'Фундаменты см. ЖД-31-2024-КР.ГЧ, лист 2.'],
          stamp: tStamp('ЖД-13-2024-КР', 1, 2),
        },
        { lines: ['Схема'], stamp: tStamp('ЖД-13-2024-КР', 2, 2, { 'Разраб.': 'Иванов', 'Пров.': '', 'Н. контр.': 'Сидорова', ГИП: 'Козлов' }) },
      ],
    },
    {
      name: '07_ПОС.pdf',
      pages: [
        // the object's address printed without a label under its name, with another street type
        tTitle('Раздел 7', 'Проект организации строительства', 'г. Тверь, пр-т Ленина, д. 5'),
        {
          lines: ['Кадастровый номер участка 69:40:0100123:1243.', 'Объем строительный — 24 500 м³.', 'Работы по СНиП 3.01.01-85*.'],
          stamp: tStamp(`${T}-ПОС`, 1, 1),
        },
      ],
    },
  ],
  findings: [
    { check: 'norms.superseded', doc: '01_Пояснительная записка.pdf', page: 2, says: 'СНиП 2.01.07-85' },
    { check: 'norms.superseded', doc: '01_Пояснительная записка.pdf', page: 2, says: 'СНиП II-26-76' },
    { check: 'norms.superseded', doc: '01_Пояснительная записка.pdf', page: 2, says: 'СП 20.13330.2011' },
    { check: 'norms.superseded', doc: '04_Конструктивные решения.pdf', page: 2, says: 'СП 63.13330.2012' },
    { check: 'norms.superseded', doc: '04_Конструктивные решения.pdf', page: 2, says: 'СНиП 2.03.01-84' },
    { check: 'consistency.address', doc: '07_ПОС.pdf', page: 1, says: 'тип улицы' },
    { check: 'consistency.apartments', doc: '03_Архитектурные решения.pdf', page: 2, says: '98' },
    { check: 'consistency.cipher', doc: '04_Конструктивные решения.pdf', page: 2, says: 'ЖД-13-2024-КР' },
    // references to the volume by its intended cipher are left dangling by the wrong base: reported too
    { check: 'references.missing_target', doc: '04_Конструктивные решения.pdf', page: 2, says: 'ЖД-31-2024-КР' },
    { check: 'sheets.numbering_gap', doc: '03_Архитектурные решения.pdf', page: 3, says: 'повторяется' },
    { check: 'titleblock.missing_roles', doc: '04_Конструктивные решения.pdf', page: 3, says: 'Пров.' },
  ],
  // its АР holds one text sheet of figures: the content map asks for the items of п. 13 the volume does not disclose
  questions: ['АР', 'ПОС'],
  // СНиП 3.01.01-85*: its replacement is unverified in the registry (U) — a warning, not a finding
  warnings: ['norms_unconfirmed'],
};

// 6. Всеволожск: a warehouse (no flats), a ГПЗУ attached as context, a task about it and fire safety, the norms list as
// a two-cell table, ППБ 01-03, a volume referred to by a number no volume has.
const V = 'СК-18-25';
const vStamp = (mark: string): StampSpec => ({ cipher: `${V}-${mark}`, sheet: 1, sheets: 1 });
const vTitle = (n: number, name: string, mark: string): PageSpec => ({
  lines: [
    'АО «ПромПроект»',
    'Складской комплекс класса А',
    'Ленинградская обл., Всеволожский р-н, г.п. Кузьмоловское, ул. Заозерная, д. 3',
    '',
    'ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ',
    `Раздел ${n}`,
    name,
    '',
    `${V}-${mark}`,
    `Том ${n}`,
    '',
    'Санкт-Петербург',
    '2025',
  ],
});
const norm = (designation: string, title: string): CellSpec[] => [
  { x: 70, text: designation },
  { x: 250, text: title },
];

const vsevolozhsk: HoldoutSet = {
  id: 'vsevolozhsk',
  objectAddress: 'Ленинградская область, Всеволожский муниципальный район, Кузьмоловское городское поселение, ул. Заозерная, 3',
  userRequest: 'Проверьте соответствие проекта ГПЗУ и требованиям пожарной безопасности',
  profile: ['ПЗ', 'ПЗУ', 'АР', 'КР', 'ПБ'],
  docs: [
    {
      name: 'ГПЗУ.pdf',
      role: 'context',
      pages: [
        {
          lines: [
            'ГРАДОСТРОИТЕЛЬНЫЙ ПЛАН ЗЕМЕЛЬНОГО УЧАСТКА № РФ-47-4-04-0-00-2024-0123',
            'Местоположение земельного участка: Ленинградская обл., Всеволожский р-н, г.п. Кузьмоловское, ул. Заозерная, д. 3',
            'Кадастровый номер земельного участка 47:07:0502001:777',
            'Площадь земельного участка 2,5 га',
            'Предельное количество этажей — 3',
          ],
        },
      ],
    },
    {
      name: `${V}-ПЗ.pdf`,
      pages: [
        vTitle(1, 'Пояснительная записка', 'ПЗ'),
        {
          lines: [
            'Кадастровый номер участка: 47:07:0502001:777.',
            'Площадь участка — 25 000 м².',
            'Этажность — 1.',
            'Общая площадь здания — 18 450,0 м².',
            'Строительный объем — 245 000 м³.',
            'Нормативные документы:',
            norm('СП 56.13330.2021', 'Производственные здания'),
            norm('СП 57.13330.2011', 'Складские здания'),
            norm('СП 4.13130.2013', 'Ограничение распространения пожара'),
            norm('СП 52.13330.2011', 'Естественное и искусственное освещение'),
            'Решения по пожаротушению см. том 12.',
          ],
          stamp: vStamp('ПЗ'),
        },
      ],
    },
    {
      name: `${V}-АР.pdf`,
      pages: [
        vTitle(3, 'Объемно-планировочные и архитектурные решения', 'АР'),
        {
          lines: [
            'Здание одноэтажное с антресолью.',
            'Этажность — 2.',
            'Общая площадь здания — 18 450 м².',
            'Строительный объём — 245 000 м³.',
            'Количество рабочих мест — 120.',
          ],
          stamp: vStamp('АР'),
        },
      ],
    },
    {
      name: `${V}-КР.pdf`,
      pages: [
        vTitle(4, 'Конструктивные решения', 'КР'),
        { lines: ['Каркас металлический по СП 16.13330.2017.', 'Фундаменты по СП 22.13330.2016.'], stamp: vStamp('КР') },
      ],
    },
    {
      name: `${V}-ПБ.pdf`,
      pages: [
        vTitle(9, 'Мероприятия по обеспечению пожарной безопасности', 'ПБ'),
        { lines: ['Противопожарный режим — в соответствии с ППБ 01-03.', 'Категория здания по взрывопожарной опасности — В.'], stamp: vStamp('ПБ') },
      ],
    },
  ],
  findings: [
    { check: 'completeness.missing_section', says: 'ПЗУ' },
    { check: 'norms.superseded', doc: `${V}-ПЗ.pdf`, page: 2, says: 'СП 52.13330.2011' },
    { check: 'references.missing_target', doc: `${V}-ПЗ.pdf`, page: 2, says: 'том 12' },
    { check: 'consistency.storeys', doc: `${V}-АР.pdf`, page: 2, says: '2' },
    { check: 'norms.superseded', doc: `${V}-ПБ.pdf`, page: 2, says: 'ППБ 01-03' },
  ],
  questions: [],
  warnings: ['request_focus'],
};

export const HOLDOUT_SETS: readonly HoldoutSet[] = [ekaterinburg, khimki, kazanClean, novosibirsk, tver, vsevolozhsk];
