import { canonicalSection, DOCSET_ITEMS } from '../../kernel/docset.ts';
import type { ResultWarning } from '../../kernel/result.ts';
import { fixLookalikes, fold } from '../text/normalize.ts';
import { defineCheck, type CheckContext, type DraftQuestion } from './types.ts';

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

/** Source documents a task may ask to compare with; each is recognised by its title in names and first pages. */
const ASPECTS: { ask: RegExp; has: RegExp; what: string }[] = [
  { ask: /гпзу|градостроительн\S* план/, has: /гпзу|градостроительн\S* план\S* земельного участка/, what: 'градостроительный план земельного участка (ГПЗУ)' },
  { ask: /технически\S* услови|(?<![а-я])ту(?![а-я])/, has: /технически\S* услови/, what: 'технические условия на подключение' },
  { ask: /задани\S* на проектирование|(?<![а-я])тз(?![а-я])/, has: /задани\S* на проектирование|техническое задание/, what: 'задание на проектирование' },
  {
    ask: /заключени\S* (?:гос\S* )?экспертиз|замечани\S* экспертиз/,
    has: /заключени\S* (?:гос\S* )?экспертиз|замечани\S* экспертиз/,
    what: 'заключение или замечания экспертизы',
  },
  { ask: /инженерн\S* изыскани|геологи/, has: /инженерн\S* изыскани|инженерно-геологическ/, what: 'отчёты об инженерных изысканиях' },
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

/** Reads the task: what it asks about that the set cannot answer becomes a question, not a finding. */
export const unanswerableRequest = defineCheck({
  id: 'request.unanswerable',
  theme: 'unassigned',
  importance: 'significant',
  title: 'Задание просит проверить то, чего в комплекте нет (раздел, исходный документ)',
  run(ctx: CheckContext) {
    const request = ctx.input.userRequest?.trim();
    if (!request) return {};
    const questions: DraftQuestion[] = [];
    const warnings: ResultWarning[] = [];
    const present = new Set(ctx.docs.map((d) => d.section).filter(Boolean));
    const notDeveloped = new Set((ctx.xml?.facts.sections ?? []).filter((s) => s.notDeveloped).map((s) => s.code));
    const asked = requestedSections(request);
    const short = request.length > 200 ? `${request.slice(0, 200)}…` : request;
    for (const code of asked) {
      if (present.has(code)) continue;
      const title = DOCSET_ITEMS.find((i) => i.code === code)?.title ?? code;
      questions.push({
        section: code,
        text: notDeveloped.has(code)
          ? `В задании просят проверить раздел ${code} (${title}), но в XML пояснительной записке он отмечен как не разрабатывавшийся. Нужно ли проверять этот раздел и если да — пришлите его документы.`
          : `В задании просят проверить раздел ${code} (${title}), но документов этого раздела в комплекте нет. Пришлите документы раздела ${code} или уточните, какой раздел проверить.`,
        reason: `Задание: «${short}». Разделы в комплекте: ${[...present].join(', ') || 'не определены'}.`,
        places: [],
      });
    }
    const low = fold(fixLookalikes(request));
    // a source document is one by its name or by its first pages; a volume of the project that cites it
    // («на основании ГПЗУ № …», «задание на проектирование») does not stand in for it
    const haystack = ctx.docs.map((d) => fold(d.section ? d.doc.name : `${d.doc.name}\n${d.head}`)).join('\n');
    for (const a of ASPECTS) {
      if (!a.ask.test(low) || a.has.test(haystack)) continue;
      questions.push({
        section: 'ОБЩ',
        text: `Для ответа на задание нужен документ «${a.what}», но в комплекте его нет. Приложите его (можно как контекстный документ) или уточните задание.`,
        reason: `Задание: «${short}». Ни один документ комплекта не похож на ${a.what} ни по имени, ни по первым страницам (ссылки на него в томах проекта не заменяют сам документ).`,
        places: [],
      });
    }
    const focus = asked.filter((c) => present.has(c));
    if (focus.length) {
      warnings.push({
        code: 'request_focus',
        message: `Задание просит обратить внимание на раздел(ы) ${focus.join(', ')}; замечания по остальным разделам комплекта тоже приведены, их можно отфильтровать по разделу.`,
      });
    }
    return { questions, warnings };
  },
});
