import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { xlsxSheetNames } from '../../ingest/index.ts';
import { recogniseRegister } from './answers.ts';
import { registerColumns, SHEET_NAME } from './rows.ts';

const RUN = '11111111-2222-3333-4444-555555555555';
const FINDING = '66666666-7777-8888-9999-000000000000';

/** A workbook with the register's sheet and header row; `marker` puts the service's hidden marker in it. */
async function workbook(sheetName: string, marker: boolean): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  const columns = registerColumns('designer');
  sheet.addRow(columns.map((c) => (c.hidden ? (marker ? `drs-register:designer:${RUN}` : '') : c.header)));
  sheet.addRow(columns.map((c) => (c.key === 'no' ? 1 : c.key === 'finding_id' ? FINDING : c.key === 'answer' ? 'Исправлено' : '')));
  return Buffer.from(await book.xlsx.writeBuffer());
}

test('recogniseRegister: the service register by its marker, never by its sheet or name alone', async () => {
  const read = await recogniseRegister(await workbook(SHEET_NAME, true), 'любое имя.xlsx');
  assert.deepEqual(read && { runId: read.runId, variant: read.variant, rows: read.rows.map((r) => [r.no, r.findingId, r.answer]) }, {
    runId: RUN,
    variant: 'designer',
    rows: [[1, FINDING, 'Исправлено']],
  });
  // a designer's own list of remarks on a sheet of that name, another workbook, a file that is none: documents of the set
  assert.equal(await recogniseRegister(await workbook(SHEET_NAME, false), 'Реестр замечаний.xlsx'), null);
  assert.equal(await recogniseRegister(await workbook('Ведомость', true), 'Реестр замечаний.xlsx'), null);
  assert.equal(await recogniseRegister(Buffer.from('не книга'), 'Реестр замечаний.xlsx'), null);
});

test('xlsxSheetNames: the sheets of a workbook from its workbook part; [] for a file that is no workbook', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'sheets-'));
  try {
    const book = new ExcelJS.Workbook();
    book.addWorksheet(SHEET_NAME);
    book.addWorksheet('A & B');
    await writeFile(join(dir, 'a.xlsx'), Buffer.from(await book.xlsx.writeBuffer()));
    await writeFile(join(dir, 'b.xlsx'), 'не книга');
    assert.deepEqual(await xlsxSheetNames(join(dir, 'a.xlsx')), [SHEET_NAME, 'A & B']);
    assert.deepEqual(await xlsxSheetNames(join(dir, 'b.xlsx')), []);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
