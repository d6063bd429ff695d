/**
 * Section guess for a document from its path and, when available, its first-page text
 * (shared/domain/sections.md §5). Evidence is scored; a guess is returned only when one section
 * clearly wins, because a wrong section is worse for the review than no section at all.
 */
import { LATIN_TO_CYRILLIC } from '../kernel/lookalikes.ts';

/** Pseudo-codes that are recognised so that they can win and yield null (not a section of the reference). */
const NOT_A_SECTION = new Set(['ЭЭ', 'ПКР', 'НЕ_РАЗДЕЛ']);

/** Cipher tokens → section. Longest first where one is a prefix of another. */
const CODE_TOKENS: ReadonlyArray<[RegExp, string]> = [
  [/^СПОЗУ\d*$/, 'ПЗУ'],
  [/^ПЗУ\d*$/, 'ПЗУ'],
  [/^О?ПЗ\d*$/, 'ПЗ'],
  [/^АР\d*$/, 'АР'],
  [/^КР\d*$/, 'КР'],
  [/^ТХ\d*$/, 'ТХ'],
  [/^ПОС\d*$/, 'ПОС'],
  [/^ПОД\d*$/, 'ПОС'],
  [/^(?:ПМ)?ООС\d*$/, 'ООС'],
  [/^МООС\d*$/, 'ООС'],
  [/^(?:М|МО)?ПБ\d*$/, 'ПБ'],
  [/^ППМ\d*$/, 'ПБ'],
  [/^ТБЭ\d*$/, 'ТБЭ'],
  [/^БЭ\d*$/, 'ТБЭ'],
  [/^ОДИ\d*$/, 'ОДИ'],
  [/^МГН\d*$/, 'ОДИ'],
  [/^СМ\d*$/, 'СМ'],
  [/^(?:ССР|ЛСР|ОСР)\d*$/, 'СМ'],
  [/^(?:ИТМ)?ГОЧС\d*$/, 'ИД'],
  [/^ИД\d*$/, 'ИД'],
  [/^ЭЭ\d*$/, 'ЭЭ'],
  [/^ПКР\d*$/, 'ПКР'],
];

/** Marks of working drawings (ГОСТ Р 21.101) that belong to one ПД section; ambiguous ones (ВК, В, К) are absent. */
const RD_MARKS: ReadonlyArray<[RegExp, string]> = [
  [/^(?:КЖ|КЖИ|КМ|КМД|КД)\d*$/, 'КР'],
  [/^(?:ЭОМ|ЭМ|ЭО|ЭС|ЭН)\d*$/, 'ИОС1'],
  [/^(?:НВ)\d*$/, 'ИОС2'],
  [/^(?:НК)\d*$/, 'ИОС3'],
  [/^(?:ОВ|ОВИК|ОВК|ТС|ИТП)\d*$/, 'ИОС4'],
  [/^(?:СС|СКС|НСС|АПС|СОУЭ)\d*$/, 'ИОС5'],
  [/^(?:ГС|ГСН|ГСВ)\d*$/, 'ИОС6'],
  [/^ГП\d*$/, 'ПЗУ'],
];

/** Marks shared by two sections (water supply and sewerage): as the rightmost token they end the search with no code. */
const AMBIGUOUS_MARKS = /^(?:ВК|НВК|ВС|ВО)\d*$/;

/** Title phrases (lower case, ё→е). The first matching phrase of a code counts; order puts old long titles first. */
const TITLE_PHRASES: ReadonlyArray<[RegExp, string, number]> = [
  [/конструктивные и объемно-планировочные решения/, 'КР', 3],
  [/объемно-планировочные и архитектурные решения/, 'АР', 3],
  [/(?<!объемно-планировочные и )архитектурн\S* решени/, 'АР', 3],
  [/(?<!и объемно-планировочные )конструктивн\S* решени/, 'КР', 3],
  [/пояснительная записка к сметн|сметн\S* документаци|смета на строительство|сводн\S* сметн\S* расчет/, 'СМ', 3],
  [/схем\S* планировочной организации|планировочной организации земельного/, 'ПЗУ', 3],
  [/систем\S* электроснабжения|электроснабжени|электрооборудовани|электроосвещени/, 'ИОС1', 3],
  [/систем\S* водоснабжения и водоотведения|водоснабжени\S* и канализаци|водоснабжени\S* и водоотведени/, 'ИОС2+3', 3],
  [/систем\S* водоснабжения|водоснабжени|водопровод/, 'ИОС2', 3],
  [/систем\S* водоотведения|водоотведени|канализаци/, 'ИОС3', 3],
  [/отоплени\S*(?:,| и)? вентиляци|тепловые сети|кондиционировани/, 'ИОС4', 3],
  [/сети связи|систем\S* связи/, 'ИОС5', 3],
  [/систем\S* газоснабжения|газоснабжени/, 'ИОС6', 3],
  [/технологические решения/, 'ТХ', 3],
  [/проект\S* организации строительства|стройгенплан|строительный генеральный план/, 'ПОС', 3],
  [/(?<!строй)генплан|(?<!строительный )генеральный план|благоустройств/, 'ПЗУ', 3],
  [/организации работ по сносу|сносу или демонтажу/, 'ПОС', 3],
  [/охран\S* окружающей среды/, 'ООС', 3],
  [/пожарн\S* безопасност|пожарного риска/, 'ПБ', 3],
  [/безопасной эксплуатации/, 'ТБЭ', 3],
  [/доступ\S* инвалидов|маломобильных групп/, 'ОДИ', 3],
  [/иная документация|гражданской обороне|чрезвычайных ситуаций|деклараци\S* промышленной безопасности|терроризм|итм го ?чс/, 'ИД', 3],
  [/энергетической эффективности/, 'ЭЭ', 3],
  [/капитальному ремонту многоквартирного/, 'ПКР', 3],
  [
    /задание на проектирование|заключени\S* (?:государственной )?экспертизы|градостроительный план|технические условия|информационно-удостоверяющий лист|инженерн\S* изыскани/,
    'НЕ_РАЗДЕЛ',
    4,
  ],
  [/пояснительная записка/, 'ПЗ', 2.5],
];

/** Body phrases of the first pages (weight 1 each, at most 2 per section). */
const BODY_PHRASES: ReadonlyArray<[RegExp, string]> = [
  [/технико-экономические показатели|исходные данные для проектирования|заверение проектной организации/, 'ПЗ'],
  [/ситуационный план|разбивочный план|план организации рельефа|баланс территории|коэффициент застройки/, 'ПЗУ'],
  [/экспликация помещений|ведомость отделки|фасад|отметка 0,000/, 'АР'],
  [/фундаментная плита|свайное поле|армировани|класс бетона|расчетная схема/, 'КР'],
  [/категори\S* надежности электроснабжения|однолинейная схема|расчетная мощность|\bвру\b|\bгрщ\b/, 'ИОС1'],
  [/хозяйственно-питьевой водопровод|водомерный узел|противопожарный водопровод/, 'ИОС2'],
  [/бытовая канализация|ливневая канализация|водостоки|\bкнс\b/, 'ИОС3'],
  [/тепловая нагрузка|приточно-вытяжная вентиляция|теплоноситель|\bитп\b/, 'ИОС4'],
  [/телефонизаци|радиофикаци|телевидени|диспетчеризаци|домофон/, 'ИОС5'],
  [/\bгрпш?\b|газопровод|газовое оборудование/, 'ИОС6'],
  [/технологическое оборудование|численность персонала|режим работы/, 'ТХ'],
  [/стройгенплан|календарный план строительства|продолжительность строительства/, 'ПОС'],
  [/выбросы загрязняющих веществ|шумовое воздействие|класс опасности отходов|санитарно-защитная зона/, 'ООС'],
  [/класс функциональной пожарной опасности|степень огнестойкости|эвакуационные пути|пожарный отсек|пожарного риска/, 'ПБ'],
  [/периодичность осмотров|сроки эксплуатации|эксплуатационные нагрузки/, 'ТБЭ'],
  [/пандус|тактильн|зона безопасности/, 'ОДИ'],
  [/локальный сметный расчет|ресурсно-индексный|фгис цс/, 'СМ'],
];

/** «Раздел N» numbers that mean the same section in both editions of ПП 87 (§2 trap: 6 and above differ). */
const EDITION_SAFE_NUMBERS: Record<string, string> = {
  '1': 'ПЗ',
  '2': 'ПЗУ',
  '3': 'АР',
  '4': 'КР',
  '5.1': 'ИОС1',
  '5.2': 'ИОС2',
  '5.3': 'ИОС3',
  '5.4': 'ИОС4',
  '5.5': 'ИОС5',
  '5.6': 'ИОС6',
};

/** Tokens that carry no section: revisions, dates, copies, signature sheets. */
const NOISE = [
  /(?<!\p{L})(?:изм|корр)\.?\s*\d+/giu,
  /изм(?:енения)?\s+по\s+замечаниям/giu,
  /(?<!\p{L})от\s*\(?\d{1,2}\.\d{1,2}\.\d{2,4}\)?/giu,
  /\(\d+\)/g,
  /_signed\b/giu,
];

export function guessKind(name: string, firstPageText?: string | null): string | null {
  const scores = new Map<string, number>();
  const add = (code: string, w: number) => {
    for (const c of code === 'ИОС2+3' ? ['ИОС2', 'ИОС3'] : [code]) scores.set(c, (scores.get(c) ?? 0) + w);
  };

  const segments = name.split(/[\\/]/).filter(Boolean);
  const file = (segments.pop() ?? '').replace(/\.[A-Za-z0-9]{1,5}$/, '');
  if (/\.(?:sig|p7s)$/i.test(name) || /(?:^|[\s_-])иул(?:$|[\s_.-])/iu.test(file)) return null;
  // «ТУ на …» are technical conditions of a utility, an input of the design, not a section.
  if (/^(?:ТУ|TY)(?:$|[\s_-])/u.test(file)) return null;

  // A «РД» folder anywhere on the path marks the whole branch as working drawings (rule 6).
  const rd = isWorkingDrawings(file) || segments.some((f) => isWorkingDrawings(f));
  const fileCode = cipherCode(file, rd);
  if (fileCode) add(fileCode, 3);
  const fileTitle = titleCode(file);
  if (fileTitle) add(fileTitle.code, fileTitle.weight);
  if (!fileCode && !fileTitle) {
    const n = sectionNumber(file);
    if (n) add(n.code, n.explicit ? 2 : 1);
  }

  for (const folder of segments) {
    const code = cipherCode(folder, rd || isWorkingDrawings(folder));
    const title = titleCode(folder);
    if (code) add(code, 2);
    else if (title) add(title.code, 2);
    else {
      const n = sectionNumber(folder);
      if (n) add(n.code, n.explicit ? 2 : 1);
    }
  }

  if (firstPageText) {
    const xmlRoot = /<(?:[\w-]+:)?(ExplanatoryNote|DesignAssignment|Conclusion|EngineeringSurveysTask|GeologicalReport)[\s>/]/.exec(firstPageText)?.[1];
    if (xmlRoot) add(xmlRoot === 'ExplanatoryNote' ? 'ПЗ' : 'НЕ_РАЗДЕЛ', 4);
    const text = normalizeText(firstPageText.slice(0, 8000));
    const title = titleCode(text);
    if (title) add(title.code, title.weight);
    else {
      const n = /раздел\s+(\d(?:\.\d)?)\b/.exec(text)?.[1];
      if (n && EDITION_SAFE_NUMBERS[n]) add(EDITION_SAFE_NUMBERS[n], 1.5);
    }
    const body = new Map<string, number>();
    for (const [re, code] of BODY_PHRASES) {
      const hits = text.match(new RegExp(re.source, 'g'))?.length ?? 0;
      if (hits) body.set(code, Math.min(2, (body.get(code) ?? 0) + hits));
    }
    for (const [code, w] of body) add(code, w);
  }

  const ranked = [...scores].sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked;
  if (!best || best[1] < 2) return null;
  if (second && best[1] - second[1] < 1) return null;
  return NOT_A_SECTION.has(best[0]) ? null : best[0];
}

function normalizeText(s: string): string {
  return s
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[«»"“”„]/g, '')
    .replace(/\s+/g, ' ');
}

/** Latin capitals that look Cyrillic become Cyrillic inside tokens that are otherwise Cyrillic or all look-alikes. */
function fixLookalikes(token: string): string {
  if (!/[A-Z]/.test(token)) return token;
  const cyr = /[А-ЯЁа-яё]/.test(token);
  const allLook = /^[ABCEHKMOPTXY0-9.]+$/.test(token);
  if (!cyr && !allLook) return token;
  return token.replace(/[ABCEHKMOPTXY]/g, (c) => LATIN_TO_CYRILLIC[c] ?? c);
}

function stripNoise(s: string): string {
  let out = s;
  for (const re of NOISE) out = out.replace(re, ' ');
  return out;
}

/** Stage РД in a cipher: a separate token «РД» or «Р» (ГОСТ Р 21.101 stage letter). */
function isWorkingDrawings(s: string): boolean {
  return stripNoise(s)
    .split(/[-_.\s/()№,]+/)
    .some((t) => {
      const u = fixLookalikes(t).toUpperCase();
      return u === 'РД' || u === 'Р';
    });
}

/** The section named by the rightmost code token of a cipher (sections.md §5.1 rule 1). */
function cipherCode(s: string, workingDrawings: boolean): string | null {
  const tokens = stripNoise(s)
    .split(/[-_\s/()№,]+/)
    .flatMap((t) => splitDotted(fixLookalikes(t).toUpperCase()))
    .filter(Boolean);
  for (let i = tokens.length - 1; i >= 0; i--) {
    const t = tokens[i]!;
    const ios = /^ИОС(\d)(?:\.?\d+)*$/.exec(t);
    if (ios) {
      const n = ios[1]!;
      if (n === '7') return 'ТХ';
      if (n >= '1' && n <= '6') return `ИОС${n}`;
      return null;
    }
    for (const [re, code] of CODE_TOKENS) if (re.test(t)) return code;
    if (AMBIGUOUS_MARKS.test(t)) return null;
    for (const [re, code] of RD_MARKS) {
      // A working-drawings set is not a ПД section; its mark is only trusted when the stage is not РД.
      if (re.test(t)) return workingDrawings ? null : code;
    }
  }
  return null;
}

/** «ИОС4.1» stays whole; «ИОС.СС5» or «КР.С» split at the dot so that each part is a token. */
function splitDotted(t: string): string[] {
  if (/^ИОС\d+(?:\.\d+)*$/.test(t)) return [t];
  return t.split('.').map((p) => p.replace(/^\d+$/, ''));
}

function titleCode(s: string): { code: string; weight: number } | null {
  const text = normalizeText(stripNoise(s).replace(/_/g, ' '));
  const found = new Map<string, number>();
  for (const [re, code, weight] of TITLE_PHRASES) if (re.test(text) && !found.has(code)) found.set(code, weight);
  if (found.size === 0) return null;
  // «Пояснительная записка» is a part of many sections' text; it names ПЗ only when nothing more specific is said.
  if (found.size > 1) found.delete('ПЗ');
  if (found.has('ИОС2+3')) {
    found.delete('ИОС2');
    found.delete('ИОС3');
  }
  if (found.size > 1) return { code: 'НЕ_РАЗДЕЛ', weight: 0 };
  const [code, weight] = [...found][0]!;
  return { code, weight };
}

/**
 * «Раздел 4», «Раздел ПД №1», «ЧАСТЬ 3», «5.1.»: only numbers that mean the same section in both editions
 * count. `explicit` when the word «Раздел»/«Часть» says it is a section number; a bare leading number
 * may be a volume or a list position and is weaker.
 */
function sectionNumber(s: string): { code: string; explicit: boolean } | null {
  const m = /(?:^|(раздел(?:\s+пд)?\s*№?\s*|часть\s+|пд\s*№?\s*))(\d(?:\.\d)?)(?=$|[.\s_-])/iu.exec(s.trim());
  const n = m?.[2];
  const code = n ? EDITION_SAFE_NUMBERS[n] : undefined;
  return code ? { code, explicit: m?.[1] !== undefined } : null;
}
