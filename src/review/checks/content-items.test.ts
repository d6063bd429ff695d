import assert from 'node:assert/strict';
import { test } from 'node:test';
import { context, docFacts, type FakePage } from '../../../test/review/facts-builder.ts';
import { contentItems } from './content-items.ts';

const TITLE = 'ООО «Вектор»\nЖилой дом по ул. Лесной, д. 5\nПРОЕКТНАЯ ДОКУМЕНТАЦИЯ\nРаздел 3. Архитектурные решения\n24-017-АР\nТом 3\n2019 г.';
const CONTENTS = [
  'Содержание тома',
  'Обозначение',
  'Наименование',
  'Примечание',
  '24-017-АР.С',
  'Содержание тома',
  'л. 1',
  '24-017-АР.ТЧ',
  'Текстовая часть',
  'л. 2',
  '24-017-АР',
  'Графическая часть. Фасады',
  'л. 6',
].join('\n');

/** Every item of п. 13 the 2021 text requires of a residential house, each under its heading, except those left out. */
const SECTIONS: Record<string, string> = {
  а: '1. Описание и обоснование внешнего и внутреннего вида объекта, его пространственной организации',
  б: '2. Обоснование принятых объемно-пространственных и архитектурно-художественных решений',
  'б(1)': '3. Архитектурные решения в части энергетической эффективности',
  'б(2)': '4. Мероприятия по соблюдению требований энергетической эффективности',
  в: '5. Композиционные приемы при оформлении фасадов',
  г: '6. Отделка помещений',
  д: '7. Естественное освещение помещений',
  е: '8. Защита помещений от шума и вибрации',
  л: '9. План этажа с экспликацией помещений',
  и: '10. Фасады',
};

function volume(without: string[] = []): ReturnType<typeof docFacts> {
  const text = Object.entries(SECTIONS)
    .filter(([k]) => !without.includes(k))
    .map(([, heading]) => `${heading}\nПринято по заданию на проектирование.`);
  const pages: (string | FakePage)[] = [TITLE, CONTENTS, ...text.slice(0, 4), text.slice(4).join('\n') || 'Прочее.', 'Фасад в осях 1–7'];
  return docFacts(1, '24-017-АР.pdf', 'АР', pages);
}

const run = (d: ReturnType<typeof docFacts>) => contentItems.run(context([d]));

test('a volume disclosing every item of its section is asked nothing', () => {
  const out = run(volume());
  assert.deepEqual(out.questions ?? [], []);
  assert.deepEqual(out.findings ?? [], []);
});

test('an item not found is one question per volume naming the point, the letter and what it requires', () => {
  const d = volume(['е']);
  // a contents list not read confidently: the volume may disclose the item where its text was not read
  d.contents!.confident = false;
  const out = run(d);
  assert.equal(out.questions?.length, 1);
  const q = out.questions![0]!;
  assert.match(q.text, /п\. 13 «е» — описание архитектурно-строительных мероприятий, обеспечивающих защиту помещений/);
  assert.match(q.text, /в редакции до 01\.09\.2022/);
  assert.deepEqual(q.keys, ['content:1:2021:13:е']);
  assert.match(q.reason, /найдено \d+/);
});

test('an item none of whose words stands anywhere in a volume read whole with its contents is a significant finding', () => {
  const d = volume(['д']);
  d.contents!.confident = true;
  const out = run(d);
  const f = out.findings?.find((x) => x.checkId === 'content.items_missing');
  assert.ok(f, 'a finding');
  assert.equal(f!.importance, 'significant');
  assert.match(f!.essence, /не содержит сведений, предусмотренных п\. 13 «д» Положения/);
  assert.ok(!(out.questions ?? []).some((q) => q.text.includes('п. 13 «д»')), 'not asked as well');
});

test('nothing is said of a volume of fewer than four pages', () => {
  const d = docFacts(1, '24-017-АР.pdf', 'АР', [TITLE, 'Текст']);
  assert.deepEqual(run(d).questions ?? [], []);
});
