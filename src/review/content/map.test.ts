import assert from 'node:assert/strict';
import { test } from 'node:test';
import { context, docFacts, stampLines } from '../../../test/review/facts-builder.ts';
import type { DocFacts } from '../facts/types.ts';
import { objectTraits, settle } from './conditions.ts';
import { mapVolume, plainlyAbsent, readingOf } from './map.ts';
import { compilePhrases } from './phrases.ts';
import { ContentReader } from './reader.ts';
import type { ContentRequirement } from './types.ts';

const source = { key: 'test', where: 'п. 13' };
const item = (letter: string, part: 'text' | 'graphic', terms: string[], extra: Partial<ContentRequirement> = {}): ContentRequirement => ({
  id: `2021:13:${letter}`,
  edition: 'before_2022_09_01',
  objects: 'nonlinear',
  point: '13',
  letter,
  part,
  sections: ['АР'],
  requirement: `пункт ${letter}`,
  terms,
  source,
  ...extra,
});

const REQS = [
  item('а', 'text', ['внешн внутрен вид', 'объемно-пространств решен']),
  item('д', 'text', ['отделк помещен']),
  item('к', 'graphic', ['фасад']),
  item('м', 'text', ['светоогражд'], { when: 'unknown', condition: 'для объектов, требующих светоограждения' }),
  item('н', 'text', ['обследован существ здан'], { when: 'reconstruction_or_repair', condition: 'при реконструкции' }),
];
const INDEX = compilePhrases(REQS);

/** Facts of a volume with the content reader of the test's own phrases (the collector's is the service's). */
function volume(pages: { text: string; stamp?: ReturnType<typeof stampLines> }[], name = 'Жилой дом по ул. Лесной'): DocFacts {
  const d = docFacts(1, '24-017-АР.pdf', 'АР', [`Объект: Строительство. ${name}\nАрхитектурные решения`, ...pages]);
  const r = new ContentReader(INDEX);
  r.read(`Объект: Строительство. ${name}`, 1, 'text');
  for (const [i, p] of pages.entries()) r.read(p.text, i + 2, 'text');
  d.content = r.finish();
  return d;
}

function mapOf(d: DocFacts) {
  const ctx = context([d]);
  const typed = ctx.set.documents[0]!;
  return mapVolume(d, { ...typed, type: 'pd_section', code: 'АР' }, REQS, INDEX, objectTraits(ctx.docs, ctx.set), 'before_2022_09_01');
}

test('an item is found by its heading, with the page and the sheet its title block carries', () => {
  const d = volume([
    { text: '1. Описание внешнего и внутреннего вида объекта\nЗдание прямоугольное в плане.', stamp: stampLines({ cipher: '24-017-АР', sheet: 2 }) },
    { text: 'Отделка помещений принята по заданию.', stamp: stampLines({ cipher: '24-017-АР', sheet: 3 }) },
  ]);
  const m = mapOf(d);
  const a = m.items.find((i) => i.requirement.letter === 'а')!;
  assert.equal(a.status, 'found');
  assert.equal(a.evidenceKind, 'heading');
  assert.equal(a.page, 2);
  assert.equal(a.sheet, 2);
  const dd = m.items.find((i) => i.requirement.letter === 'д')!;
  assert.deepEqual([dd.status, dd.evidenceKind, dd.page], ['found', 'text', 3]);
});

test('a graphic item is found by a drawing title in its title block before any passage', () => {
  const d = volume([{ text: 'Фасады здания облицованы кирпичом.' }, { text: 'Фасад 1–7', stamp: [...stampLines({ cipher: '24-017-АР', sheet: 5 })] }]);
  d.stamps.push({ ...d.stamps[0]!, docPage: 9, sheet: 8, sheetTitle: 'Фасад в осях 1–7' });
  const k = mapOf(d).items.find((i) => i.requirement.letter === 'к')!;
  assert.deepEqual([k.status, k.evidenceKind, k.sheet, k.evidence], ['found', 'drawings', 8, 'Фасад в осях 1–7']);
});

test('an item not found is not_found; one whose condition the set does not settle is conditional; one ruled out is not_applicable', () => {
  const m = mapOf(volume([{ text: 'Здание прямоугольное в плане.' }]));
  const status = Object.fromEntries(m.items.map((i) => [i.requirement.letter, i.status]));
  assert.deepEqual(status, { а: 'not_found', д: 'not_found', к: 'not_found', м: 'conditional', н: 'not_applicable' });
  assert.match(m.items.find((i) => i.requirement.letter === 'н')!.reason!, /новое строительство/);
});

test("plainly absent: fewer than half of the item's words stand anywhere in the volume", () => {
  const d = volume([{ text: 'Внутренний двор озеленён.' }]);
  assert.equal(plainlyAbsent(d, REQS[1]!, INDEX), true);
  const other = volume([{ text: 'Помещения со свободной планировкой.' }]);
  assert.equal(plainlyAbsent(other, REQS[1]!, INDEX), false);
});

test('reading: a page without text makes the volume partial; no text at all is unread', () => {
  const d = volume([{ text: 'Текст' }]);
  assert.equal(readingOf(d), 'whole');
  d.content!.pages.none = 1;
  assert.equal(readingOf(d), 'partial');
  d.content!.pages = { text: 0, ocr: 0, none: 3 };
  assert.equal(readingOf(d), 'unread');
});

test('conditions: the work from the object name, the kind from fire classes, budget unknown without an XML note', () => {
  const base = { name: null, fireClasses: [], undergroundFloors: null, budget: null, demolitionSection: false, xmlKind: null };
  assert.equal(settle('reconstruction_or_repair', { ...base, name: 'Капитальный ремонт здания школы № 10' }).holds, true);
  assert.equal(settle('new_construction', { ...base, name: 'Капитальный ремонт здания школы № 10' }).holds, false);
  assert.equal(settle('production', { ...base, fireClasses: ['Ф5.1'] }).holds, true);
  assert.equal(settle('residential', { ...base, fireClasses: ['Ф4.1'] }).holds, false);
  assert.equal(settle('budget_funded', base).holds, null);
  assert.equal(settle('underground', { ...base, undergroundFloors: 1 }).holds, true);
});

test('a section in two books answers as a whole: an item of one book found in the other is found there', async () => {
  const { contentMaps } = await import('./index.ts');
  const heating = docFacts(1, '24-017-ИОС4.1.pdf', 'ИОС4', ['Отопление\n2019 г.', 'Описание системы отопления здания.', 'Текст', 'Текст']);
  const ventilation = docFacts(2, '24-017-ИОС4.2.pdf', 'ИОС4', [
    'Вентиляция\n2019 г.',
    'Трассировка воздуховодов вентиляционных систем принята по кратчайшему пути.',
    'Текст',
    'Текст',
  ]);
  const ctx = context([heating, ventilation]);
  const maps = contentMaps(ctx.docs, ctx.set);
  assert.equal(maps.length, 2);
  const [one, two] = maps;
  const inOne = one!.items.filter((i) => i.status === 'found' && i.inDocIndex === undefined).map((i) => i.requirement.id);
  const inTwo = two!.items.filter((i) => i.status === 'found' && i.inDocIndex === undefined).map((i) => i.requirement.id);
  const onlyInTwo = inTwo.filter((id) => !inOne.includes(id));
  assert.ok(onlyInTwo.length > 0, 'the ventilation book discloses an item the heating book does not');
  for (const id of onlyInTwo) {
    const item = one!.items.find((i) => i.requirement.id === id)!;
    assert.deepEqual([item.status, item.inDocIndex], ['found', 2], id);
  }
});
