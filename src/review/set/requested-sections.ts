/** Which sections a task (the request uploaded with the set) names: read by the set model and by the request check. */
import { canonicalSection } from '../../kernel/docset.ts';
import { fixLookalikes, fold } from '../text/normalize.ts';

/** Words of a task that name a section (codes are matched separately). */
const SECTION_WORDS: [RegExp, string][] = [
  [/пояснительн\S* записк/, 'ПЗ'],
  [/планировочной организации|генплан|благоустройств/, 'ПЗУ'],
  [/архитектурн/, 'АР'],
  [/конструктив|несущ\S* конструкц|фундамент/, 'КР'],
  [/электроснабж|электрооборуд|электроосвещ/, 'ИОС1'],
  [/водоснабж|водопровод/, 'ИОС2'],
  [/водоотвед|канализац/, 'ИОС3'],
  [/отоплени|вентиляц|кондиционир|теплов\S* сет/, 'ИОС4'],
  [/сет\S* связи|слаботочн/, 'ИОС5'],
  [/газоснабж/, 'ИОС6'],
  [/технологическ\S* решени/, 'ТХ'],
  [/организаци\S* строительства/, 'ПОС'],
  [/охран\S* окружающей среды|экологи/, 'ООС'],
  [/пожарн\S* безопасност/, 'ПБ'],
  [/безопасной эксплуатации/, 'ТБЭ'],
  [/инвалид|маломобильн/, 'ОДИ'],
  [/смет/, 'СМ'],
];

const CODE_RE = /(?<![А-ЯЁа-яё])(ПЗУ|СПОЗУ|ПЗ|АР|КР|КЖ|КМ|ИОС\s?\d|ЭОМ|ЭС|ОВиК|ОВ|ВК|СС|ГСН|ТХ|ПОС|ООС|ПБ|МПБ|ТБЭ|ОДИ|СМ)(?![А-ЯЁа-яё])/gu;

/** Section codes a task names, by code («проверить КР») or by words («конструктивные решения»). */
export function requestedSections(request: string): string[] {
  const text = fixLookalikes(request);
  const found = new Set<string>();
  for (const m of text.matchAll(CODE_RE)) {
    const c = canonicalSection(m[1]!.replace(/\s/g, '')) ?? (m[1] === 'КЖ' || m[1] === 'КМ' ? 'КР' : m[1] === 'ОВиК' ? 'ИОС4' : null);
    if (c) found.add(c);
  }
  const low = fold(text);
  for (const [re, code] of SECTION_WORDS) if (re.test(low)) found.add(code);
  return [...found];
}
