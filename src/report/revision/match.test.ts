import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Finding, PageRef, PublishedSetDocument, PublishedSetModel } from '../../kernel/result.ts';
import { matchFindings, revisionOf, type RevisionSide } from './match.ts';

let ids = 0;

function ref(doc: number, docPage: number, page = docPage, kind = 'КР'): PageRef {
  return { page, in_docset: true, kind, doc_index: doc, doc_page: docPage, label: `стр. ${page}` };
}

function finding(n: number, over: Partial<Finding> & Pick<Finding, 'essence'>): Finding {
  return {
    n,
    finding_id: `f-${++ids}`,
    status: 'open',
    importance: 'significant',
    section: 'КР',
    evidence_text: '',
    action: '',
    pages: [],
    page_refs: [],
    sources: [],
    topic: 'construction',
    check_id: 'consistency.values',
    ...over,
  };
}

/** A document of the set model with one numbered part: sheets from `sheet` on its first page. */
function doc(index: number, code: string, cipher: string | null, pages = 10, sheet: number | null = 1): PublishedSetDocument {
  return {
    doc_index: index,
    type: 'pd_section',
    code,
    stage: 'П',
    evidence: '',
    parts: [
      {
        kind: 'drawings',
        cue: 'start',
        cipher,
        page_from: 1,
        page_to: pages,
        sheet_from: sheet,
        sheet_to: sheet === null ? null : sheet + pages - 1,
        sheets_declared: null,
        form: 3,
        numbering: sheet === null ? null : 1,
      },
    ],
  };
}

function setOf(documents: PublishedSetDocument[]): PublishedSetModel {
  return {
    stage: 'П',
    edition: 'from_2022_09_01',
    edition_basis: '',
    reference_date: null,
    reference_date_source: null,
    reference_date_text: null,
    reference_doc_index: null,
    reference_page: null,
    documents,
    summary: '',
  };
}

function side(findings: Finding[], documents: PublishedSetDocument[], names: [number, string][]): RevisionSide {
  return { findings, set: setOf(documents), names: new Map(names) };
}

const area = (docName: string, value: string) => `Расхождение значения «Площадь застройки» между документами: ${value} м² в «${docName}» и 1200 м² в «ПЗ.pdf».`;

test('a finding about the same attribute of the same documents persists though its figures changed', () => {
  const before = finding(3, { essence: area('КР1.pdf', '1250'), page_refs: [ref(2, 4, 14)] });
  const after = finding(5, { essence: area('КР1.pdf', '1240'), page_refs: [ref(2, 4, 14)] });
  const docs = [doc(1, 'ПЗ', '24-017-ПЗ'), doc(2, 'КР', '24-017-КР1')];
  const names: [number, string][] = [
    [1, 'ПЗ.pdf'],
    [2, 'КР1.pdf'],
  ];
  const m = matchFindings(side([after], docs, names), side([before], docs, names));
  assert.equal(m.persisting.get(after.finding_id)?.finding_id, before.finding_id);
  assert.deepEqual(m.resolved, []);
});

test('trap: the same text about another document (another cipher) is a new finding, and the old one is resolved', () => {
  const before = finding(1, { essence: area('КР.pdf', '1250'), page_refs: [ref(2, 4)] });
  const after = finding(1, { essence: area('КР.pdf', '1250'), page_refs: [ref(2, 4)] });
  // the file has the same name, but the title blocks now carry another volume's cipher
  const m = matchFindings(side([after], [doc(2, 'КР', '24-017-КР2')], [[2, 'КР.pdf']]), side([before], [doc(2, 'КР', '24-017-КР1')], [[2, 'КР.pdf']]));
  assert.equal(m.persisting.size, 0);
  assert.deepEqual(
    m.resolved.map((f) => f.finding_id),
    [before.finding_id],
  );
});

test('trap: a renamed file with the same cipher (Latin look-alikes, spaces) still carries its finding', () => {
  const before = finding(2, {
    essence: 'Марка в шифре не соответствует разделу документа «24-017-КР1.pdf».',
    check_id: 'consistency.cipher',
    page_refs: [ref(3, 1)],
  });
  const after = finding(2, {
    essence: 'Марка в шифре не соответствует разделу документа «Том 4.1 Конструктивные решения изм1.pdf».',
    check_id: 'consistency.cipher',
    page_refs: [ref(1, 1)],
  });
  const m = matchFindings(
    side([after], [doc(1, 'КР', '24-017-KP1')], [[1, 'Том 4.1 Конструктивные решения изм1.pdf']]),
    side([before], [doc(3, 'КР', '24-017 - КР1')], [[3, '24-017-КР1.pdf']]),
  );
  assert.equal(m.persisting.get(after.finding_id)?.finding_id, before.finding_id);
});

test('trap: pages shifted by a volume inserted before it, and pages inside it, keep the finding on its sheet', () => {
  const essence = 'В основной надписи документа «АР.pdf» указан шифр 24-017-КР вместо 24-017-АР.';
  const before = finding(4, { essence, check_id: 'consistency.cipher', section: 'АР', page_refs: [ref(1, 3, 3, 'АР')] });
  // two front pages without title blocks were added: page 5 of the document now carries sheet 3
  const shifted = doc(2, 'АР', '24-017-АР', 12);
  shifted.parts = [
    { ...shifted.parts![0]!, kind: 'text', page_from: 1, page_to: 2, sheet_from: null, sheet_to: null, numbering: null },
    { ...shifted.parts![0]!, page_from: 3, page_to: 12, sheet_from: 1, sheet_to: 10 },
  ];
  const after = finding(9, { essence, check_id: 'consistency.cipher', section: 'АР', page_refs: [ref(2, 5, 45, 'АР')] });
  const m = matchFindings(
    side([after], [doc(1, 'ПЗ', '24-017-ПЗ', 40), shifted], [[2, 'АР.pdf']]),
    side([before], [doc(1, 'АР', '24-017-АР')], [[1, 'АР.pdf']]),
  );
  assert.equal(m.persisting.get(after.finding_id)?.finding_id, before.finding_id);
});

test('the same check on another sheet of the same document is not the same finding', () => {
  const essence = (sheet: number) => `В документе «КР.pdf» номер листа ${sheet} повторяется на 2 страницах.`;
  const before = finding(1, { essence: essence(3), check_id: 'sheets.numbering', page_refs: [ref(1, 3)] });
  const after = finding(1, { essence: essence(7), check_id: 'sheets.numbering', page_refs: [ref(1, 7)] });
  const docs = [doc(1, 'КР', '24-017-КР')];
  const m = matchFindings(side([after], docs, [[1, 'КР.pdf']]), side([before], docs, [[1, 'КР.pdf']]));
  assert.equal(m.persisting.size, 0);
  assert.equal(m.resolved.length, 1);
});

test('another compared attribute of the same documents is not the same finding', () => {
  const floors = 'Расхождение значения «Количество этажей» между документами: 9 в «КР1.pdf» и 10 в «ПЗ.pdf».';
  const before = finding(1, { essence: area('КР1.pdf', '1250'), page_refs: [ref(2, 4)] });
  const after = finding(1, { essence: floors, page_refs: [ref(2, 4)] });
  const docs = [doc(1, 'ПЗ', '24-017-ПЗ'), doc(2, 'КР', '24-017-КР1')];
  const m = matchFindings(side([after], docs, [[2, 'КР1.pdf']]), side([before], docs, [[2, 'КР1.pdf']]));
  assert.equal(m.persisting.size, 0);
});

test('different norms under one check are different findings', () => {
  const superseded = (norm: string) =>
    finding(1, { essence: `Ссылка на недействующий нормативный документ ${norm}.`, check_id: 'norms.superseded', sources: [{ type: 'norm', title: norm }] });
  const before = superseded('СНиП 2.01.07-85');
  const after = superseded('СП 20.13330.2016');
  const m = matchFindings(side([after], [], []), side([before], [], []));
  assert.equal(m.persisting.size, 0);
});

test('many to many: each finding pairs with the closest one, once', () => {
  const docs = [doc(1, 'КР', null, 10, null)];
  const names: [number, string][] = [[1, 'КР.pdf']];
  const date = (raw: string, page: number) =>
    finding(page, { essence: `В дате «${raw}» указан год 2205 — опечатка в годе, с. ${page}.`, check_id: 'dates.implausible', page_refs: [ref(1, page)] });
  const before = [date('01.02.2205', 2), date('03.04.2205', 6)];
  const after = [date('03.04.2205', 6)];
  const m = matchFindings(side(after, docs, names), side(before, docs, names));
  assert.equal(m.persisting.get(after[0]!.finding_id)?.finding_id, before[1]!.finding_id);
  assert.deepEqual(
    m.resolved.map((f) => f.n),
    [2],
  );
});

test('revisionOf marks every finding and counts new, persisting and resolved', () => {
  const docs = [doc(1, 'ПЗ', '24-017-ПЗ'), doc(2, 'КР', '24-017-КР1')];
  const names: [number, string][] = [
    [1, 'ПЗ.pdf'],
    [2, 'КР1.pdf'],
  ];
  const kept = finding(1, { essence: area('КР1.pdf', '1250'), page_refs: [ref(2, 4)] });
  const gone = finding(2, { essence: 'Ссылка на недействующий нормативный документ СНиП 2.01.07-85.', check_id: 'norms.superseded', section: 'ОБЩ' });
  const still = finding(1, { essence: area('КР1.pdf', '1250'), page_refs: [ref(2, 4)] });
  const fresh = finding(2, { essence: 'В комплекте отсутствует обязательный раздел ПОС.', check_id: 'completeness.missing_section', section: 'ОБЩ' });
  const m = matchFindings(side([still, fresh], docs, names), side([kept, gone], docs, names));
  const { findings, revision } = revisionOf([still, fresh], m, { runId: 'r0', publishedAt: '2026-11-20T10:00:00.000Z' });
  assert.deepEqual(findings[0]!.revision, { status: 'persisting', previous_finding_id: kept.finding_id, previous_n: 1 });
  assert.deepEqual(findings[1]!.revision, { status: 'new' });
  assert.deepEqual(revision.counts, { new: 1, persisting: 1, resolved: 1 });
  assert.equal(revision.resolved[0]!.n, 2);
  assert.equal(revision.resolved[0]!.place, 'Комплект в целом');
});

test('a cipher the title blocks of one revision gave and of the other did not is no difference', () => {
  const before = finding(1, { essence: area('КР.pdf', '1250'), page_refs: [ref(2, 4)] });
  const after = finding(1, { essence: area('КР.pdf', '1250'), page_refs: [ref(2, 4)] });
  const m = matchFindings(side([after], [doc(2, 'КР', null, 10, null)], [[2, 'КР.pdf']]), side([before], [doc(2, 'КР', '24-017-КР1')], [[2, 'КР.pdf']]));
  assert.equal(m.persisting.get(after.finding_id)?.finding_id, before.finding_id);
});

test('a previous result without a set model is compared by the sections of the pages on both sides', () => {
  const before = finding(1, { essence: area('КР.pdf', '1250'), page_refs: [ref(2, 4)] });
  const after = finding(1, { essence: area('КР.pdf', '1250'), page_refs: [ref(2, 4)] });
  const m = matchFindings(side([after], [doc(2, 'КР', '24-017-КР1')], [[2, 'КР.pdf']]), { findings: [before], names: new Map([[2, 'КР.pdf']]) });
  assert.equal(m.persisting.size, 1);
});

test('without ciphers, two volumes of one section are told apart by their file names', () => {
  const docs = [doc(1, 'КР', null, 10, null), doc(2, 'КР', null, 10, null)];
  const names: [number, string][] = [
    [1, 'КР1 Фундаменты.pdf'],
    [2, 'КР2 Каркас.pdf'],
  ];
  const text = (name: string) => `В документе «${name}» номер листа повторяется на 2 страницах.`;
  const before = [
    finding(1, { essence: text('КР1 Фундаменты.pdf'), check_id: 'sheets.numbering', page_refs: [ref(1, 2)] }),
    finding(2, { essence: text('КР2 Каркас.pdf'), check_id: 'sheets.numbering', page_refs: [ref(2, 2)] }),
  ];
  const after = [finding(1, { essence: text('КР2 Каркас.pdf'), check_id: 'sheets.numbering', page_refs: [ref(2, 2)] })];
  const m = matchFindings(side(after, docs, names), side(before, docs, names));
  assert.equal(m.persisting.get(after[0]!.finding_id)?.finding_id, before[1]!.finding_id);
});

test('a list after the colon partly mended stays one finding: the sections still missing persist', () => {
  const missing = (sections: string) =>
    finding(1, { essence: `В комплекте отсутствуют обязательные разделы: ${sections}.`, check_id: 'completeness.missing_section', section: 'ОБЩ' });
  const before = missing('ИОС1 — Раздел 5. Подраздел «Система электроснабжения»; ПОС — Раздел 6. Проект организации строительства');
  const after = missing('ПОС — Раздел 6. Проект организации строительства');
  const m = matchFindings(side([after], [], []), side([before], [], []));
  assert.equal(m.persisting.get(after.finding_id)?.finding_id, before.finding_id);
});

test('mended down to one section whose name is quoted, the missing-sections finding persists', () => {
  const before = finding(1, {
    essence:
      'В комплекте отсутствуют обязательные разделы (2): ИОС1 — Раздел 5. Подраздел «Система электроснабжения»; ПОС — Раздел 6. Проект организации строительства.',
    check_id: 'completeness.missing_section',
    section: 'ОБЩ',
  });
  const after = finding(1, {
    essence: 'В комплекте отсутствует обязательный раздел ИОС1 — Раздел 5. Подраздел «Система электроснабжения».',
    check_id: 'completeness.missing_section',
    section: 'ОБЩ',
  });
  const m = matchFindings(side([after], [], []), side([before], [], []));
  assert.equal(m.persisting.get(after.finding_id)?.finding_id, before.finding_id);
});
