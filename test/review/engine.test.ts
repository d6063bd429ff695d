import { test, before, after } from 'node:test';
import { NO_SCHEMAS, TEST_SCHEMAS } from '../helpers/fixtures.ts';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reviewSet } from '../../src/review/engine.ts';
import { loadConfig, readingSettingsOf } from '../../src/config.ts';
import type { ReviewDocument, ReviewInput, ReviewProgress } from '../../src/review/types.ts';
import { inSetOrder, pdfDoc, writePdf, type PageSpec } from './fixtures.ts';
import { SAMPLE_NOTE } from './samples.ts';

let dir = '';
// hand-written XML notes, not written to the official schemas: read with a schema folder that holds none
const reading = { ...readingSettingsOf(loadConfig()), xsdDir: NO_SCHEMAS };
const profile = ['ПЗ', 'АР', 'КР', 'ПОС'].map((code) => ({ code, title: code, required: true }));
const roles = { 'Разраб.': 'Иванов', 'Пров.': 'Петров', ГИП: 'Сидоров', 'Н. контр.': 'Кузнецова' };

const pz = (storeys: number, extra: string[] = []): PageSpec[] => [
  { lines: ['ООО «Проект»', 'ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ', 'Раздел 1. Пояснительная записка', '24-017-ПЗ', 'Москва 2025 г.'] },
  {
    lines: [
      'Адрес объекта: г. Москва, ул. Ленина, д. 5',
      'Кадастровый номер участка 77:01:0001001:1234',
      `Этажность – ${storeys}`,
      'Общая площадь здания – 1 234,5 м2',
      'Количество квартир – 120',
      ...extra,
    ],
    stamp: { cipher: '24-017-ПЗ', sheet: 1, sheets: 2, roles },
  },
  { lines: ['Нагрузки приняты по СП 20.13330.2016.'], stamp: { cipher: '24-017-ПЗ', sheet: 2, short: true } },
];
const ar = (o: { storeys?: number; sheets?: number[]; house?: number } = {}): PageSpec[] =>
  (o.sheets ?? [1, 2, 3]).map((n, i) => ({
    lines:
      i === 0
        ? [
            'Раздел 3. Объемно-планировочные и архитектурные решения',
            `Адрес: г. Москва, улица Ленина, дом ${o.house ?? 5}`,
            `Этажность здания ${o.storeys ?? 9} этажей`,
          ]
        : [`План ${n} этажа`],
    stamp: { cipher: '24-017-АР', sheet: n, ...(i === 0 ? { sheets: 3 } : {}), roles },
  }));
const kr = (o: { cipher?: string; roles?: Record<string, string>; text?: string[] } = {}): PageSpec[] => [
  {
    lines: ['Раздел 4. Конструктивные решения', 'Кадастровый номер 77:01:0001001:1234', ...(o.text ?? [])],
    stamp: { cipher: o.cipher ?? '24-017-КР', sheet: 1, sheets: 1, roles: o.roles ?? roles },
  },
];
const pos: PageSpec[] = [{ lines: ['Раздел 7. Проект организации строительства'], stamp: { cipher: '24-017-ПОС', sheet: 1, sheets: 1, roles } }];

async function set(name: string, parts: [string, string | null, PageSpec[], Partial<ReviewDocument>?][]): Promise<ReviewInput> {
  const docs: ReviewDocument[] = [];
  for (const [file, kind, pages, extra] of parts) {
    const path = join(dir, `${name}-${file}`);
    await writePdf(path, pages);
    docs.push(pdfDoc(path, file, kind, pages.length, extra));
  }
  return { documents: inSetOrder(docs), objectAddress: null, userRequest: null, profile, workDir: dir };
}

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'drs-engine-'));
});
after(() => rm(dir, { recursive: true, force: true }));

test('a consistent set gets no findings and every page is read', async () => {
  const input = await set('clean', [
    ['24-017-ПЗ.pdf', null, pz(9)],
    ['24-017-АР.pdf', 'АР', ar()],
    ['24-017-КР.pdf', 'КР', kr()],
    ['24-017-ПОС.pdf', 'ПОС', pos],
  ]);
  const progress: ReviewProgress[] = [];
  const out = await reviewSet(input, (p) => progress.push(p), { ...reading, timeoutMs: 20_000 });
  assert.deepEqual(
    out.findings.map((f) => `${f.check_id}: ${f.essence}`),
    [],
  );
  assert.deepEqual(out.questions, []);
  assert.deepEqual(
    out.warnings.filter((w) => w.code !== 'set_model'),
    [],
  );
  assert.equal(out.usage.pages_read, 8);
  assert.ok(out.usage.characters_read > 200);
  assert.deepEqual(progress.at(-1), { pagesDone: 8, pagesTotal: 8 });
});

test('planted defects are found by their checks, on the right documents, in report order', async () => {
  const { 'Н. контр.': _nk, ...noNk } = roles;
  const input = await set('defects', [
    ['24-017-ПЗ.pdf', null, pz(9, ['Теплозащита по СНиП 23-02-2003, узлы см. 24-017-КР2.', 'Фасады см. лист 12.'])],
    ['24-017-АР.pdf', 'АР', ar({ storeys: 10, sheets: [1, 2, 4], house: 7 })],
    ['24-017-КР.pdf', 'КР', kr({ cipher: '24-017-АР', roles: noNk })],
  ]);
  input.userRequest = 'Проверьте раздел ПОС';
  const out = await reviewSet(input, undefined, { ...reading, timeoutMs: 20_000 });
  const got = out.findings.map((f) => [f.n, f.section, f.check_id]);
  assert.deepEqual(got, [
    [1, 'ОБЩ', 'completeness.missing_section'],
    [2, 'ПЗ', 'norms.superseded'],
    [3, 'ПЗ', 'references.missing_target'],
    [4, 'ПЗ', 'references.missing_target'],
    [5, 'АР', 'consistency.address'],
    [6, 'АР', 'consistency.storeys'],
    [7, 'АР', 'sheets.numbering_gap'],
    [8, 'КР', 'consistency.cipher'],
    [9, 'КР', 'titleblock.missing_roles'],
  ]);
  const storeys = out.findings[5]!;
  assert.deepEqual(
    storeys.page_refs.map((r) => r.label),
    // as a specialist writes them: the sheet and the cipher of the title blocks, with the running page
    ['лист 1 тома 24-017-АР (стр. 4)', 'лист 1 тома 24-017-ПЗ (стр. 2)'],
  );
  assert.equal(storeys.topic, 'construction');
  assert.deepEqual(out.reference_problems.map((r) => r.reference).sort(), ['документ 24-017-КР2', 'лист 12']);
  assert.equal(out.questions.length, 1);
  assert.match(out.questions[0]!.text, /ПОС/);
  const again = await reviewSet(input, undefined, { ...reading, timeoutMs: 20_000 });
  assert.deepEqual(
    again.findings.map((f) => [f.n, f.check_id, f.essence]),
    out.findings.map((f) => [f.n, f.check_id, f.essence]),
  );
});

test('context documents are cross-checked but receive no findings of their own', async () => {
  const input = await set('context', [
    ['old-АР.pdf', 'АР', ar({ storeys: 10 }).map((p) => ({ ...p, lines: [...p.lines, 'СНиП 2.01.07-85*'] })), { role: 'context' }],
    ['24-017-ПЗ.pdf', 'ПЗ', pz(9)],
    ['24-017-КР.pdf', 'КР', kr()],
    ['24-017-ПОС.pdf', 'ПОС', pos],
  ]);
  const out = await reviewSet(input, undefined, { ...reading, timeoutMs: 20_000 });
  assert.deepEqual(
    out.findings.map((f) => [f.check_id, f.page_refs[0]!.doc_index]),
    [['consistency.storeys', 2]],
  );
});

test('an XML explanatory note is checked against the set; a damaged file only adds a warning', async () => {
  const input = await set('xml', [
    ['24-017-АР.pdf', 'АР', ar()],
    ['24-017-КР.pdf', 'КР', kr({ text: ['Количество этажей – 12'] })],
    ['24-017-ПОС.pdf', 'ПОС', pos],
  ]);
  const xmlPath = join(dir, 'pz.xml');
  await writeFile(xmlPath, SAMPLE_NOTE);
  const broken = join(dir, 'broken.pdf');
  await writeFile(broken, 'not a pdf');
  input.documents = inSetOrder([
    ...input.documents,
    { index: 0, name: '24-017-ПЗ.xml', kind: null, role: 'review', format: 'xml', path: xmlPath, pdfPath: null, pages: 1, pageFrom: null },
    { index: 0, name: 'broken.pdf', kind: 'ПОС', role: 'review', format: 'pdf', path: broken, pdfPath: broken, pages: 1, pageFrom: null },
  ]);
  const out = await reviewSet(input, undefined, { ...reading, timeoutMs: 20_000 });
  const xml = out.findings.filter((f) => f.check_id === 'xml.explanatory_note_mismatch').map((f) => f.essence);
  assert.ok(
    xml.some((e) => /количество этажей.*10.*12/.test(e)),
    xml.join('\n'),
  );
  // the note lists the file of ПЗУ, which was not uploaded: a part of the set, said once in a warning, never a finding
  assert.ok(!xml.some((e) => /файлы, которых нет в комплекте/.test(e)), xml.join('\n'));
  assert.ok(!out.findings.some((f) => f.check_id === 'completeness.missing_section'));
  assert.deepEqual(
    out.warnings.filter((w) => w.code !== 'set_model').map((w) => [w.code, w.doc_index]),
    [
      // no official schema in the folder the test names: said once, for the note
      ['xml_schema_not_checked', 4],
      ['document_unreadable', 5],
      ['composition_not_checked', undefined],
    ],
  );
  assert.match(out.warnings.find((w) => w.code === 'composition_not_checked')!.message, /ПЗУ, 24-017-ПЗУ\.pdf/);
});

test('a schema file that is not the official one: the note is validated against it and says so, with the file and its digest', async () => {
  const input = await set('unofficial', [['24-017-АР.pdf', 'АР', ar()]]);
  const xmlPath = join(dir, 'unofficial-pz.xml');
  await writeFile(xmlPath, SAMPLE_NOTE);
  input.documents = inSetOrder([
    ...input.documents,
    { index: 0, name: '24-017-ПЗ.xml', kind: null, role: 'review', format: 'xml', path: xmlPath, pdfPath: null, pages: 1, pageFrom: null },
  ]);
  // the test schemas stand under the official names with bytes of their own
  const out = await reviewSet(input, undefined, { ...reading, xsdDir: TEST_SCHEMAS, timeoutMs: 20_000 });
  const unverified = out.warnings.filter((w) => w.code === 'xml_schema_unverified');
  assert.equal(unverified.length, 1, JSON.stringify(out.warnings));
  assert.match(
    unverified[0]!.message,
    /«24-017-ПЗ\.xml» проверен по файлу XML-схемы 01\.07 \(explanatorynote-01-07\.xsd\), установленному на сервере, но этот файл не совпадает с официальным файлом Минстроя \(SHA-256 [0-9a-f]{64}\)/,
  );
  assert.ok(!out.warnings.some((w) => w.code === 'xml_schema_not_checked'));
});

test('a node with no schema folder named: the note gets one warning that it was not validated, and the review goes on', async () => {
  const input = await set('unnamed', [
    ['24-017-АР.pdf', 'АР', ar()],
    ['24-017-КР.pdf', 'КР', kr({ text: ['Количество этажей – 12'] })],
  ]);
  const xmlPath = join(dir, 'unnamed-pz.xml');
  await writeFile(xmlPath, SAMPLE_NOTE);
  input.documents = inSetOrder([
    ...input.documents,
    { index: 0, name: '24-017-ПЗ.xml', kind: null, role: 'review', format: 'xml', path: xmlPath, pdfPath: null, pages: 1, pageFrom: null },
  ]);
  const out = await reviewSet(input, undefined, { ...reading, xsdDir: null, timeoutMs: 20_000 });
  const schema = out.warnings.filter((w) => w.code.startsWith('xml_schema'));
  assert.deepEqual(
    schema.map((w) => w.code),
    ['xml_schema_not_checked'],
  );
  assert.match(schema[0]!.message, /«24-017-ПЗ\.xml» не проверен по XML-схеме Минстроя: официальные XML-схемы Минстроя не установлены на сервере/);
  // the note's facts are still compared with the volumes
  assert.ok(
    out.findings.some((f) => f.check_id === 'xml.explanatory_note_mismatch' && /количество этажей.*10.*12/.test(f.essence)),
    out.findings.map((f) => f.essence).join('\n'),
  );
});
