/**
 * Registry of superseded and cancelled norms that designers still cite (shared/domain/norms.md §1–§5), and of
 * designations that name no norm at all (§6).
 * `ver`: V — verified in the named source, P — edition verified, mapping from practice, C — claimed by third-party
 * registers only, U — unverified. Findings state the confidence: C/U entries ask to confirm against the official register.
 * `since`: the date the cited document stopped being in force — its first successor came into force (norms.md; in-force
 * dates of the successors from sources N and B). Where it is not known, the replacement's designation year bounds it: a
 * replacement «…2016» came into force in 2016 or 2017, so the cited one was out of force by the end of 2017 at the latest
 * (see norms/in-force.ts). A set is judged at its reference date (ГрК РФ ст. 49 ч. 5.2), not only today.
 * Refresh from ФГИС «Реестр СП» / protect.gost.ru and bump REGISTRY_VERSION on every change.
 */

export const REGISTRY_VERSION = '2026-11.3';

export type Verification = 'V' | 'P' | 'C' | 'U';

export interface NormEntry {
  /** Designation as usually cited. */
  cited: string;
  title: string;
  status: 'replaced' | 'cancelled';
  replacement: string;
  ver: Verification;
  /** Source keys of norms.md §0. */
  src: string;
  /** ISO date the cited document stopped being in force (its first successor came into force). */
  since?: string;
}

/**
 * A designation that names no norm (norms.md §6): a hybrid of two editions, a number typed under the wrong type, a register
 * code with a digit lost, an edition year that was never issued.
 */
export interface UnknownDesignation {
  /** The wrong designation, written canonically. */
  cited: string;
  status: 'unknown';
  /** The designation probably meant, or '' when the sources do not say. */
  replacement: string;
  /** What is wrong with it, in Russian, for the finding («смешение обозначений …»). */
  reason: string;
  /**
   * The designation may be real after all (an edition year the sources disagree on): the finding only asks to confirm it.
   * Structural errors (a hybrid, a lost digit, СП number under ГОСТ) are not ambiguous.
   */
  ambiguous: boolean;
  ver: Verification;
  src: string;
}

/** Whatever a norm citation can point at in the registry. */
export type RegistryEntry = NormEntry | UnknownDesignation;

/**
 * A designation no norm can have, found by rule rather than listed (norms/malformed.ts): a broken register code
 * («СП 50.1333.2012»), an edition year in the future or before the series existed.
 */
export interface MalformedDesignation {
  /** The designation as written, canonically. */
  cited: string;
  status: 'malformed';
  /** The designation probably meant, or '' when it cannot be told. */
  replacement: string;
  /** What is wrong with it, in Russian («в регистрационном коде 1333 вместо 13330»). */
  reason: string;
  /** The rule is not certain (a code one digit from two series): the finding asks to confirm. */
  ambiguous: boolean;
}

export const NORMS: readonly NormEntry[] = [
  {cited: "СНиП 2.01.07-85*", title: "Нагрузки и воздействия", status: "replaced", replacement: "СП 20.13330.2016", ver: "V", src: "K"},
  {cited: "СНиП 2.02.01-83*", title: "Основания зданий и сооружений", status: "replaced", replacement: "СП 22.13330.2016", ver: "V", src: "K"},
  {cited: "СНиП 2.02.03-85", title: "Свайные фундаменты", status: "replaced", replacement: "СП 24.13330.2021", ver: "V", src: "K"},
  {cited: "СНиП 52-01-2003", title: "Бетонные и железобетонные конструкции. Основные положения", status: "replaced", replacement: "СП 63.13330.2018", ver: "V", src: "K"},
  {cited: "СНиП II-23-81*", title: "Стальные конструкции", status: "replaced", replacement: "СП 16.13330.2017", ver: "V", src: "K"},
  {cited: "СНиП II-22-81*", title: "Каменные и армокаменные конструкции", status: "replaced", replacement: "СП 15.13330.2020", ver: "V", src: "K, A"},
  {cited: "СНиП II-25-80", title: "Деревянные конструкции", status: "replaced", replacement: "СП 64.13330.2017", ver: "V", src: "K"},
  {cited: "СНиП 2.03.11-85", title: "Защита строительных конструкций от коррозии", status: "replaced", replacement: "СП 28.13330.2017", ver: "V", src: "K, A"},
  {cited: "СНиП 3.04.03-85", title: "Защита строительных конструкций и сооружений от коррозии", status: "replaced", replacement: "СП 72.13330.2016", ver: "V", src: "K"},
  {cited: "СНиП 3.01.03-84", title: "Геодезические работы в строительстве", status: "replaced", replacement: "СП 126.13330.2017", ver: "V", src: "K"},
  {cited: "СНиП 3.06.07-86", title: "Мосты и трубы. Правила обследований и испытаний", status: "replaced", replacement: "СП 79.13330.2012", ver: "V", src: "K"},
  {cited: "СНиП 31-01-2003", title: "Здания жилые многоквартирные", status: "replaced", replacement: "СП 54.13330.2022", ver: "V", src: "K, B"},
  {cited: "СНиП 23-02-2003", title: "Тепловая защита зданий", status: "replaced", replacement: "СП 50.13330.2024", ver: "V", src: "K; W: СП 50.13330.2012 в действии с 01.07.2013", since: "2013-07-01"},
  {cited: "СНиП 23-05-95*", title: "Естественное и искусственное освещение", status: "replaced", replacement: "СП 52.13330.2016", ver: "V", src: "A, N"},
  {cited: "СНиП 23-01-99*", title: "Строительная климатология", status: "replaced", replacement: "СП 131.13330.2020", ver: "V", src: "L:53755750051, A"},
  {cited: "СНиП 12-01-2004", title: "Организация строительства", status: "replaced", replacement: "СП 48.13330.2019", ver: "V", src: "A, N"},
  {cited: "СНиП 3.05.06-85", title: "Электротехнические устройства", status: "replaced", replacement: "СП 76.13330.2016", ver: "V", src: "A, N", since: "2017-06-17"},
  {cited: "СНиП 2.07.01-89*", title: "Градостроительство. Планировка и застройка городских и сельских поселений", status: "replaced", replacement: "СП 42.13330.2016", ver: "V", src: "A"},
  {cited: "СНиП 21-02-99*", title: "Стоянки автомобилей", status: "replaced", replacement: "СП 113.13330.2023", ver: "V", src: "A"},
  {cited: "СНиП 31-06-2009", title: "Общественные здания и сооружения", status: "replaced", replacement: "СП 118.13330.2022", ver: "V", src: "A, B"},
  {cited: "СНиП 35-01-2001", title: "Доступность зданий и сооружений для маломобильных групп населения", status: "replaced", replacement: "СП 59.13330.2020", ver: "V", src: "A"},
  {cited: "СНиП 3.01.04-87", title: "Приемка в эксплуатацию законченных строительством объектов", status: "replaced", replacement: "СП 68.13330.2017", ver: "V", src: "A"},
  {cited: "СНиП 3.02.01-87", title: "Земляные сооружения, основания и фундаменты", status: "replaced", replacement: "СП 45.13330.2017", ver: "V", src: "A"},
  {cited: "СНиП 3.04.01-87", title: "Изоляционные и отделочные покрытия", status: "replaced", replacement: "СП 71.13330.2017", ver: "V", src: "A"},
  {cited: "СНиП 3.05.04-85*", title: "Наружные сети и сооружения водоснабжения и канализации", status: "replaced", replacement: "СП 129.13330.2019", ver: "V", src: "A"},
  {cited: "СНиП 3.05.05-84", title: "Технологическое оборудование и технологические трубопроводы", status: "replaced", replacement: "СП 75.13330.2011", ver: "V", src: "A"},
  {cited: "СНиП 2.01.51-90", title: "Инженерно-технические мероприятия гражданской обороны", status: "replaced", replacement: "СП 165.1325800.2014", ver: "V", src: "M"},
  {cited: "СНиП 2.05.03-84*", title: "Мосты и трубы", status: "replaced", replacement: "СП 35.13330.2011", ver: "V", src: "L:65892868846"},
  {cited: "СНиП 41-01-2003", title: "Отопление, вентиляция и кондиционирование", status: "replaced", replacement: "СП 60.13330.2020", ver: "P", src: "—"},
  {cited: "СНиП 2.04.01-85*", title: "Внутренний водопровод и канализация зданий", status: "replaced", replacement: "СП 30.13330.2020", ver: "P", src: "B"},
  {cited: "СНиП 2.04.02-84*", title: "Водоснабжение. Наружные сети и сооружения", status: "replaced", replacement: "СП 31.13330.2021", ver: "P", src: "L:53852228700"},
  {cited: "СНиП 2.04.03-85", title: "Канализация. Наружные сети и сооружения", status: "replaced", replacement: "СП 32.13330.2018", ver: "P", src: "L:66510759237"},
  {cited: "СНиП 41-03-2003", title: "Тепловая изоляция оборудования и трубопроводов", status: "replaced", replacement: "СП 61.13330.2012", ver: "P", src: "L:52165817136"},
  {cited: "СНиП 23-03-2003", title: "Защита от шума", status: "replaced", replacement: "СП 51.13330.2011", ver: "P", src: "L:52165817136"},
  {cited: "СНиП II-26-76", title: "Кровли", status: "replaced", replacement: "СП 17.13330.2017", ver: "P", src: "L:22720500600"},
  {cited: "СНиП II-7-81*", title: "Строительство в сейсмических районах", status: "replaced", replacement: "СП 14.13330.2018", ver: "P", src: "L:59684389297"},
  {cited: "СНиП 11-02-96", title: "Инженерные изыскания для строительства. Основные положения", status: "replaced", replacement: "СП 47.13330.2016", ver: "P", src: "L:59684389297"},
  {cited: "СНиП 3.03.01-87", title: "Несущие и ограждающие конструкции", status: "replaced", replacement: "СП 70.13330.2012", ver: "P", src: "A"},
  {cited: "СНиП 3.05.01-85", title: "Внутренние санитарно-технические системы", status: "replaced", replacement: "СП 73.13330.2016", ver: "P", src: "L:58558266104"},
  {cited: "СНиП II-11-77*", title: "Защитные сооружения гражданской обороны", status: "replaced", replacement: "СП 88.13330.2022", ver: "P", src: "L:59518460685"},
  {cited: "СНиП 41-02-2003", title: "Тепловые сети", status: "replaced", replacement: "СП 124.13330.2012", ver: "U", src: "—"},
  {cited: "СНиП 42-01-2002", title: "Газораспределительные системы", status: "replaced", replacement: "СП 62.13330.2011", ver: "U", src: "—"},
  {cited: "СНиП 2.03.13-88", title: "Полы", status: "replaced", replacement: "СП 29.13330.2011", ver: "U", src: "—"},
  {cited: "СНиП 31-02-2001", title: "Дома жилые одноквартирные", status: "replaced", replacement: "СП 55.13330.2016", ver: "U", src: "—"},
  {cited: "СНиП 31-03-2001", title: "Производственные здания", status: "replaced", replacement: "СП 56.13330.2021", ver: "U", src: "—"},
  {cited: "СНиП 31-04-2001", title: "Складские здания", status: "replaced", replacement: "СП 57.13330.2011", ver: "U", src: "—"},
  {cited: "СНиП 2.09.04-87*", title: "Административные и бытовые здания", status: "replaced", replacement: "СП 44.13330.2011", ver: "U", src: "—"},
  {cited: "СНиП II-89-80*", title: "Генеральные планы промышленных предприятий", status: "replaced", replacement: "СП 18.13330.2019", ver: "U", src: "—"},
  {cited: "СНиП 2.05.02-85*", title: "Автомобильные дороги", status: "replaced", replacement: "СП 34.13330.2021", ver: "U", src: "—"},
  {cited: "СНиП 2.08.01-89*", title: "Жилые здания", status: "replaced", replacement: "СП 54.13330.2022", ver: "U", src: "—"},
  {cited: "СНиП 2.08.02-89*", title: "Общественные здания и сооружения", status: "replaced", replacement: "СП 118.13330.2022", ver: "U", src: "—"},
  {cited: "СНиП 2.04.05-91*", title: "Отопление, вентиляция и кондиционирование", status: "replaced", replacement: "СП 60.13330.2020", ver: "U", src: "—"},
  {cited: "СНиП II-3-79*", title: "Строительная теплотехника", status: "replaced", replacement: "СП 50.13330.2024", ver: "U", src: "—"},
  {cited: "СНиП 2.01.01-82", title: "Строительная климатология и геофизика", status: "replaced", replacement: "СП 131.13330.2020", ver: "U", src: "—"},
  {cited: "СНиП II-4-79", title: "Естественное и искусственное освещение", status: "replaced", replacement: "СП 52.13330.2016", ver: "U", src: "—"},
  {cited: "СНиП 3.01.01-85*", title: "Организация строительного производства", status: "replaced", replacement: "СП 48.13330.2019", ver: "U", src: "—"},
  {cited: "СНиП 21-01-97*", title: "Пожарная безопасность зданий и сооружений", status: "replaced", replacement: "по предмету ссылки: СП 2.13130.2020, СП 4.13130.2013, СП 1.13130.2020 и Федеральный закон № 123-ФЗ", ver: "U", src: "—"},
  {cited: "СНиП 12-03-2001", title: "Безопасность труда в строительстве. Часть 1", status: "replaced", replacement: "Правила по охране труда при строительстве, реконструкции и ремонте (приказ Минтруда № 883н)", ver: "U", src: "A"},
  {cited: "СНиП 12-04-2002", title: "Безопасность труда в строительстве. Часть 2", status: "replaced", replacement: "Правила по охране труда при строительстве, реконструкции и ремонте (приказ Минтруда № 883н)", ver: "U", src: "A"},
  {cited: "СНиП 11-01-95", title: "Инструкция о порядке разработки … проектной документации", status: "cancelled", replacement: "Положение о составе разделов ПД (ПП РФ № 87) и ГОСТ Р 21.101", ver: "U", src: "—"},
  {cited: "СП 5.13130.2009", title: "Установки пожарной сигнализации и пожаротушения автоматические", status: "replaced", replacement: "СП 484.1311500.2020, СП 485.1311500.2020, СП 486.1311500.2020", ver: "V", src: "R, N", since: "2021-03-01"},
  {cited: "СП 1.13130.2009", title: "Эвакуационные пути и выходы", status: "replaced", replacement: "СП 1.13130.2020", ver: "P", src: "—"},
  {cited: "СП 2.13130.2012", title: "Обеспечение огнестойкости объектов защиты", status: "replaced", replacement: "СП 2.13130.2020", ver: "P", src: "—"},
  {cited: "СП 3.13130.2009", title: "Система оповещения и управления эвакуацией людей при пожаре", status: "replaced", replacement: "СП 3.13130.2026", ver: "C", src: "N", since: "2026-06-01"},
  {cited: "СП 6.13130.2013", title: "Электрооборудование систем противопожарной защиты", status: "replaced", replacement: "СП 6.13130.2021", ver: "U", src: "—"},
  {cited: "СП 6.13130.2021", title: "Системы противопожарной защиты. Электрооборудование", status: "replaced", replacement: "СП 6.13130.2025", ver: "C", src: "N", since: "2026-06-29"},
  {cited: "СП 8.13130.2009", title: "Источники наружного противопожарного водоснабжения", status: "replaced", replacement: "СП 8.13130.2020", ver: "P", src: "L:66510759237"},
  {cited: "СП 10.13130.2009", title: "Внутренний противопожарный водопровод", status: "replaced", replacement: "СП 10.13130.2020", ver: "V", src: "B", since: "2021-01-27"},
  {cited: "НПБ 88-2001*", title: "Установки пожаротушения и сигнализации. Нормы и правила проектирования", status: "cancelled", replacement: "СП 484.1311500.2020, СП 485.1311500.2020, СП 486.1311500.2020", ver: "U", src: "—"},
  {cited: "НПБ 110-03", title: "Перечень зданий … подлежащих защите АУПТ и АПС", status: "cancelled", replacement: "СП 486.1311500.2020", ver: "U", src: "—"},
  {cited: "НПБ 104-03", title: "Системы оповещения и управления эвакуацией людей при пожарах", status: "cancelled", replacement: "СП 3.13130", ver: "U", src: "—"},
  {cited: "НПБ 105-03", title: "Определение категорий помещений по взрывопожарной и пожарной опасности", status: "cancelled", replacement: "СП 12.13130.2009", ver: "U", src: "—"},
  {cited: "ПП РФ от 25.04.2012 № 390", title: "Правила противопожарного режима", status: "cancelled", replacement: "ПП РФ от 16.09.2020 № 1479", ver: "V", src: "A", since: "2021-01-01"},
  {cited: "СП 54.13330.2011", title: "", status: "replaced", replacement: "СП 54.13330.2022", ver: "V", src: "K, B"},
  {cited: "СП 54.13330.2016", title: "", status: "replaced", replacement: "СП 54.13330.2022", ver: "V", src: "K, B", since: "2022-06-14"},
  {cited: "СП 118.13330.2012", title: "", status: "replaced", replacement: "СП 118.13330.2022", ver: "V", src: "A, B", since: "2022-06-20"},
  {cited: "СП 113.13330.2012", title: "", status: "replaced", replacement: "СП 113.13330.2023", ver: "V", src: "A"},
  {cited: "СП 113.13330.2016", title: "", status: "replaced", replacement: "СП 113.13330.2023", ver: "V", src: "A; L:52239594404"},
  {cited: "СП 50.13330.2012", title: "", status: "replaced", replacement: "СП 50.13330.2024", ver: "V", src: "K"},
  {cited: "СП 48.13330.2011", title: "", status: "replaced", replacement: "СП 48.13330.2019", ver: "V", src: "A, N", since: "2020-06-25"},
  {cited: "СП 15.13330.2012", title: "", status: "replaced", replacement: "СП 15.13330.2020", ver: "V", src: "A"},
  {cited: "СП 59.13330.2012", title: "", status: "replaced", replacement: "СП 59.13330.2020", ver: "P", src: "A"},
  {cited: "СП 59.13330.2016", title: "", status: "replaced", replacement: "СП 59.13330.2020", ver: "P", src: "A"},
  {cited: "СП 60.13330.2012", title: "", status: "replaced", replacement: "СП 60.13330.2020", ver: "P", src: "—"},
  {cited: "СП 60.13330.2016", title: "", status: "replaced", replacement: "СП 60.13330.2020", ver: "P", src: "—"},
  {cited: "СП 30.13330.2012", title: "", status: "replaced", replacement: "СП 30.13330.2020", ver: "P", src: "B"},
  {cited: "СП 30.13330.2016", title: "", status: "replaced", replacement: "СП 30.13330.2020", ver: "P", src: "B", since: "2021-04-08"},
  {cited: "СП 31.13330.2012", title: "", status: "replaced", replacement: "СП 31.13330.2021", ver: "P", src: "—"},
  {cited: "СП 24.13330.2011", title: "", status: "replaced", replacement: "СП 24.13330.2021", ver: "P", src: "K"},
  {cited: "СП 63.13330.2012", title: "", status: "replaced", replacement: "СП 63.13330.2018", ver: "P", src: "K"},
  {cited: "СП 16.13330.2011", title: "", status: "replaced", replacement: "СП 16.13330.2017", ver: "P", src: "K"},
  {cited: "СП 20.13330.2011", title: "", status: "replaced", replacement: "СП 20.13330.2016", ver: "P", src: "K"},
  {cited: "СП 22.13330.2011", title: "", status: "replaced", replacement: "СП 22.13330.2016", ver: "P", src: "K"},
  {cited: "СП 131.13330.2012", title: "", status: "replaced", replacement: "СП 131.13330.2020", ver: "P", src: "A"},
  {cited: "СП 131.13330.2018", title: "", status: "replaced", replacement: "СП 131.13330.2020", ver: "P", src: "A"},
  {cited: "СП 42.13330.2011", title: "", status: "replaced", replacement: "СП 42.13330.2016", ver: "P", src: "A"},
  {cited: "СП 134.13330.2012", title: "", status: "replaced", replacement: "СП 134.13330.2022", ver: "P", src: "A, N", since: "2022-11-15"},
  {cited: "СП 31-110-2003", title: "Проектирование и монтаж электроустановок жилых и общественных зданий", status: "replaced", replacement: "СП 256.1325800.2016", ver: "V", src: "R, N", since: "2017-02-17"},
  {cited: "ВСН 59-88", title: "Электрооборудование жилых и общественных зданий", status: "replaced", replacement: "СП 256.1325800.2016", ver: "V", src: "R"},
  {cited: "ВСН 60-89", title: "Устройства связи, сигнализации и диспетчеризации инженерного оборудования", status: "replaced", replacement: "СП 134.13330.2022", ver: "V", src: "A"},
  {cited: "СП 11-105-97", title: "Инженерно-геологические изыскания для строительства", status: "replaced", replacement: "СП 446.1325800.2019", ver: "U", src: "—"},
  {cited: "ГОСТ 21.101-97", title: "СПДС. Основные требования к проектной и рабочей документации", status: "replaced", replacement: "ГОСТ Р 21.101-2020", ver: "U", src: "—"},
  {cited: "ГОСТ Р 21.1101-2009", title: "СПДС. Основные требования к проектной и рабочей документации", status: "replaced", replacement: "ГОСТ Р 21.101-2020", ver: "U", src: "—"},
  {cited: "ГОСТ Р 21.1101-2013", title: "СПДС. Основные требования к проектной и рабочей документации", status: "replaced", replacement: "ГОСТ Р 21.101-2020", ver: "P", src: "N", since: "2021-01-01"},
  {cited: "ГОСТ Р 21.101-2020", title: "СПДС. Основные требования к проектной и рабочей документации", status: "replaced", replacement: "ГОСТ Р 21.101-2026", ver: "C", src: "N, G", since: "2026-04-01"},
  {cited: "ГОСТ 2.105-95", title: "ЕСКД. Общие требования к текстовым документам", status: "replaced", replacement: "ГОСТ 2.105-2019", ver: "P", src: "—"},
  {cited: "ГОСТ 2.106-96", title: "ЕСКД. Текстовые документы", status: "replaced", replacement: "ГОСТ 2.106-2019", ver: "U", src: "—"},
  {cited: "ГОСТ 2.104-2006", title: "ЕСКД. Основные надписи", status: "replaced", replacement: "ГОСТ 2.104-2023", ver: "U", src: "—"},
  {cited: "ГОСТ 21.501-2011", title: "СПДС. Правила выполнения рабочей документации архитектурных и конструктивных решений", status: "replaced", replacement: "ГОСТ Р 21.501-2018", ver: "U", src: "—"},
  {cited: "ГОСТ 21.508-93", title: "СПДС. Правила выполнения рабочей документации генеральных планов", status: "replaced", replacement: "ГОСТ Р 21.508-2020", ver: "U", src: "—"},
  {cited: "ГОСТ 21.204-93", title: "СПДС. Условные графические обозначения элементов генеральных планов", status: "replaced", replacement: "ГОСТ Р 21.204-2020", ver: "U", src: "—"},
  {cited: "ГОСТ 21.110-95", title: "СПДС. Спецификация оборудования, изделий и материалов", status: "replaced", replacement: "ГОСТ 21.110-2013", ver: "P", src: "B", since: "2015-01-01"},
  {cited: "ГОСТ 21.601-79", title: "СПДС. Водопровод и канализация. Рабочие чертежи", status: "replaced", replacement: "ГОСТ 21.601-2011", ver: "P", src: "B", since: "2013-05-01"},
  {cited: "ГОСТ 21.602-2003", title: "СПДС. Правила выполнения рабочей документации отопления, вентиляции и кондиционирования", status: "replaced", replacement: "ГОСТ 21.602-2016", ver: "P", src: "L:52165817136"},
  {cited: "ГОСТ 21.608-84", title: "СПДС. Внутреннее электрическое освещение", status: "replaced", replacement: "ГОСТ 21.608-2014", ver: "P", src: "N", since: "2015-07-01"},
  {cited: "ГОСТ 21.613-88", title: "СПДС. Силовое электрооборудование", status: "replaced", replacement: "ГОСТ 21.613-2014", ver: "P", src: "N", since: "2015-07-01"},
  {cited: "ГОСТ 21.614-88", title: "Изображения условные графические электрооборудования и проводок на планах", status: "replaced", replacement: "ГОСТ 21.210-2014", ver: "U", src: "N", since: "2015-07-01"},
  {cited: "ГОСТ 21.404-85", title: "Автоматизация технологических процессов. Обозначения условные приборов", status: "replaced", replacement: "ГОСТ 21.208-2013", ver: "P", src: "N", since: "2014-11-01"},
  {cited: "ГОСТ 21.408-93", title: "СПДС. Правила выполнения рабочей документации автоматизации технологических процессов", status: "replaced", replacement: "ГОСТ 21.408-2013", ver: "P", src: "N", since: "2015-01-01"},
  {cited: "ГОСТ Р 21.1703-2000", title: "СПДС. Правила выполнения рабочей документации проводных средств связи", status: "replaced", replacement: "ГОСТ Р 21.703-2020", ver: "V", src: "N", since: "2021-01-01"},
  {cited: "ГОСТ 21.1001-2009", title: "СПДС. Общие положения", status: "replaced", replacement: "ГОСТ 21.001-2013", ver: "U", src: "—"},
  {cited: "ГОСТ 21.502-2007", title: "СПДС. Правила выполнения документации металлических конструкций", status: "replaced", replacement: "ГОСТ 21.502-2016", ver: "U", src: "—"},
  {cited: "ГОСТ 21.604-82", title: "Водоснабжение и канализация. Наружные сети. Рабочие чертежи", status: "replaced", replacement: "ГОСТ 21.704-2011", ver: "U", src: "—"},
  {cited: "ГОСТ 21.605-82", title: "Сети тепловые (тепломеханическая часть). Рабочие чертежи", status: "replaced", replacement: "ГОСТ 21.705-2016", ver: "U", src: "—"},
  {cited: "ГОСТ 21.609-83", title: "Газоснабжение. Внутренние устройства. Рабочие чертежи", status: "replaced", replacement: "ГОСТ 21.609-2014", ver: "U", src: "—"},
  {cited: "ГОСТ 21.607-82", title: "Электрическое освещение территории промышленных предприятий", status: "replaced", replacement: "ГОСТ 21.607-2014", ver: "U", src: "—"},
  {cited: "ГОСТ 21.205-93", title: "Условные обозначения элементов санитарно-технических систем", status: "replaced", replacement: "ГОСТ 21.205-2016", ver: "U", src: "—"},
  {cited: "ГОСТ 21.206-93", title: "Условные обозначения трубопроводов", status: "replaced", replacement: "ГОСТ 21.206-2012", ver: "U", src: "—"},
  {cited: "ГОСТ 26411-85", title: "Кабели контрольные. Общие технические условия", status: "replaced", replacement: "ГОСТ 26411-2024", ver: "C", src: "N", since: "2025-07-01"},
  {cited: "ГОСТ Р 53246-2008", title: "Системы кабельные структурированные. Проектирование основных узлов системы", status: "replaced", replacement: "ГОСТ Р 53246-2025", ver: "C", src: "N", since: "2026-02-01"},
  {cited: "ГОСТ Р МЭК 62305-3-2010", title: "Менеджмент риска. Защита от молнии. Часть 3", status: "replaced", replacement: "ГОСТ Р 59789-2021", ver: "C", src: "A"},
  {cited: "СанПиН 2.1.2.2645-10", title: "Санитарно-эпидемиологические требования к условиям проживания в жилых зданиях", status: "cancelled", replacement: "СанПиН 2.1.3684-21 и СанПиН 1.2.3685-21", ver: "U", src: "—"},
  {cited: "СанПиН 2.2.1/2.1.1.1076-01", title: "Гигиенические требования к инсоляции", status: "cancelled", replacement: "СанПиН 1.2.3685-21 и СанПиН 2.1.3684-21", ver: "U", src: "—"},
  {cited: "СанПиН 2.4.2.2821-10", title: "Санитарно-эпидемиологические требования к условиям обучения в общеобразовательных учреждениях", status: "cancelled", replacement: "СП 2.4.3648-20", ver: "U", src: "—"},
  {cited: "СанПиН 2.4.1.3049-13", title: "Санитарно-эпидемиологические требования к дошкольным образовательным организациям", status: "cancelled", replacement: "СП 2.4.3648-20", ver: "U", src: "—"},
  {cited: "ПП РФ от 04.07.2020 № 985", title: "Перечень национальных стандартов и сводов правил (обязательное применение)", status: "cancelled", replacement: "ПП РФ от 28.05.2021 № 815", ver: "P", src: "A"},
  {cited: "ПП РФ от 26.12.2014 № 1521", title: "Перечень национальных стандартов и сводов правил (обязательное применение)", status: "cancelled", replacement: "ПП РФ от 28.05.2021 № 815", ver: "P", src: "A"},
  {cited: "МДС 81-35.2004", title: "Методика определения стоимости строительной продукции", status: "cancelled", replacement: "Методика, утв. приказом Минстроя России от 04.08.2020 № 421/пр", ver: "U", src: "L:53163417682"},
  // Product standards cited in specifications and notes (added 2026-11; W — public norm-status and text pages: ohranatruda.ru,
  // runormy.ru, normlex.com, bestprofi.com, penoglas.ru, scribd copies of the standards; L:id — public code quoting the edition).
  // V where a page states the replacement and its date; P where the successor edition is verified and the mapping (or a
  // chain of intermediate editions) is from practice.
  {cited: "ГОСТ 380-60", title: "Сталь углеродистая обыкновенного качества", status: "replaced", replacement: "ГОСТ 380-2005", ver: "V", src: "W (ГОСТ 380-71 взамен ГОСТ 380-60 с 01.01.72; ГОСТ 380-2005 с 01.07.2008)", since: "1972-01-01"},
  {cited: "ГОСТ 380-94", title: "Сталь углеродистая обыкновенного качества. Марки", status: "replaced", replacement: "ГОСТ 380-2005", ver: "V", src: "W", since: "2008-07-01"},
  {cited: "ГОСТ 535-58", title: "Прокат сортовой и фасонный из стали углеродистой обыкновенного качества", status: "replaced", replacement: "ГОСТ 535-2005", ver: "P", src: "W (цепочка 535-79 → 535-88 → 535-2005)"},
  {cited: "ГОСТ 535-88", title: "Прокат сортовой и фасонный из стали углеродистой обыкновенного качества. Общие технические условия", status: "replaced", replacement: "ГОСТ 535-2005", ver: "V", src: "W", since: "2008-07-01"},
  {cited: "ГОСТ 8240-72", title: "Швеллеры стальные горячекатаные. Сортамент", status: "replaced", replacement: "ГОСТ 8240-97", ver: "P", src: "W (ГОСТ 8240-89 с 01.07.90, ГОСТ 8240-97 с 01.01.2002)", since: "1990-07-01"},
  {cited: "ГОСТ 8509-72", title: "Уголки стальные горячекатаные равнополочные. Сортамент", status: "replaced", replacement: "ГОСТ 8509-93", ver: "P", src: "W (цепочка 8509-86 → 8509-93)"},
  {cited: "ГОСТ 103-76", title: "Полоса стальная горячекатаная. Сортамент", status: "replaced", replacement: "ГОСТ 103-2006", ver: "P", src: "W"},
  {cited: "ГОСТ 19903-74", title: "Прокат листовой горячекатаный. Сортамент", status: "replaced", replacement: "ГОСТ 19903-2015", ver: "P", src: "W"},
  {cited: "ГОСТ 27772-2015", title: "Прокат для строительных стальных конструкций. Общие технические условия", status: "replaced", replacement: "ГОСТ 27772-2021", ver: "P", src: "L:53971672518"},
  {cited: "ГОСТ 9573-96", title: "Плиты из минеральной ваты на синтетическом связующем теплоизоляционные. Технические условия", status: "replaced", replacement: "ГОСТ 9573-2012", ver: "V", src: "W", since: "2013-07-01"},
  {cited: "ГОСТ 6465-76", title: "Эмали ПФ-115. Технические условия", status: "replaced", replacement: "ГОСТ 6465-2023", ver: "P", src: "W"},
  {cited: "ГОСТ 25129-82", title: "Грунтовка ГФ-021. Технические условия", status: "replaced", replacement: "ГОСТ 25129-2020", ver: "P", src: "L:52453024263"},
  // Earlier editions and documents added in 2026-11 (source key W: public norm-status pages — docs.cntd.ru, russiangost.com, gisprofi.com, normacs.info).
  {cited: "СП 52.13330.2011", title: "Естественное и искусственное освещение", status: "replaced", replacement: "СП 52.13330.2016", ver: "V", src: "W, N", since: "2017-05-08"},
  {cited: "СП 14.13330.2014", title: "Строительство в сейсмических районах", status: "replaced", replacement: "СП 14.13330.2018", ver: "V", src: "W"},
  {cited: "СП 17.13330.2011", title: "Кровли", status: "replaced", replacement: "СП 17.13330.2017", ver: "V", src: "W"},
  {cited: "СП 28.13330.2012", title: "Защита строительных конструкций от коррозии", status: "replaced", replacement: "СП 28.13330.2017", ver: "V", src: "W"},
  {cited: "СП 4.13130.2009", title: "Ограничение распространения пожара на объектах защиты", status: "replaced", replacement: "СП 4.13130.2013", ver: "V", src: "W"},
  {cited: "СП 25.13330.2012", title: "Основания и фундаменты на вечномерзлых грунтах", status: "replaced", replacement: "СП 25.13330.2020", ver: "P", src: "W"},
  {cited: "СП 32.13330.2012", title: "Канализация. Наружные сети и сооружения", status: "replaced", replacement: "СП 32.13330.2018", ver: "P", src: "W; L:66510759237"},
  {cited: "СП 47.13330.2012", title: "Инженерные изыскания для строительства", status: "replaced", replacement: "СП 47.13330.2016", ver: "P", src: "W; L:59684389297"},
  {cited: "СП 126.13330.2012", title: "Геодезические работы в строительстве", status: "replaced", replacement: "СП 126.13330.2017", ver: "P", src: "W; K"},
  {cited: "СП 129.13330.2011", title: "Наружные сети и сооружения водоснабжения и канализации", status: "replaced", replacement: "СП 129.13330.2019", ver: "P", src: "A"},
  {cited: "СП 56.13330.2011", title: "Производственные здания", status: "replaced", replacement: "СП 56.13330.2021", ver: "P", src: "W"},
  {cited: "СП 34.13330.2012", title: "Автомобильные дороги", status: "replaced", replacement: "СП 34.13330.2021", ver: "U", src: "—"},
  {cited: "СНиП 2.03.01-84*", title: "Бетонные и железобетонные конструкции", status: "replaced", replacement: "СП 63.13330.2018", ver: "P", src: "K"},
  {cited: "СНиП 2.01.02-85*", title: "Противопожарные нормы", status: "replaced", replacement: "СНиП 21-01-97*, ныне СП 2.13130.2020, СП 4.13130.2013 и Федеральный закон № 123-ФЗ", ver: "P", src: "W"},
  {cited: "ППБ 01-03", title: "Правила пожарной безопасности в Российской Федерации", status: "cancelled", replacement: "Правила противопожарного режима (ПП РФ от 16.09.2020 № 1479)", ver: "V", src: "W"},
  {cited: "СанПиН 2.1.4.1074-01", title: "Питьевая вода. Гигиенические требования к качеству воды централизованных систем питьевого водоснабжения", status: "cancelled", replacement: "СанПиН 1.2.3685-21 и СанПиН 2.1.3684-21", ver: "P", src: "W"},
  {cited: "ГОСТ Р 53778-2010", title: "Здания и сооружения. Правила обследования и мониторинга технического состояния", status: "cancelled", replacement: "ГОСТ 31937-2024", ver: "P", src: "W"},
  {cited: "ГОСТ 31937-2011", title: "Здания и сооружения. Правила обследования и мониторинга технического состояния", status: "replaced", replacement: "ГОСТ 31937-2024", ver: "C", src: "W"},
];

const EDITION = 'редакция с таким годом не найдена среди действующих и заменённых редакций этого документа';

/** Designations that do not exist (norms.md §6, source A: «FORCE_AMBIGUOUS_REMOVALS», «MANUAL_CATALOG»). */
export const UNKNOWN_DESIGNATIONS: readonly UnknownDesignation[] = [
  {cited: "ГОСТ Р 21.101-2013", status: "unknown", replacement: "ГОСТ Р 21.1101-2013 или ГОСТ Р 21.101-2020", reason: "смешение обозначений ГОСТ Р 21.1101-2013 и ГОСТ Р 21.101-2020", ambiguous: false, ver: "C", src: "A"},
  {cited: "ГОСТ 70.13330.2012", status: "unknown", replacement: "СП 70.13330.2012", reason: "номер свода правил записан с обозначением ГОСТ", ambiguous: false, ver: "C", src: "A"},
  {cited: "СП 26.1325800.2016", status: "unknown", replacement: "СП 256.1325800.2016", reason: "свода правил № 26 с регистрационным кодом 1325800 нет, в номере пропущена цифра", ambiguous: false, ver: "C", src: "A"},
  {cited: "СП 131.1330.2020", status: "unknown", replacement: "СП 131.13330.2020", reason: "в регистрационном коде пропущена цифра (1330 вместо 13330)", ambiguous: false, ver: "C", src: "A"},
  {cited: "СП 484.131500.2020", status: "unknown", replacement: "СП 484.1311500.2020", reason: "в регистрационном коде пропущена цифра (131500 вместо 1311500)", ambiguous: false, ver: "C", src: "A"},
  {cited: "СО 2507-1-2015", status: "unknown", replacement: "", reason: "стандарта с префиксом «СО» и таким номером нет; вероятно, при наборе или распознавании текста от префикса «ИСО» осталось «СО»", ambiguous: false, ver: "C", src: "A"},
  {cited: "СП 3.13130.2020", status: "unknown", replacement: "СП 3.13130.2009", reason: EDITION, ambiguous: true, ver: "C", src: "A"},
  {cited: "СП 15.13330.2019", status: "unknown", replacement: "СП 15.13330.2020", reason: EDITION, ambiguous: true, ver: "C", src: "A"},
  {cited: "СП 49.13330.2012", status: "unknown", replacement: "", reason: EDITION, ambiguous: true, ver: "C", src: "A"},
  {cited: "СП 58.13330.2020", status: "unknown", replacement: "", reason: EDITION, ambiguous: true, ver: "C", src: "A"},
  {cited: "СП 66.13330.2020", status: "unknown", replacement: "", reason: EDITION, ambiguous: true, ver: "C", src: "A"},
  {cited: "СП 73.13330.2022", status: "unknown", replacement: "СП 73.13330.2016", reason: EDITION, ambiguous: true, ver: "C", src: "A"},
  {cited: "СП 132.13330.2020", status: "unknown", replacement: "", reason: EDITION, ambiguous: true, ver: "C", src: "A"},
  {cited: "СП 132.13330.2022", status: "unknown", replacement: "", reason: EDITION, ambiguous: true, ver: "C", src: "A"},
  {cited: "ГОСТ 21.601-2021", status: "unknown", replacement: "ГОСТ 21.601-2011", reason: EDITION, ambiguous: true, ver: "C", src: "A"},
];
