/** A realistic published result for report tests: Cyrillic sections, 36 findings, questions, warnings. */
import type { RegisterContext } from '../../src/report/register/index.ts';
import {
  availableSections,
  countFindings,
  THEMES,
  type Finding,
  type Importance,
  type PageRef,
  type PublishedResult,
  type Theme,
} from '../../src/kernel/result.ts';
import type { ReportMeta } from '../../src/report/types.ts';
import { contentQuestion, makeContentMap } from '../helpers/content-map.ts';

export const RUN_ID = '3f1c2a9e-7b4d-4e8a-9c21-5d6e7f809a1b';

export const META: ReportMeta = {
  run_id: RUN_ID,
  organization: 'ООО «Экспертстрой»',
  object_address: 'г. Казань, ул. Чистопольская, д. 20/12',
  object_name: 'Многоквартирный жилой дом со встроенными помещениями',
  user_request: 'Проверить комплект на соответствие ПП РФ № 87 и действующим сводам правил; особое внимание — пожарной безопасности и конструктивным решениям.',
  created_at: '2026-11-21T09:15:00Z',
  published_at: '2026-11-21T09:42:30Z',
  documents: [
    { index: 1, name: '24-017-ПЗ.pdf', kind: 'ПЗ', pages: 40, role: 'review', page_from: 1, page_to: 40 },
    { index: 2, name: '24-017-АР.pdf', kind: 'АР', pages: 60, role: 'review', page_from: 41, page_to: 100 },
    { index: 3, name: '24-017-КР.pdf', kind: 'КР', pages: 80, role: 'review', page_from: 101, page_to: 180 },
    { index: 4, name: '24-017-ИОС1 Система электроснабжения.pdf', kind: 'ИОС1', pages: 30, role: 'review', page_from: 181, page_to: 210 },
    { index: 5, name: '24-017-ПБ.pdf', kind: 'ПБ', pages: 25, role: 'review', page_from: 211, page_to: 235 },
    { index: 6, name: 'Задание на проектирование.docx', kind: null, pages: 5, role: 'context', page_from: 236, page_to: 240 },
  ],
};

const SECTIONS: { code: string; doc: number; topic: Theme }[] = [
  { code: 'ОБЩ', doc: 1, topic: 'unassigned' },
  { code: 'ПЗ', doc: 1, topic: 'norms' },
  { code: 'АР', doc: 2, topic: 'construction' },
  { code: 'КР', doc: 3, topic: 'construction' },
  { code: 'ИОС1', doc: 4, topic: 'engineering' },
  { code: 'ПБ', doc: 5, topic: 'norms' },
];

const LEVELS: Importance[] = ['minor', 'significant', 'critical'];

function pageRef(doc: number, docPage: number): PageRef {
  const d = META.documents[doc - 1]!;
  const page = d.page_from! + docPage - 1;
  return { page, in_docset: true, kind: d.kind ?? '', doc_index: doc, doc_page: docPage, label: `стр. ${page} (док. ${doc} «${d.name}», л. ${docPage})` };
}

/** Finding n=1..count spread over the sections round-robin; every seventh one has no page_refs. */
export function makeFindings(count: number): Finding[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const s = SECTIONS[i % SECTIONS.length]!;
    const refs = n % 7 === 0 ? [] : [pageRef(s.doc, (n % 20) + 1), pageRef(s.doc, (n % 20) + 3)];
    return {
      n,
      finding_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      status: 'open',
      importance: LEVELS[Math.floor(i / SECTIONS.length) % 3]!,
      section: s.code,
      essence: `Замечание ${n}: в разделе ${s.code} применён отменённый документ СНиП 2.01.07-85* «Нагрузки и воздействия» вместо СП 20.13330.2016; расчётная снеговая нагрузка для III снегового района принята 1,5 кПа, что не соответствует требованиям.`,
      evidence_text: n % 7 === 0 ? `Штамп листа 3 тома ${s.code}: отсутствует подпись ГИП` : `Текст на листе: «нагрузки приняты по СНиП 2.01.07-85*»`,
      action: 'Заменить ссылку на СП 20.13330.2016, пересчитать нагрузки и откорректировать графическую часть.',
      pages: refs.map((r) => r.page),
      page_refs: refs,
      sources: [
        { type: 'norm', title: 'СП 20.13330.2016 «Нагрузки и воздействия», п. 10.2' },
        { type: 'document', title: META.documents[s.doc - 1]!.name, doc_index: s.doc, page: refs[0]?.doc_page ?? 3 },
      ],
      topic: s.topic,
      check_id: `check-${s.code}`,
    };
  });
}

export function makeResult(count = 36): PublishedResult {
  const findings = makeFindings(count);
  return {
    findings,
    questions: [
      {
        n: 1,
        question_id: 'q-1',
        section: 'АР',
        text: 'Общая площадь квартир в ПЗ (4 512,3 м²) отличается от экспликации АР (4 498,7 м²). Какая величина верна?',
        reason: 'Расхождение может быть следствием разных методик подсчёта.',
        pages: [12, 55],
      },
      {
        n: 2,
        question_id: 'q-2',
        section: 'КР',
        text: 'Принят ли класс бетона В30 для фундаментной плиты по расчёту?',
        reason: 'В ТЧ указан В25, на листах — В30.',
        pages: [120],
      },
      {
        n: 3,
        question_id: 'q-3',
        section: 'ПБ',
        text: 'Предусмотрена ли СОУЭ 3-го типа для встроенных помещений?',
        reason: 'Задание требует особого внимания к пожарной безопасности.',
        pages: [],
      },
    ],
    warnings: [
      { code: 'ocr_used', message: 'Текст страниц распознан с изображения; возможны ошибки распознавания', doc_index: 3, page: 14 },
      { code: 'kind_unknown', message: 'Раздел документа не определён; документ использован как справочный', doc_index: 6 },
    ],
    reference_problems: [
      { reference: 'лист 12', problem: 'лист с таким номером в томе отсутствует', doc_index: 2, page: 3 },
      { reference: '24-017-КР2', problem: 'том не входит в комплект', doc_index: 3, page: 1 },
    ],
    usage: { pages_read: 240, characters_read: 512_000, ocr_pages: 12, seconds: 95 },
    counts: countFindings(findings),
    available_sections: availableSections(findings),
    available_themes: THEMES.filter((t) => findings.some((f) => f.topic === t)),
    parsed: true,
    feedback_snapshot: 'snap-1',
  };
}

/** META with a ПЗУ volume added after the others (document 7, running pages 241–252), for the content map. */
export const META_WITH_PZU: ReportMeta = {
  ...META,
  documents: [...META.documents, { index: 7, name: '24-017-ПЗУ.pdf', kind: 'ПЗУ', pages: 12, role: 'review', page_from: 241, page_to: 252 }],
};

/**
 * makeResult(count) with a content map of the ПЗ (document 1) and the ПЗУ (document 7 of META_WITH_PZU): the ПЗУ
 * item not found asked as question 4, the ПЗ one raised as finding № 2 (a finding of ПЗ).
 */
export function makeResultWithContentMap(count = 36): PublishedResult {
  const result = makeResult(count);
  const question = contentQuestion('q-4', 4);
  result.questions.push(question);
  result.content_map = makeContentMap(
    { doc_index: 1, page_from: 1, cipher: '24-017-ПЗ', kind: 'ПЗ' },
    { doc_index: 7, page_from: 241, cipher: '24-017-ПЗУ', kind: 'ПЗУ' },
    { questionId: question.question_id, findingId: result.findings[1]!.finding_id },
  );
  return result;
}

/** What a register says of its round when it is drawn outside one: a run of no bundle, no expert named (benchmarks). */
export function bareRegisterContext(runId: string): RegisterContext {
  return {
    runId,
    organization: 'Бенчмарк',
    objectAddress: null,
    bundleLabel: null,
    round: null,
    at: new Date().toISOString(),
    expert: null,
    authors: new Map(),
  };
}
