import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConversionError, Converter } from './converter.ts';
import { docxOpeningText, estimateOfficePages } from './office-meta.ts';
import { PdfReader } from './page-count.ts';
import { explainPdfFailure, isRussianExplanation } from './pdf-failure.ts';
import { detectTools } from './tools.ts';
import { WORD_FORMATS, WORKBOOK_FORMATS, type DocFormat, type PreparedDocument } from './types.ts';
import { decodeXml } from './xml-encoding.ts';

export interface PrepareOptions {
  timeoutMs: number;
  /** LibreOffice converter; null disables conversion (as if soffice were absent); omitted → the shared one when soffice is installed. */
  converter?: Converter | null;
  /** PDF reader; omitted → the shared one of this process. */
  pdfReader?: PdfReader;
}

const OFFICE: ReadonlySet<DocFormat> = new Set([...WORD_FORMATS, ...WORKBOOK_FORMATS]);
const XML_HEAD_BYTES = 8192;

let sharedReader: PdfReader | null = null;
let sharedConverter: Promise<Converter | null> | null = null;
/** The shared converter once made, for abortPreparation, which cannot wait. */
let madeConverter: Converter | null = null;

/** The converter of this worker process (null when LibreOffice is not installed). */
export function defaultConverter(): Promise<Converter | null> {
  sharedConverter ??= detectTools().then((t) =>
    t.soffice ? (madeConverter = new Converter({ soffice: t.soffice, profileRoot: join(tmpdir(), `drs-lo-${process.pid}`) })) : null,
  );
  return sharedConverter;
}

/**
 * Ends the helpers of this module at once and synchronously, for a process about to die (a signal, its
 * service gone): LibreOffice runs in process groups of its own, which a kill of this process's group misses.
 */
export function abortPreparation(): void {
  sharedReader?.close();
  madeConverter?.abort();
}

/** Stops the helper processes of this module (for shutdown and tests). */
export async function closePreparation(): Promise<void> {
  sharedReader?.close();
  sharedReader = null;
  const c = await sharedConverter;
  sharedConverter = null;
  madeConverter = null;
  await c?.close();
}

/**
 * Makes one document readable for the review: PDF page count and first-page text (in a child process,
 * with a timeout), Word/Excel converted to PDF when LibreOffice is available (otherwise an estimated
 * page count and a warning), images and XML as one page each. Never throws for a bad document: the
 * outcome says what could not be done, and the rest of the set goes on.
 */
export async function prepareDocument(
  doc: { path: string; format: DocFormat; name: string },
  workDir: string,
  options: PrepareOptions,
): Promise<PreparedDocument> {
  const reader = options.pdfReader ?? (sharedReader ??= new PdfReader());
  if (doc.format === 'pdf') return readPdf(reader, doc.path, doc.name, options.timeoutMs, false);
  if (doc.format === 'jpeg' || doc.format === 'png') return { pages: 1, converted: false, pdfPath: null, warnings: [], firstPageText: null };
  if (doc.format === 'xml') {
    // An XML document (e.g. the ПЗ in the Минстрой schema) counts as one page of the set.
    return { pages: 1, converted: false, pdfPath: null, warnings: [], firstPageText: await readHead(doc.path) };
  }
  if (!OFFICE.has(doc.format))
    return { pages: null, converted: false, pdfPath: null, warnings: [`Формат документа «${doc.name}» не обрабатывается`], firstPageText: null };

  const converter = options.converter === undefined ? await defaultConverter() : options.converter;
  const warnings: string[] = [];
  let failureDetail: string | undefined;
  if (converter) {
    try {
      const pdf = await converter.convert(doc.path, join(workDir, 'converted'), options.timeoutMs);
      return await readPdf(reader, pdf, doc.name, options.timeoutMs, true);
    } catch (e) {
      // the message is the converter's Russian one; a system error (a missing binary) is told plainly
      const russian = e instanceof ConversionError || isRussianExplanation((e as Error).message);
      warnings.push(`Документ «${doc.name}» не удалось преобразовать в PDF: ${russian ? (e as Error).message : 'преобразователь недоступен'}`);
      failureDetail = e instanceof ConversionError ? e.detail : (e as Error).message;
    }
  } else {
    warnings.push(`Преобразование в PDF недоступно (LibreOffice не установлен): документ «${doc.name}» не будет прочитан постранично`);
  }
  const estimate = await estimateOfficePages(doc.path, doc.format).catch(() => null);
  const firstPageText = doc.format === 'docx' ? await docxOpeningText(doc.path) : null;
  if (!estimate) {
    warnings.push(`Число страниц документа «${doc.name}» определить не удалось`);
    return { pages: null, converted: false, pdfPath: null, warnings, firstPageText, ...(failureDetail ? { failureDetail } : {}) };
  }
  warnings.push(
    estimate.fromMetadata
      ? `Число страниц документа «${doc.name}» взято из его свойств и может быть неточным`
      : `Число страниц документа «${doc.name}» оценено по размеру файла`,
  );
  return { pages: estimate.pages, converted: false, pdfPath: null, warnings, firstPageText, ...(failureDetail ? { failureDetail } : {}) };
}

async function readPdf(reader: PdfReader, path: string, name: string, timeoutMs: number, converted: boolean): Promise<PreparedDocument> {
  const facts = await reader.read(path, timeoutMs);
  if (facts.pages === null) {
    const why = facts.error?.startsWith('timeout') ? 'чтение заняло слишком много времени' : explainPdfFailure(facts.error);
    return {
      pages: null,
      converted,
      pdfPath: path,
      warnings: [`Не удалось определить число страниц документа «${name}»: ${why}`],
      firstPageText: null,
      ...(facts.error ? { failureDetail: facts.error } : {}),
    };
  }
  const warnings = facts.pages === 0 ? [`Документ «${name}» не содержит страниц`] : [];
  return { pages: facts.pages, converted, pdfPath: path, warnings, firstPageText: facts.text };
}

async function readHead(path: string): Promise<string> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(XML_HEAD_BYTES);
    const { bytesRead } = await fh.read(buf, 0, XML_HEAD_BYTES, 0);
    // in the encoding the file declares; one that cannot be read still shows its root element (the review says why)
    const decoded = decodeXml(buf.subarray(0, bytesRead), { head: true });
    return decoded.ok ? decoded.text : decoded.markup;
  } finally {
    await fh.close();
  }
}
