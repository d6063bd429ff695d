import { canonicalSection } from './data/docset.ts';
import { parseCiphers } from './facts/cipher.ts';
import { fixLookalikes, fold } from './text/normalize.ts';

/** Title phrases of sections (sections.md §5.2), old and new editions; the longest match wins. */
const TITLES: [RegExp, string][] = [
  [/пояснительная записка/, 'ПЗ'],
  [/схема планировочной организации земельного участка/, 'ПЗУ'],
  [/(?:объемно-планировочные и )?архитектурные решения/, 'АР'],
  [/конструктивные(?: и объемно-планировочные)? решения/, 'КР'],
  [/система электроснабжения|электроснабжени[ея]/, 'ИОС1'],
  [/система водоснабжения/, 'ИОС2'],
  [/система водоотведения/, 'ИОС3'],
  [/отопление,? вентиляция и кондиционирование/, 'ИОС4'],
  [/сети связи/, 'ИОС5'],
  [/система газоснабжения/, 'ИОС6'],
  [/технологические решения/, 'ТХ'],
  [/проект организации строительства/, 'ПОС'],
  [/(?:перечень )?мероприяти[йя] по охране окружающей среды/, 'ООС'],
  [/мероприяти[йя] по обеспечению пожарной безопасности/, 'ПБ'],
  [/требования к обеспечению безопасной эксплуатации/, 'ТБЭ'],
  [/мероприяти[йя] по обеспечению доступа инвалидов/, 'ОДИ'],
  [/смета на строительство|сводный сметный расчет/, 'СМ'],
  [/иная документация в случаях/, 'ИД'],
];

/**
 * Section of a document from its file name and first page: a cipher mark in the name or on the page
 * first, then the section title printed on the title page. Null when nothing says it clearly.
 */
export function classifyFromText(name: string, firstPageText: string): string | null {
  const base = fixLookalikes(name.replace(/\.[A-Za-z0-9]{2,4}$/, '').split('/').pop() ?? name);
  const fromName = parseCiphers(base.toUpperCase())[0]?.section;
  if (fromName) return fromName;
  const markInName = /(?:^|[\s_.-])(ПЗУ|СПОЗУ|ОПЗ|ПЗ|АР|КР|ИОС\.?\d|ТХ|ПОС|ООС|ПБ|МПБ|ТБЭ|ОДИ|СМ|ИД)(?=\d|$|[\s_.(-])/u.exec(base.toUpperCase());
  if (markInName) {
    const m = markInName[1]!.replace('.', '');
    const s = m === 'ОПЗ' ? 'ПЗ' : canonicalSection(m);
    if (s) return s;
  }
  const text = fold(fixLookalikes(firstPageText)).replace(/ё/g, 'е').replace(/\s+/g, ' ');
  let best: { code: string; at: number } | null = null;
  for (const [re, code] of TITLES) {
    const m = re.exec(text);
    if (m && (!best || m.index < best.at)) best = { code, at: m.index };
  }
  if (best) return best.code;
  const fromPage = parseCiphers(fixLookalikes(firstPageText))[0]?.section;
  return fromPage ?? null;
}
