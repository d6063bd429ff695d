import type { DocFacts } from '../facts/types.ts';
import { WORKBOOK_FORMATS } from '../../ingest/types.ts';
import { normalizeText } from '../text/normalize.ts';
import { stageSignals, TITLE_ZONE } from './stage.ts';
import type { DocumentType, TypedDocument } from './types.ts';

/** Lower case, «ё» as «е», spaces collapsed within lines: the form the phrases below are written in. */
const fold = (s: string) =>
  normalizeText(s)
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[ \t]+/g, ' ');

/**
 * A phrase that opens a line of the title zone: how a document names itself (a sentence citing it does not). Its words may
 * stand on lines of their own: some PDFs place every word of a title separately («ГРАДОСТРОИТЕЛЬНЫЙ⏎ПЛАН⏎ЗЕМЕЛЬНОГО…»).
 */
const heading = (re: RegExp) => new RegExp(`(?:^|\\n)[ \\t«"]*(?:${re.source.replace(/ /g, '\\s+')})`, 'u');

interface Rule {
  type: DocumentType;
  /** The file name says it. */
  name?: RegExp;
  /** A line of the title zone begins with it. */
  title?: RegExp;
  /**
   * Only so many characters into the title zone: the title of a document that other documents carry as a part (the ТЭП
   * of an assignment's appendix, the «Календарный план» of a ПОС) counts only where it opens the document.
   */
  top?: number;
  /** Kind of the document (survey kind, estimate kind) from the folded title zone and name. */
  code?: (text: string) => string | null;
  evidence: string;
}

const SURVEY_KINDS: [RegExp, string][] = [
  [/инженерно-геодезическ|(?:^|[^а-я])игди(?:[^а-я]|$)/, 'ИГДИ'],
  [/инженерно-геологическ|(?:^|[^а-я])иги(?:[^а-я]|$)/, 'ИГИ'],
  [/инженерно-гидрометеорологическ|(?:^|[^а-я])игми(?:[^а-я]|$)/, 'ИГМИ'],
  [/инженерно-экологическ|(?:^|[^а-я])иэи(?:[^а-я]|$)/, 'ИЭИ'],
  [/инженерно-геотехническ|(?:^|[^а-я])игти(?:[^а-я]|$)/, 'ИГТИ'],
  [/обследовани\S* (?:технического состояния|строительных конструкций)/, 'ТО'],
];

const ESTIMATE_KINDS: [RegExp, string][] = [
  [/локальн\S* (?:сметн\S* )?расчет|(?:^|[^а-я])лср?(?:[^а-я]|$)/, 'ЛСР'],
  [/объектн\S* (?:сметн\S* )?расчет|(?:^|[^а-я])оср(?:[^а-я]|$)/, 'ОСР'],
  [/сводн\S* сметн\S* расчет|(?:^|[^а-я])сср(?:[^а-я]|$)/, 'ССР'],
  [/пояснительная записка к сметн/, 'ПЗ СМ'],
  [/сводка затрат/, 'СЗ'],
];

/** A survey kind's abbreviation in a file name («Программа ИГДИ», «76-09/2024АЗ-ИЭИ»). */
const SURVEY_NAME = /(?:^|[^а-я])(?:игди|иги|игми|иэи|игти|ии)(?:[^а-я\d]|\d|$)/;

const kindOf = (kinds: [RegExp, string][]) => (text: string) => kinds.find(([re]) => re.test(text))?.[1] ?? null;

/** The opening of a document: its first lines, where a title of its own stands. */
const OPENING = 300;

/** «ответы на замечания», «ответы на зам-я»: a letter saying so is the designer's answers. */
const ANSWERS = /ответ\S* на зам/;

/** Documents that are not sections: a rule whose title heads the title zone decides (the earliest; ties in this order), else the first whose file name says so. */
const RULES: Rule[] = [
  {
    type: 'iul',
    // «…ИОС3-УЛ»: the sheet's designation is the document's own with «-УЛ» (ГОСТ Р 21.101-2020); a title may break at the hyphen
    name: /(?:^|[^а-я])иул(?:[^а-я]|$)|информационно-удостоверяющ|-ул$/,
    title: /информационно\s*-\s*удостоверяющий лист/,
    evidence: 'информационно-удостоверяющий лист',
  },
  {
    // the designer's answers to an expertise's remarks, as a letter or a table: sheets they name are other documents'
    type: 'answers',
    name: ANSWERS,
    title: /ответы на замечания|ответ на замечани/,
    evidence: 'ответы на замечания',
  },
  { type: 'letter', name: /(?:^|[^а-я])(?:письмо|исх\.?)(?:[^а-я]|$)/, title: /исх(?:одящий)?\.? ?№/, evidence: 'письмо' },
  {
    // the customer's application (for a check, an approval, a connection) and the form («опросный лист») filled in with it
    type: 'application',
    name: /(?:^|[^а-я])(?:заявлени\S*|заявк\S*|опросн\S* лист)(?:[^а-я]|$)/,
    title: /заявление(?: о| на|$)|заявка(?: на|$)|опросный лист/,
    evidence: 'заявление или опросный лист',
    top: OPENING,
  },
  {
    type: 'tep',
    name: /(?:^|[^а-я])тэп(?:[^а-я]|$)|технико-экономическ\S* показател/,
    title: /технико-экономические показатели/,
    evidence: 'технико-экономические показатели',
    top: OPENING,
  },
  {
    type: 'extract',
    name: /(?:^|[^а-я])выписк\S*(?:[^а-я]|$)|егрн/,
    title: /выписка из (?:единого государственного реестра|егрн|реестра)/,
    evidence: 'выписка из реестра',
    top: OPENING,
  },
  {
    type: 'gpzu',
    name: /(?:^|[^а-я])гпзу(?:[^а-я]|$)|градостроительн\S* план/,
    title: /градостроительный план земельного участка/,
    evidence: 'градостроительный план земельного участка',
  },
  {
    type: 'tech_conditions',
    name: /(?:^|[^а-я])ту(?:[^а-я]|$)|технические условия/,
    // a connection contract carries its ТУ as its annex: the contract is taken for them
    title: /технические условия(?! (?:на проектирование|и (?:требования|нормы)))|договор (?:№ ?\S+ )?о подключении/,
    evidence: 'технические условия',
  },
  {
    type: 'design_task',
    name: /задани\S* на (?:проектирование|разработку)/,
    // one assignment for both: «Задание на выполнение инженерных изысканий и (или) проектирование»
    title: /задание на (?:проектирование|разработку проектной|выполнение инженерных изысканий и (?:\(или\) )?проектирование)/,
    evidence: 'задание на проектирование',
  },
  {
    // an act of transfer or a contract lists the set's volumes and reports by name: it is neither of them
    type: 'act',
    name: /^акт(?:[^а-я]|$)/,
    title: /акт (?:приема-передачи|приемки|сдачи|обследования|выбора)/,
    evidence: 'акт',
    top: OPENING,
  },
  {
    // a contract, its schedule (календарный план) or its work schedule: the object's figures stated with the work
    type: 'contract',
    name: /^договор(?:[^а-я]|$)|календарн\S* (?:план|график)|график (?:выполнения|производства) работ/,
    title: /договор (?:№|n |об осуществлении|на выполнение)|календарный (?:план|график)|график (?:выполнения|производства) работ/,
    evidence: 'договор, календарный план или график',
    top: OPENING,
  },
  {
    // the assignment and the programme a survey is made to precede its report and are not one
    type: 'survey_task',
    name: new RegExp(`(?:^|[^а-я])(?:программ\\S*|тз|задани\\S*)(?:[^а-я].*)?${SURVEY_NAME.source}`),
    title:
      /программа (?:работ )?(?:на (?:выполнение|производство) )?инженерн\S*|(?:техническое )?задание на (?:выполнение|производство) инженерн\S* изыскани[а-я]*(?![а-я]| и (?:\(или\) )?проектир)/,
    code: kindOf(SURVEY_KINDS),
    evidence: 'программа или задание на инженерные изыскания',
  },
  {
    type: 'survey',
    name: new RegExp(`${SURVEY_NAME.source}|изыскани`),
    title: /технический отчет|отчет (?:о|по) (?:результатам )?(?:выполненных )?инженерн\S*/,
    code: kindOf(SURVEY_KINDS),
    evidence: 'технический отчёт по результатам инженерных изысканий',
  },
  {
    type: 'estimate',
    name: /(?:^|[^а-я])(?:лср|оср|сср|смета)(?:[^а-я]|$)|сметн/,
    title: /(?:локальн\S*|объектн\S*|сводн\S*) сметн\S* расчет|локальная смета|пояснительная записка к сметн|сводка затрат/,
    code: kindOf(ESTIMATE_KINDS),
    evidence: 'сметная документация',
  },
];

/** Each rule with a title, its title as a line of the title zone begins with it: compiled once. */
const TITLED: [Rule, RegExp][] = RULES.flatMap((r) => (r.title ? [[r, heading(r.title)] as [Rule, RegExp]] : []));

/** «Раздел 10.1» and the old titles and codes of sections that the composition had before 01.09.2022 only. */
function oldSectionCode(d: DocFacts, zone: string): string | null {
  const mark = d.cipher?.mark ?? '';
  if (/^ЭЭ\d*$/.test(mark) || /энергетической эффективности/.test(zone) || /раздел 10\.1|раздел 10\(1\)/.test(zone)) return 'ЭЭ';
  if (/^ПКР\d*$/.test(mark) || /капитальному ремонту многоквартирного/.test(zone)) return 'ПКР';
  if (/^ПОД\d*$/.test(mark) || /организации работ по сносу или демонтажу/.test(zone)) return 'ПОД';
  if (mark === 'ИОС7' || (/подраздел 7\b|подраздел «?технологические решения/.test(zone) && /раздел 5/.test(zone))) return 'ИОС7';
  return null;
}

/** What one document is, from its name, its cipher, its title page and its stamps. */
export function typeOfDocument(d: DocFacts): TypedDocument {
  const base = { docIndex: d.doc.index };
  if (d.xml) return { ...base, type: 'xml_note', code: 'ПЗ', stage: 'П', evidence: 'XML-схема пояснительной записки' };
  const zone = fold(d.head.slice(0, TITLE_ZONE));
  const name = fold(d.doc.name.replace(/\.[a-z0-9]{2,4}$/i, '')).replace(/_/g, ' ');
  const signals = stageSignals(d);
  const titleStage = signals.find((s) => s.source === 'title')?.stage ?? null;
  const stage = signals[0]?.stage ?? null;
  // a volume that calls itself a volume of ПД or РД is one, whatever its estimates or surveys are called inside
  if (!titleStage || d.section === 'СМ') {
    // what the title page says outweighs the file name; of two titles, the one printed first is the document's own
    const titled = TITLED.map(([r, re]) => ({ r, m: re.exec(zone) }))
      .filter((x) => x.m && x.m.index < (x.r.top ?? Number.POSITIVE_INFINITY))
      .sort((a, b) => a.m!.index - b.m!.index)[0];
    const named = RULES.find((r) => r.name?.test(name));
    // a title others carry as a part (a ТЭП, a schedule) yields to a file name that says what the document is
    const byTitle = titled && !(titled.r.top !== undefined && named && named !== titled.r);
    const found = byTitle ? titled.r : (named ?? titled?.r);
    // a letter saying it answers remarks is the answers; so is a file so named, whatever titles its table quotes
    // («Сводный сметный расчет» in an answer about the estimate) — an ИУЛ certifying them stays an ИУЛ
    const answers = (found?.type === 'letter' && ANSWERS.test(zone)) || (ANSWERS.test(name) && found?.type !== 'iul');
    const rule = answers ? RULES.find((r) => r.type === 'answers')! : found;
    // a volume titled «Раздел 12. Смета на строительство» is a section, not an estimate
    if (rule && !(rule.type === 'estimate' && titleStage === 'П')) {
      const code = rule.code?.(`${zone}\n${name}`) ?? null;
      const why =
        byTitle && (rule === titled.r || !ANSWERS.test(name))
          ? `титульный лист: «${titled.m![0].replace(/^[\s«"]+/, '').replace(/\s+/g, ' ')}…»`
          : `имя файла «${d.doc.name}»`;
      return { ...base, type: rule.type, code, stage: null, evidence: `${rule.evidence} (${why})`, stageSignals: signals };
    }
  }
  const old = oldSectionCode(d, zone);
  if (stage === 'Р' && titleStage !== 'П') {
    const mark = d.cipher?.mark ?? d.section;
    const why = signals.find((s) => s.stage === 'Р')!;
    return {
      ...base,
      type: 'rd_mark',
      code: mark ?? null,
      stage: 'Р',
      evidence: `рабочая документация${mark ? `, марка ${mark}` : ''} (${why.text})`,
      stageSignals: signals,
    };
  }
  const code = old ?? d.section;
  // a spreadsheet is no volume of ПД unless its title says so: a section guessed from its name or its words («фасад»,
  // «помещения») is a calculation's subject — a bill of quantities, a contractor's estimate, a table of figures
  if (code && WORKBOOK_FORMATS.has(d.doc.format) && !titleStage)
    return { ...base, type: 'other', code: null, stage, evidence: `таблица без титула тома (${d.doc.format.toUpperCase()})`, stageSignals: signals };
  if (code) {
    const why = old ? `код раздела старой редакции ${old}` : `раздел ${code}`;
    return { ...base, type: 'pd_section', code, stage, evidence: `${why}${titleStage ? ` (${signals[0]!.text})` : ''}`, stageSignals: signals };
  }
  return { ...base, type: 'other', code: null, stage, evidence: 'вид документа не определён', stageSignals: signals };
}
