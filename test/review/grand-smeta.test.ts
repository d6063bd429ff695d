/**
 * An estimate exported from ГРАНД-Смета as XML is judged as the same estimate printed to XLSX: the set model types both
 * `estimate` (a name like «Канализация» guessed as ИОС3 notwithstanding), and the estimate checks find the same.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { fileURLToPath } from 'node:url';
import { loadConfig, readingSettingsOf } from '../../src/config.ts';
import { sniffFile } from '../../src/ingest/sniff.ts';
import { reviewSet } from '../../src/review/engine.ts';
import type { ReviewDocument, ReviewInput } from '../../src/review/types.ts';
import { NO_SCHEMAS } from '../helpers/fixtures.ts';

const FIXTURE = new URL('../fixtures/estimate/02-01-03 Канализация.xml', import.meta.url);
const reading = { ...readingSettingsOf(loadConfig()), xsdDir: NO_SCHEMAS, timeoutMs: 20_000 };
const profile = ['ПЗ', 'АР', 'КР', 'ИОС3', 'СМ'].map((code) => ({ code, title: code, required: true }));

let dir = '';
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'drs-grand-smeta-review-'));
});
after(() => rm(dir, { recursive: true, force: true }));

/** The fixture as text, changed as a test needs, and written back in the export's own encoding. */
async function writeExport(name: string, change: (xml: string) => string = (x) => x): Promise<string> {
  const xml = change(iconv.decode(await readFile(FIXTURE), 'windows-1251'));
  const path = join(dir, name);
  await writeFile(path, iconv.encode(xml, 'windows-1251'));
  return path;
}

/** The same estimate as ГРАНД-Смета prints it to Excel: the form's rows, its cells where the printout puts them. */
async function writeWorkbook(name: string, compiler: string): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('ЛСР 02-01-03');
  const rows: (string | number)[][] = [
    ['', '', 'Капитальный ремонт здания МАОУ «Средняя общеобразовательная школа № 7» г. Тобольска'],
    ['', '', '(наименование стройки)'],
    ['', '', 'ЛОКАЛЬНЫЙ СМЕТНЫЙ РАСЧЕТ № 02-01-03'],
    ['', '', '(локальная смета)'],
    ['', '', 'на внутренние системы водоотведения К1, К2'],
    ['Основание:', ''],
    ['Составлен(а) в текущих ценах по состоянию на 01.01.2000'],
    ['Дата составления: 14.03.2018'],
    ['Индекс к СМР 8,52 (Индекс изменения сметной стоимости СМР на I квартал 2018 года)'],
    ['№ пп', 'Обоснование', 'Наименование', 'Ед. изм.', 'Кол.'],
    ['', '', 'Раздел 1. Демонтажные работы'],
    [1, 'ФЕРр65-1-7', 'Разборка трубопроводов из чугунных канализационных труб диаметром: 100 мм', '100 м', 0.86],
    ['', '', 'Раздел 2. Сантехнические работы'],
    [2, 'ФЕР16-04-004-02', 'Прокладка трубопроводов канализации из полипропиленовых труб диаметром: 110 мм', '100 м', 0.86],
    [3, 'ФССЦ-24.3.02.02-0007', 'Трубы безнапорные канализационные из полипропилена диаметром 110 мм', 'м', 86],
    [4, 'ФЕР17-01-001-23', 'Установка трапов диаметром: 100 мм', '10 компл.', 0.4],
    ['Составил:', '________________', compiler],
    ['', '(должность, подпись, расшифровка)'],
    ['Проверил:', '________________'],
    ['', '(должность, подпись, расшифровка)'],
  ];
  for (const r of rows) sheet.addRow(r);
  const path = join(dir, name);
  await book.xlsx.writeFile(path);
  return path;
}

const doc = (path: string, name: string, format: 'xml' | 'xlsx'): ReviewDocument => ({
  index: 1,
  name,
  // what the intake guesses from the name «Канализация»
  kind: 'ИОС3',
  role: 'review',
  format,
  path,
  pdfPath: null,
  pages: 1,
  pageFrom: 1,
});

const review = (d: ReviewDocument) => {
  const input: ReviewInput = { documents: [d], objectAddress: null, userRequest: null, profile, workDir: dir };
  return reviewSet(input, undefined, reading);
};

/** What the estimate checks say, with the file's name taken out: the same remark on either file compares equal. */
const estimateFindings = (out: Awaited<ReturnType<typeof review>>, name: string) =>
  out.findings.filter((f) => f.check_id.startsWith('estimate.')).map((f) => `${f.check_id} ${f.importance}: ${f.essence.replace(name, 'ФАЙЛ')}`);

test('the export is typed an estimate, not the section its name suggests, and judged as the XLSX printout is', async () => {
  const xmlName = '02-01-03 Канализация.xml';
  const xlsxName = '02-01-03 Канализация.xlsx';
  // the intake takes it for XML by its content, as the worker hands it to the review
  assert.deepEqual(await sniffFile(fileURLToPath(FIXTURE)), { kind: 'document', format: 'xml' });
  const xml = await review(doc(await writeExport(xmlName), xmlName, 'xml'));
  const xlsx = await review(doc(await writeWorkbook(xlsxName, ''), xlsxName, 'xlsx'));
  assert.deepEqual(
    xml.set!.documents.map((d) => [d.type, d.code]),
    [['estimate', 'ЛСР']],
  );
  assert.deepEqual(
    xlsx.set!.documents.map((d) => [d.type, d.code]),
    [['estimate', 'ЛСР']],
  );
  assert.ok(!xml.warnings.some((w) => w.code === 'xml_not_explanatory_note'));
  const found = estimateFindings(xml, xmlName);
  assert.deepEqual(found, [
    // current prices «по состоянию на 01.01.2000» name the base level with the current one's word
    `estimate.form significant: В сметном расчёте «ФАЙЛ» уровень цен указан противоречиво: уровень цен назван текущим, а дата 01.01.2000 — дата базисного уровня цен сметных нормативов.`,
    // the index's caption names a quarter, not the letter the index comes from
    'estimate.form minor: В сметном расчёте «ФАЙЛ» индекс изменения сметной стоимости применён без ссылки на документ, которым он установлен: «Индекс к СМР 8,52».',
    // the export's «Составил» holds no name and it has no «Проверил» field at all: the printed form's lines are blank
    'estimate.form minor: В сметном расчёте «ФАЙЛ» не указаны составивший и проверивший: строка «Составил» не заполнена, строка «Проверил» не заполнена.',
    'estimate.form minor: В сметном расчёте «ФАЙЛ» строка «Основание» не заполнена: не указано, по каким документам составлен расчёт.',
  ]);
  assert.deepEqual(found, estimateFindings(xlsx, xlsxName));
  // the estimate's own date is its «Дата составления» (DocDates/@CreationDate in the export), not its level of prices
  for (const out of [xml, xlsx]) {
    const [d] = out.set!.documents;
    assert.deepEqual([d!.date, d!.date_source, d!.date_text], ['2018-03-14', 'estimate', 'Дата составления: 14.03.2018']);
    assert.match(out.warnings.find((w) => w.code === 'set_model')!.message, /дата для оценки норм — 14\.03\.2018 по дате составления сметы/);
  }
});

test('a compiler named and the checker left blank: the same remark on the export and on the printout', async () => {
  const xmlName = 'ЛСР 02-01-03.xml';
  const xlsxName = 'ЛСР 02-01-03.xlsx';
  const named = (x: string) => x.replace('<Item Caption="Составил" ID="300"/>', '<Item Caption="Составил" ID="300" Value="Иванова Е.В."/>');
  const xml = await review(doc(await writeExport(xmlName, named), xmlName, 'xml'));
  const xlsx = await review(doc(await writeWorkbook(xlsxName, 'Иванова Е.В.'), xlsxName, 'xlsx'));
  const found = estimateFindings(xml, xmlName);
  assert.ok(
    found.includes('estimate.form minor: В сметном расчёте «ФАЙЛ» строка «Проверил» не заполнена: составивший указан, проверивший — нет.'),
    found.join('\n'),
  );
  assert.deepEqual(found, estimateFindings(xlsx, xlsxName));
});
