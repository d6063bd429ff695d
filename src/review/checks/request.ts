import { DOCSET_ITEMS } from '../../kernel/docset.ts';
import { fixLookalikes, fold } from '../text/normalize.ts';
import { requestedSections } from '../set/requested-sections.ts';
import { defineCheck } from './types.ts';

export { requestedSections };

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

/** Reads the task: what it asks about that the set cannot answer becomes a question, not a finding. */
export const unanswerableRequest = defineCheck({
  id: 'request.unanswerable',
  theme: 'unassigned',
  importance: 'significant',
  title: 'Задание просит проверить то, чего в комплекте нет (раздел, исходный документ)',
  needs: ['user_request'],
  find(ctx, report) {
    const request = ctx.input.userRequest!.trim();
    const present = new Set(ctx.docs.map((d) => d.section).filter(Boolean));
    const notDeveloped = new Set((ctx.xml?.facts.sections ?? []).filter((s) => s.notDeveloped).map((s) => s.code));
    const asked = requestedSections(request);
    const short = request.length > 200 ? `${request.slice(0, 200)}…` : request;
    for (const code of asked) {
      if (present.has(code)) continue;
      const title = DOCSET_ITEMS.find((i) => i.code === code)?.title ?? code;
      report.question({
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
      report.question({
        section: 'ОБЩ',
        text: `Для ответа на задание нужен документ «${a.what}», но в комплекте его нет. Приложите его (можно как контекстный документ) или уточните задание.`,
        reason: `Задание: «${short}». Ни один документ комплекта не похож на ${a.what} ни по имени, ни по первым страницам (ссылки на него в томах проекта не заменяют сам документ).`,
        places: [],
      });
    }
    const focus = asked.filter((c) => present.has(c));
    if (focus.length) {
      report.warning({
        code: 'request_focus',
        message: `Задание просит обратить внимание на раздел(ы) ${focus.join(', ')}; замечания по остальным разделам комплекта тоже приведены, их можно отфильтровать по разделу.`,
      });
    }
  },
});
