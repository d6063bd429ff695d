/**
 * The generator's content items driven by a requirements list other than the one committed: items of the current
 * edition for ПЗ, ПЗУ and КР whose terms overlap (a graphic item's words inside a text item's, a section's title
 * naming an item), pushed into the list before the generator and the engine compile it. A clean set is clean, every
 * variant of the plant is raised as recorded, every trap is found — whatever the list, as when the generated data
 * replaces the provisional one.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ContentRequirement } from '../../src/review/content/types.ts';
import type { ContentTrap, SetSpec } from './types.ts';

const data = await import('../../src/review/data/content-requirements.ts');
const item = (
  id: string,
  section: string,
  part: 'text' | 'graphic',
  requirement: string,
  terms: string[],
  when?: ContentRequirement['when'],
): ContentRequirement => ({
  id,
  edition: 'from_2022_09_01',
  objects: 'nonlinear',
  point: id.split(':')[1]!,
  letter: id.split(':')[2]!,
  part,
  sections: [section],
  requirement,
  terms,
  source: { key: 'pp87-2021', where: 'test' },
  ...(when ? { when, condition: 'при условии' } : {}),
});
(data.CONTENT_REQUIREMENTS as ContentRequirement[]).push(
  item('t:10:а', 'ПЗ', 'text', 'реквизиты одного из документов, на основании которых принято решение о разработке проектной документации', [
    'реквизит документ',
    'основани разработк',
  ]),
  item('t:10:б', 'ПЗ', 'text', 'исходные данные и условия для подготовки проектной документации', ['исходн данн', 'услови подготовк']),
  item('t:10:в', 'ПЗ', 'text', 'сведения о климатической, географической и инженерно-геологической характеристике района', [
    'климатическ характеристик',
    'инженерно-геологическ услови',
  ]),
  item('t:10:д', 'ПЗ', 'text', 'сведения о сносе зданий при реконструкции', ['снос здани', 'демонтаж'], 'reconstruction_or_repair'),
  item('t:10:е', 'ПЗ', 'text', 'сведения о численности жителей', ['численност жител'], 'residential'),
  item('t:14:б', 'КР', 'text', 'описание и обоснование конструктивных решений зданий и сооружений', ['конструктивн решен']),
  item('t:14:в', 'КР', 'graphic', 'схемы расположения фундаментов', ['схем фундамент', 'план фундамент']),
  item('t:14:г', 'КР', 'text', 'описание конструктивных решений фундаментов', ['решен фундамент', 'тип фундамент']),
  item('t:12:а', 'ПЗУ', 'text', 'характеристика земельного участка, предоставленного для размещения объекта', ['характеристик земельн участк']),
  item('t:12:б', 'ПЗУ', 'graphic', 'схема планировочной организации земельного участка', ['схем планировочн организац']),
  item('t:12:в', 'ПЗУ', 'text', 'обоснование решений по инженерной подготовке территории', ['инженерн подготовк территор']),
);
const { generateSet } = await import('./generate.ts');
const { reviewSet } = await import('../../src/review/engine.ts');
const { loadConfig, readingSettingsOf } = await import('../../src/config.ts');
const { reviewInput } = await import('../quality/review-input.ts');
const { detected } = await import('../quality/measure.ts');

const XSD_DIR = fileURLToPath(new URL('../fixtures/xsd/', import.meta.url));

async function review(spec: SetSpec) {
  const dir = await mkdtemp(join(tmpdir(), 'drs-gen-list-'));
  try {
    const set = await generateSet(spec, join(dir, 'set'));
    await mkdir(join(dir, 'work'), { recursive: true });
    const input = reviewInput(set, join(dir, 'work'), () => null);
    const outcome = await reviewSet(input, undefined, { ...readingSettingsOf(loadConfig()), xsdDir: XSD_DIR });
    const items = (outcome.content_map ?? []).flatMap((v) => v.items.map((i) => ({ ...i, section: v.section })));
    return { set, input, outcome, items, notFound: items.filter((i) => i.status === 'not_found').map((i) => i.id) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('a clean set of the current edition discloses every item of the list in ПЗ, ПЗУ and КР', async () => {
  const { items, notFound } = await review({ seed: 61, formats: ['pdf', 'docx'], defects: [], withXmlNote: true });
  assert.deepEqual(notFound, []);
  assert.deepEqual([...new Set(items.filter((i) => i.id.startsWith('t:')).map((i) => i.section))].sort(), ['КР', 'ПЗ', 'ПЗУ']);
});

for (let variant = 0; variant < 3; variant++) {
  test(`the plant's variant ${variant} takes out an item of the list and it is raised as recorded`, async () => {
    const r = await review({ seed: 70 + variant, formats: ['pdf'], defects: [{ kind: 'content.items_missing', variant }] });
    const d = r.set.planted[0]!;
    const planted = d.contentItem;
    assert.ok(planted, 'a content item planted');
    assert.ok(!planted.id.startsWith('2021:'), 'an item of the current edition, the set not dated back');
    assert.deepEqual(r.notFound, [planted.id]);
    assert.ok(detected(d, { id: 'list', clean: false, hasXml: false, planted: r.set.planted, input: r.input, outcome: r.outcome }), d.detail);
  });
}

for (const trap of ['content_other_words', 'content_drawing', 'content_table'] as ContentTrap[]) {
  test(`trap ${trap} on an item of the list is found`, async () => {
    const r = await review({ seed: 80, formats: ['pdf'], defects: [], traps: [trap] });
    assert.equal(r.set.contentTraps.length, 1);
    assert.equal(r.items.find((i) => i.id === r.set.contentTraps[0]!.item)?.status, 'found');
    assert.deepEqual(r.notFound, []);
  });
}
