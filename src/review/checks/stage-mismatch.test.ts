import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts, stampLines } from '../../../test/review/facts-builder.ts';
import { stageMismatch } from './stage-mismatch.ts';

const roles = { 'Разраб.': 'Иванов', 'Пров.': 'Петров', ГИП: 'Сидоров' };
const vol = (i: number, cipher: string, head: string, stage: string, stampCipher = cipher) =>
  docFacts(i, `${cipher}.pdf`, null, [
    head,
    { text: 'Текстовая часть', stamp: stampLines({ cipher: stampCipher, sheet: 1, roles, stage }) },
    { text: 'Текст', stamp: stampLines({ cipher: stampCipher, sheet: 2, roles, stage }) },
  ]);
const pd = (cipher: string, section: string) => `ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ\n${section}\n${cipher}`;

test('a ПД volume whose stamps say «Р» is a significant finding quoting the title and the stamp', () => {
  const docs = [
    vol(1, '24-017-ПЗ', pd('24-017-ПЗ', 'Раздел 1. Пояснительная записка'), 'П'),
    vol(2, '24-017-АР', pd('24-017-АР', 'Раздел 3. Архитектурные решения'), 'Р'),
  ];
  const f = stageMismatch.run(context(docs)).findings!;
  assert.equal(f.length, 1);
  assert.equal(f[0]!.about?.doc.index, 2);
  assert.equal(f[0]!.importance, 'significant');
  assert.match(f[0]!.evidence, /«ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ»[\s\S]*«Стадия Р» \(так на 2 листах\)/);
  assert.equal(f[0]!.places[0]!.page, 2);
});

test('a text part stamped «Р» in a ПД volume whose drawings print «П» is not outvoted by the drawings', () => {
  const sheet = (n: number, stage: string) => ({
    text: n === 1 ? 'Текстовая часть' : 'План этажа',
    stamp: stampLines({ cipher: '24-017-АР', sheet: n, roles, stage }),
  });
  const ar = docFacts(2, '24-017-АР.pdf', null, [
    pd('24-017-АР', 'Раздел 3. Архитектурные решения'),
    sheet(1, 'Р'),
    sheet(2, 'П'),
    sheet(3, 'П'),
    sheet(4, 'П'),
  ]);
  const docs = [vol(1, '24-017-ПЗ', pd('24-017-ПЗ', 'Раздел 1. Пояснительная записка'), 'П'), ar];
  const f = stageMismatch.run(context(docs)).findings!;
  assert.equal(f.length, 1);
  assert.equal(f[0]!.about?.doc.index, 2);
  assert.match(f[0]!.evidence, /«Стадия Р»/);
  assert.equal(f[0]!.places[0]!.page, 2);
});

test('a sheet of stage Р whose title block names another object is told as a sheet of another set bound in', () => {
  const address = 'по адресу: Московская обл., г.о. Луховицы, ул. Центральная, д.27';
  const sheet = (n: number, stage: string, object: string) => ({
    text: n === 1 ? 'Текстовая часть' : 'Спецификация оборудования',
    stamp: stampLines({ cipher: '24-017-ИОС4', sheet: n, roles, stage, object: `${object} ${address}` }),
  });
  const title = `Строительство БМК на 3,5 МВт ${address}\n${pd('24-017-ИОС4', 'Раздел 5. Подраздел 4')}`;
  const ios = docFacts(1, '24-017-ИОС4.pdf', null, [
    title,
    sheet(1, 'П', 'Строительство БМК на 3,5 МВт'),
    sheet(2, 'П', 'Строительство БМК на 3,5 МВт'),
    sheet(1, 'Р', 'Реконструкция котельной Дединово'),
  ]);
  const f = stageMismatch.run(context([ios])).findings!;
  assert.equal(f.length, 1);
  assert.match(f[0]!.essence, /вложен лист другого комплекта: .*стадию Р .*«Реконструкция котельной Дединово»/);
  assert.match(f[0]!.action, /Исключить из тома лист другого комплекта/);
  assert.equal(f[0]!.places[0]!.page, 4);
  // the same sheet naming the set's own object is the stage slip it always was
  const own = docFacts(1, '24-017-ИОС4.pdf', null, [title, sheet(1, 'П', 'Строительство БМК на 3,5 МВт'), sheet(2, 'Р', 'Строительство БМК на 3,5 МВт')]);
  const g = stageMismatch.run(context([own])).findings!;
  assert.match(g[0]!.essence, /оформлен как проектная документация .*стадию Р/);
});

test('a РД cipher in the stamps of a ПД volume, and the reverse: a РД volume stamped «П»', () => {
  const a = stageMismatch.run(context([vol(1, 'П-24-017-КР', pd('П-24-017-КР', 'Раздел 4'), 'П', 'РД-24-017-КР')])).findings!;
  assert.equal(a.length, 1);
  assert.match(a[0]!.evidence, /РД-24-017-КР/);
  const b = stageMismatch.run(context([vol(1, '24-017-АР', 'РАБОЧАЯ ДОКУМЕНТАЦИЯ\n24-017-АР', 'П')])).findings!;
  assert.match(b[0]!.essence, /рабочая документация \(стадия Р\).*стадию П/);
});

test('clean: «рабочая документация» in the text, «на стадии РД предусмотреть» in ПОС, РП stamps', () => {
  const pos = vol(
    1,
    '24-017-ПОС',
    `${pd('24-017-ПОС', 'Раздел 7. Проект организации строительства')}\nНа стадии РД предусмотреть временное ограждение.\nРабочая документация разрабатывается после экспертизы.`,
    'П',
  );
  const rp = vol(2, '24-017-АР', pd('24-017-АР', 'Раздел 3'), 'РП');
  const out = stageMismatch.run(context([pos, rp]));
  assert.deepEqual(out.findings, []);
  assert.deepEqual(out.questions, []);
});

test('a volume without a title line whose stamps disagree with the set is a question, not a finding', () => {
  const docs = [
    vol(1, '24-017-ПЗ', pd('24-017-ПЗ', 'Раздел 1'), 'П'),
    vol(2, '24-017-КР', pd('24-017-КР', 'Раздел 4'), 'П'),
    vol(3, '24-017-АР', 'Архитектурные решения', 'Р'),
  ];
  const out = stageMismatch.run(context(docs));
  assert.deepEqual(out.findings, []);
  assert.equal(out.questions!.length, 1);
  assert.match(out.questions![0]!.text, /«Стадия Р»/);
});
