import { DOCSET_ITEMS } from '../data/docset.ts';
import type { Check, DraftFinding } from './types.ts';

/** U-01: every required section of the organisation's profile is in the set or declared «не разрабатывался». */
export const missingSection: Check = {
  id: 'completeness.missing_section',
  theme: 'unassigned',
  importance: 'critical',
  title: 'Обязательный раздел профиля отсутствует в комплекте и не отмечен в XML ПЗ как не разрабатывавшийся',
  run(ctx) {
    const present = new Set(ctx.docs.map((d) => d.section).filter((s): s is string => !!s));
    const notDeveloped = new Map((ctx.xml?.facts.sections ?? []).filter((s) => s.notDeveloped).map((s) => [s.code, s.notDeveloped!]));
    const listedInXml = new Map((ctx.xml?.facts.sections ?? []).filter((s) => s.documents.length).map((s) => [s.code, s.documents]));
    const inSet = [...present].sort((a, b) => a.localeCompare(b, 'ru')).join(', ') || 'нет распознанных разделов';
    const findings: DraftFinding[] = [];
    for (const item of ctx.input.profile) {
      if (!item.required || present.has(item.code) || notDeveloped.has(item.code)) continue;
      const title = DOCSET_ITEMS.find((i) => i.code === item.code)?.title ?? item.title;
      const xmlNote = listedInXml.has(item.code)
        ? ` В XML пояснительной записке раздел указан с документами (${listedInXml.get(item.code)!.map((d) => d.number || d.name).join(', ')}), но их файлов в комплекте нет.`
        : ctx.xml ? ' В XML пояснительной записке раздел не отмечен как «Раздел не разрабатывался».' : '';
      findings.push({
        checkId: this.id, importance: this.importance, theme: this.theme, about: null,
        essence: `В комплекте отсутствует обязательный раздел ${item.code} — ${title}.`,
        evidence: `Раздел ${item.code} обязателен в профиле организации. В комплекте ${ctx.docs.length} док.; найдены разделы: ${inSet}. Документа раздела ${item.code} нет ни по указанному виду, ни по титульному листу и шифру.${xmlNote}`,
        action: `Добавить в комплект раздел ${item.code} либо, если он не разрабатывался, отметить это в XML пояснительной записке (элемент NotDeveloped «Раздел не разрабатывался») с обоснованием.`,
        places: [],
        norm: 'Положение о составе разделов проектной документации (ПП РФ от 16.02.2008 № 87, ред. ПП № 963)',
      });
    }
    return { findings };
  },
};
