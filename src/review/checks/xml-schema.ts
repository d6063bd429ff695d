import type { Violation, ViolationKind } from '../extract/xml-schema-messages.ts';
import { DOCUMENT_TITLES, type SchemaCheck } from '../extract/xml-schema.ts';
import type { DocFacts } from '../facts/types.ts';
import { defineCheck, type FindingDraft } from './types.ts';

/** Violations reported one by one; the rest of a badly broken document is named in one more finding. */
const SHOWN = 20;

const ACTIONS: Record<ViolationKind, string> = {
  not_well_formed: 'Сформировать XML заново в программе подготовки документа; файл должен открываться как правильно построенный XML.',
  wrong_root: 'Сформировать документ по XML-схеме Минстроя указанной версии (корневой элемент схемы).',
  missing_element: 'Добавить обязательный элемент в указанном месте по XML-схеме.',
  unexpected_element: 'Удалить лишний элемент или поставить его на место, предусмотренное XML-схемой (порядок элементов задан схемой).',
  missing_attribute: 'Заполнить обязательный атрибут по XML-схеме.',
  unexpected_attribute: 'Удалить атрибут, не предусмотренный XML-схемой.',
  content: 'Привести содержимое элемента к виду, предусмотренному XML-схемой.',
  value: 'Исправить значение по формату, установленному XML-схемой.',
  identity: 'Исправить повторяющиеся значения или ссылки по XML-схеме.',
  assertion: 'Исправить сведения так, чтобы выполнялось правило XML-схемы.',
  other: 'Исправить содержимое элемента по XML-схеме.',
};

const schemaName = (s: SchemaCheck) => `XML-схема ${DOCUMENT_TITLES[s.document]} Минстроя России, версия ${s.version}`;
const at = (v: Violation) => `${v.path ? `элемент ${v.path}` : 'документ'}${v.line ? ` (строка ${v.line})` : ''}`;

/** A note or assignment is accepted by the expertise only when it passes the schema of its version: every violation, with its element. */
function schemaFindings(doc: DocFacts, s: SchemaCheck): FindingDraft[] {
  if (!s.validated || !s.violations.length) return [];
  const what = DOCUMENT_TITLES[s.document];
  const base = { about: doc, places: [{ doc, page: 1 }], norm: schemaName(s) };
  const shown = s.violations.slice(0, SHOWN);
  const findings: FindingDraft[] = shown.map((v) => ({
    ...base,
    importance: v.importance,
    essence: `XML ${what} не соответствует XML-схеме ${s.version}: ${at(v)} — ${v.text}.`,
    evidence: `«${doc.doc.name}», ${at(v)}: ${v.text}. Документ, не прошедший проверку по XML-схеме, не принимается на экспертизу.`,
    action: ACTIONS[v.kind],
  }));
  const rest = s.violations.slice(SHOWN);
  if (rest.length)
    findings.push({
      ...base,
      importance: rest.some((v) => v.importance === 'critical') ? 'critical' : 'significant',
      essence: `XML ${what} содержит ещё ${rest.length} нарушений XML-схемы ${s.version}.`,
      evidence: rest
        .slice(0, 30)
        .map((v) => `${at(v)}: ${v.text}`)
        .join('; ')
        .concat(rest.length > 30 ? '; …' : ''),
      action: 'Проверить документ по XML-схеме его версии и исправить все нарушения.',
    });
  return findings;
}

/** The XML explanatory note and the XML design assignment against the official Минстрой schema of the version they state. */
export const xmlSchemaViolation = defineCheck({
  id: 'xml.schema_violation',
  theme: 'unassigned',
  importance: 'critical',
  title: 'XML пояснительной записки и задания на проектирование соответствуют официальной XML-схеме Минстроя России своей версии',
  // a context document's findings are dropped by the reporter: it is read for cross-checks only
  find(ctx, report) {
    for (const d of ctx.docs) if (d.schema) for (const f of schemaFindings(d, d.schema)) report(f);
  },
});
