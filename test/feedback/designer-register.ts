/** The designer's register of a run filled as a designer fills it, and brought back (POST /runs/{run_id}/register-answers). */
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import { form, type Client } from '../helpers/client.ts';

type Answers = Record<string, { answer: string; sheet?: string }>;

/** The designer's register of a run read with ExcelJS: its table's header row, a column by its title, a remark's row by its hidden id. */
export async function designerBook(api: Client, runId: string) {
  const r = await api.get(`/runs/${runId}/register.xlsx`);
  assert.equal(r.status, 200, r.text);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(r.bytes.buffer.slice(r.bytes.byteOffset, r.bytes.byteOffset + r.bytes.length) as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  let header = 0;
  sheet.eachRow((row, i) => {
    if (!header && row.getCell(1).value === '№') header = i;
  });
  const headers = (sheet.getRow(header).values as unknown[]).slice(1).map(String);
  const col = (name: string) => headers.indexOf(name) + 1;
  const rowOf = (findingId: string) => {
    for (let i = header + 1; i <= sheet.rowCount; i++) if (sheet.getRow(i).getCell(headers.length).value === findingId) return sheet.getRow(i);
    return assert.fail(`no row for ${findingId}`);
  };
  return { book, sheet, header, headers, col, rowOf };
}

/** Downloads the designer's XLSX of a run and writes the answers into the rows of the remarks named (by finding_id). */
export async function filledRegister(api: Client, runId: string, answers: Answers): Promise<Buffer> {
  const { book, col, rowOf } = await designerBook(api, runId);
  for (const [id, a] of Object.entries(answers)) {
    const row = rowOf(id);
    row.getCell(col('Ответ проектировщика')).value = a.answer;
    if (a.sheet) row.getCell(col('Лист с исправлением')).value = a.sheet;
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The designer's register filled and brought back through the API. */
export async function answerRegister(api: Client, runId: string, answers: Answers): Promise<any> {
  const content = await filledRegister(api, runId, answers);
  const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  const answered = await api.postForm(`/runs/${runId}/register-answers`, form([{ name: 'ответы.xlsx', content, field: 'file', type }]));
  assert.equal(answered.status, 200, answered.text);
  return answered.json;
}
