/**
 * The designer's register read back: the XLSX this service wrote (xlsx.ts), its answer columns filled. Only what
 * the service wrote is accepted — the sheet, the header row with its hidden marker naming the run and the variant,
 * the remark ids of the hidden column, the rows in their order numbered 1, 2, 3… — and only text: a file with a
 * formula, a foreign workbook, a changed header or row order is refused whole (the caller changes nothing).
 */
import ExcelJS from 'exceljs';
import { errors } from '../../kernel/errors.ts';
import { registerColumns, SHEET_NAME, type RegisterVariant } from './rows.ts';

export interface UploadedAnswer {
  /** The row's number (№). */
  no: number;
  findingId: string;
  answer: string;
  sheet: string;
  closed: string;
}

export interface UploadedRegister {
  runId: string;
  variant: RegisterVariant;
  rows: UploadedAnswer[];
}

const MARKER = /^drs-register:(designer|specialist):([0-9a-f-]{36})$/;
/** Longest answer kept (characters). */
const MAX_ANSWER = 4000;

/** A cell's text, or a refusal for a formula (the answers are words, and a formula is how a file attacks). */
function textOf(cell: ExcelJS.Cell, file: string): string {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (typeof v === 'object' && ('formula' in v || 'sharedFormula' in v))
    throw errors.registerRefused(`в ячейке ${cell.address} формула — ответы принимаются только текстом`, file);
  if (typeof v === 'object' && 'richText' in v) return v.richText.map((r) => r.text).join('');
  if (typeof v === 'object' && 'text' in v) return String(v.text);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') throw errors.registerRefused(`в ячейке ${cell.address} не текст`, file);
  return String(v);
}

/** A cell's words when it holds words (a string, or rich text as an editor may save it), else ''. */
function plainText(v: ExcelJS.CellValue): string {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object' && 'richText' in v) return v.richText.map((r) => r.text).join('');
  return '';
}

/** The workbook of an uploaded file, or null when it is no XLSX workbook. */
async function loadBook(body: Buffer): Promise<ExcelJS.Workbook | null> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(body.buffer.slice(body.byteOffset, body.byteOffset + body.length) as ArrayBuffer);
    return book;
  } catch {
    return null;
  }
}

/** Reads the filled register; every refusal is a 422 validation_error naming the file. */
export async function readRegisterAnswers(body: Buffer, file: string): Promise<UploadedRegister> {
  const book = await loadBook(body);
  if (!book) throw errors.registerRefused('файл не является книгой XLSX', file);
  return readBook(book, file);
}

/**
 * A file of an uploaded set that is the service's register — its sheet with the hidden marker
 * `drs-register:<variant>:<run_id>` in a cell of text — read as readRegisterAnswers reads it (refused the same way);
 * null for any other workbook, which is a document of the set.
 */
export async function recogniseRegister(body: Buffer, file: string): Promise<UploadedRegister | null> {
  const book = await loadBook(body);
  const sheet = book?.getWorksheet(SHEET_NAME);
  if (!book || !sheet) return null;
  let marked = false;
  sheet.eachRow((row) => row.eachCell((cell) => void (marked ||= MARKER.test(plainText(cell.value)))));
  return marked ? readBook(book, file) : null;
}

function readBook(book: ExcelJS.Workbook, file: string): UploadedRegister {
  const sheet = book.getWorksheet(SHEET_NAME);
  if (!sheet) throw errors.registerRefused(`в книге нет листа «${SHEET_NAME}» — это не реестр замечаний, выданный сервисом`, file);
  // no formula anywhere on the sheet, not only in the answer columns
  sheet.eachRow((row) => row.eachCell((cell) => void textOf(cell, file)));

  let headerRow = 0;
  sheet.eachRow((row, i) => {
    if (!headerRow && textOf(row.getCell(1), file) === '№') headerRow = i;
  });
  if (!headerRow) throw errors.registerRefused('не найдена строка заголовков таблицы («№» в первом столбце)', file);
  const header = sheet.getRow(headerRow);
  let marker: RegExpMatchArray | null = null;
  for (let c = 1; c <= header.cellCount; c++) marker ??= textOf(header.getCell(c), file).match(MARKER);
  if (!marker) throw errors.registerRefused('нет скрытого столбца с идентификаторами замечаний — реестр не выдан сервисом или изменён', file);
  const variant = marker[1] as RegisterVariant;
  const columns = registerColumns(variant);
  const headers = columns.map((c, i) => (c.hidden ? null : textOf(header.getCell(i + 1), file)));
  columns.forEach((c, i) => {
    if (!c.hidden && headers[i] !== c.header)
      throw errors.registerRefused(`столбцы реестра изменены: в столбце ${i + 1} «${headers[i]}» вместо «${c.header}»`, file);
  });
  const at = (key: string) => columns.findIndex((c) => c.key === key) + 1;
  const [noAt, idAt, answerAt, sheetAt, closedAt] = ['no', 'finding_id', 'answer', 'answer_sheet', 'closed'].map(at);

  const rows: UploadedAnswer[] = [];
  const seen = new Set<string>();
  for (let i = headerRow + 1; i <= sheet.rowCount; i++) {
    const row = sheet.getRow(i);
    const noText = textOf(row.getCell(noAt!), file).trim();
    const findingId = textOf(row.getCell(idAt!), file).trim();
    if (!findingId) break;
    const no = Number(noText);
    if (!Number.isInteger(no) || no !== rows.length + 1)
      throw errors.registerRefused(`порядок строк изменён: в строке ${i} № «${noText}» вместо ${rows.length + 1} — верните строки в порядке реестра`, file);
    if (seen.has(findingId)) throw errors.registerRefused(`замечание строки ${i} повторяется`, file);
    seen.add(findingId);
    const answer = answerAt! > 0 ? textOf(row.getCell(answerAt!), file).trim() : '';
    if (answer.length > MAX_ANSWER) throw errors.registerRefused(`ответ в строке ${i} длиннее ${MAX_ANSWER} символов`, file);
    rows.push({
      no,
      findingId,
      answer,
      sheet: sheetAt! > 0 ? textOf(row.getCell(sheetAt!), file).trim().slice(0, 200) : '',
      closed: closedAt! > 0 ? textOf(row.getCell(closedAt!), file).trim().slice(0, 100) : '',
    });
  }
  if (!rows.length) throw errors.registerRefused('в реестре нет ни одной строки замечаний', file);
  return { runId: marker[2]!, variant, rows };
}
