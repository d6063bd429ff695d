import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts, stampLines } from '../../../test/review/facts-builder.ts';
import { parseExplanatoryNote } from '../extract/xml-note.ts';
import { SAMPLE_NOTE } from '../../../test/review/samples.ts';
import { missingSection } from './missing-section.ts';
import { xmlNoteMismatch } from './xml-note.ts';

const profile = [
  { code: 'ПЗ', title: 'ПЗ', required: true },
  { code: 'АР', title: 'АР', required: true },
  { code: 'КР', title: 'КР', required: true },
  { code: 'ИОС1', title: 'ИОС1', required: true },
  { code: 'ИОС6', title: 'ИОС6', required: false },
];

const title = (section: string, cipher: string, year = 2024) => `ООО «Проект»\nЖилой дом\nПРОЕКТНАЯ ДОКУМЕНТАЦИЯ\n${section}\n${cipher}\nМосква\n${year}`;
const run = (docs: ReturnType<typeof docFacts>[], p = profile) => missingSection.run(context(docs, { profile: p }));

test('required sections absent from a whole set are one critical set-level finding naming every one', () => {
  const docs = [docFacts(1, '24-017-ПЗ.pdf', 'ПЗ', ['x']), docFacts(2, 'a.pdf', 'АР', ['x']), docFacts(3, 'g.pdf', 'ИОС6', ['x'])];
  const f = run(docs).findings!;
  assert.equal(f.length, 1);
  assert.match(
    f[0]!.essence,
    /отсутствуют обязательные разделы \(2\): КР — Раздел 4\. Конструктивные решения; ИОС1 — Раздел 5\. Подраздел «Система электроснабжения»/,
  );
  assert.ok(f[0]!.importance === 'critical' && f[0]!.about === null);
});

test('kinds are read from synonyms and classified when not given; optional sections are not demanded', () => {
  const docs = [
    docFacts(1, 'pz.pdf', null, ['ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ\nРаздел 1. Пояснительная записка']),
    docFacts(2, 'a.pdf', 'АР', ['x']),
    docFacts(3, 'k.pdf', 'КЖ', ['x']),
    docFacts(4, 'e.pdf', 'ЭОМ', ['x']),
  ];
  assert.deepEqual(run(docs).findings ?? [], []);
});

test('a section marked «Раздел не разрабатывался» in the XML note is not missing', () => {
  const xml = parseExplanatoryNote(SAMPLE_NOTE);
  const docs = [
    docFacts(1, 'pz.xml', null, ['x'], { format: 'xml', pdfPath: null }, xml),
    docFacts(2, 'a.pdf', 'АР', ['x']),
    docFacts(3, 'k.pdf', 'КР', ['x']),
  ];
  assert.deepEqual(run(docs).findings ?? [], []);
});

test('one volume, a survey report or estimates uploaded on their own get a warning and no findings', () => {
  const cases = [
    [docFacts(1, '24-017-АР.pdf', 'АР', [title('Раздел 3. Объемно-планировочные и архитектурные решения', '24-017-АР')])],
    [docFacts(1, '24-017-АР.pdf', 'АР', ['РАБОЧАЯ ДОКУМЕНТАЦИЯ\nАрхитектурные решения\n24-017-АР'])],
    [docFacts(1, 'ИГИ.pdf', 'ПЗ', ['ТЕХНИЧЕСКИЙ ОТЧЕТ\nпо результатам инженерно-геологических изысканий'])],
    [docFacts(1, 'ЛСР 02-01.pdf', 'ПЗ', ['ЛОКАЛЬНЫЙ СМЕТНЫЙ РАСЧЕТ (СМЕТА) № 02-01-01']), docFacts(2, 'ССР.pdf', null, ['Сводный сметный расчет'])],
    [docFacts(1, 'a.pdf', 'АР', ['x']), docFacts(2, 'k.pdf', 'КР', ['x'])],
  ];
  for (const docs of cases) {
    const out = run(docs, [...profile, { code: 'ПОС', title: 'ПОС', required: true }]);
    assert.deepEqual(out.findings ?? [], [], docs[0]!.doc.name);
    assert.equal(out.warnings?.[0]?.code, 'composition_not_checked', docs[0]!.doc.name);
  }
});

test('a 2018 set is held to the old composition: ЭЭ is a section, ТБЭ is not demanded, ТХ is ИОС7', () => {
  const p = ['ПЗ', 'АР', 'КР', 'ТБЭ', 'ТХ'].map((code) => ({ code, title: code, required: true }));
  const old = [
    docFacts(1, '025.18-ПЗ.pdf', 'ПЗ', [title('Раздел 1. Пояснительная записка', '025.18-ПЗ', 2018)]),
    docFacts(2, '025.18-АР.pdf', 'АР', [title('Раздел 3. Архитектурные решения', '025.18-АР', 2018)]),
    docFacts(3, '025.18-ЭЭ.pdf', null, [title('Раздел 10.1 Мероприятия по обеспечению соблюдения требований энергетической эффективности', '025.18-ЭЭ', 2018)]),
  ];
  const f = run(old, p).findings!;
  assert.equal(f.length, 1);
  assert.match(
    f[0]!.essence,
    /\(2\): КР — Раздел 4\. Конструктивные и объемно-планировочные решения; ИОС7 — Раздел 5\. Подраздел «Технологические решения»\.$/,
  );
  assert.match(f[0]!.evidence, /до 01\.09\.2022.*ЭЭ/);
  assert.match(f[0]!.norm!, /до ПП № 963/);
  // the same set dated 2024 and without the old section: ТБЭ and ТХ by their current titles
  const now = [old[0]!, old[1]!, docFacts(3, '24-ПБ.pdf', 'ПБ', [title('Раздел 9', '24-ПБ', 2024)])];
  assert.match(run(now, p).findings![0]!.essence, /ТБЭ — Раздел 10\. Требования к обеспечению безопасной эксплуатации.*ТХ — Раздел 6/);
});

test('estimates make the section СМ present; survey reports and ГПЗУ count as no section', () => {
  const p = ['ПЗ', 'АР', 'КР', 'СМ'].map((code) => ({ code, title: code, required: true }));
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', [title('Раздел 1. Пояснительная записка', '24-ПЗ')]),
    docFacts(2, 'ar.pdf', 'АР', [title('Раздел 3', '24-АР')]),
    docFacts(3, 'ЛСР.pdf', 'ПЗ', ['ЛОКАЛЬНЫЙ СМЕТНЫЙ РАСЧЕТ (СМЕТА) № 02-01-01']),
    docFacts(4, 'igi.pdf', 'КР', ['Технический отчет по результатам инженерно-геологических изысканий']),
  ];
  const f = run(docs, p).findings!;
  assert.equal(f.length, 1);
  assert.match(f[0]!.essence, /раздел КР — Раздел 4/);
});

test('working documentation is not held to ПП 87: комплекты listed in its register but absent are reported', () => {
  const roles = { 'Разраб.': 'Иванов', ГИП: 'Сидоров' };
  const ar = docFacts(1, '24-017-АР.pdf', 'АР', [
    'РАБОЧАЯ ДОКУМЕНТАЦИЯ\nАрхитектурные решения\n24-017-АР\n2024',
    {
      text: 'Ведомость основных комплектов рабочих чертежей\n24-017-АР Архитектурные решения\n24-017-КЖ Конструкции железобетонные\n24-017-ОВ Отопление и вентиляция\nВедомость ссылочных и прилагаемых документов\nСерия 1.038.1-1',
      stamp: stampLines({ cipher: '24-017-АР', roles, stage: 'Р' }),
    },
  ]);
  const kj = docFacts(2, '24-017-КЖ.pdf', 'КЖ', ['РАБОЧАЯ ДОКУМЕНТАЦИЯ\n24-017-КЖ']);
  const f = run([ar, kj]).findings!;
  assert.equal(f.length, 1);
  assert.match(f[0]!.essence, /24-017-ОВ \(марка ОВ\)/);
  assert.equal(f[0]!.importance, 'significant');
  // without a register: a warning, never ПП 87 sections
  const out = run([kj, docFacts(3, '24-017-АР.pdf', 'АР', ['РАБОЧАЯ ДОКУМЕНТАЦИЯ\n24-017-АР'])]);
  assert.deepEqual(out.findings ?? [], []);
  assert.match(out.warnings![0]!.message, /рабочая документация/);
});

test('the XML note with one volume: one warning names what was not uploaded, and neither check reports it again', () => {
  const xml = parseExplanatoryNote(SAMPLE_NOTE);
  const docs = [
    docFacts(1, '24-017-ПЗ.xml', null, ['x'], { format: 'xml', pdfPath: null }, xml),
    docFacts(2, '24-017-АР.pdf', 'АР', [title('Раздел 3. Объемно-планировочные и архитектурные решения', '24-017-АР')]),
    docFacts(3, 'Задание.pdf', null, ['ЗАДАНИЕ НА ПРОЕКТИРОВАНИЕ\nобъекта капитального строительства']),
  ];
  const ctx = context(docs, { profile });
  const out = missingSection.run(ctx);
  assert.deepEqual(out.findings ?? [], []);
  assert.equal(out.warnings?.length, 1);
  assert.match(out.warnings![0]!.message, /часть комплекта.*Не загружены: ПЗУ, КР, 24-017-ПЗУ\.pdf/);
  const xmlOut = xmlNoteMismatch.run(ctx).findings ?? [];
  assert.deepEqual(
    xmlOut.filter((f) => /файлы, которых нет/.test(f.essence) || f.importance === 'critical'),
    [],
  );
});

test('a complete set with the XML note still lists a file the upload lacks when its section is there under another name', () => {
  const xml = parseExplanatoryNote(SAMPLE_NOTE);
  const docs = [
    docFacts(1, '24-017-ПЗ.xml', null, ['x'], { format: 'xml', pdfPath: null }, xml),
    docFacts(2, '24-017-АР изм.1.pdf', 'АР', ['x']),
    docFacts(3, '24-017-ПЗУ.pdf', 'ПЗУ', ['x']),
    docFacts(4, '24-017-КР.pdf', 'КР', ['x']),
  ];
  const ctx = context(docs, { profile });
  assert.equal(ctx.set.completeness.kind, 'complete');
  const files = (xmlNoteMismatch.run(ctx).findings ?? []).filter((f) => /файлы, которых нет/.test(f.essence));
  assert.deepEqual(
    files.map((f) => f.importance),
    ['critical'],
  );
});
