import { readFile, rm } from 'node:fs/promises';
import { WORKBOOK_FORMATS } from '../../ingest/types.ts';
import { join } from 'node:path';
import type { ResultWarning } from '../../kernel/result.ts';
import type { DocumentText, ExtractOptions, PdfReaderChoice, ReadPage, ReviewDocument } from '../types.ts';
import { docxPages, xlsxPages } from './ooxml.ts';
import { ocrAvailable, recognise } from './ocr.ts';
import { acquireReader, hasTextLayer, PdfReadError, type PdfReader } from './pdf-reader.ts';
import { assignmentSummary, isDesignAssignment, parseDesignAssignment, type AssignmentXmlForm } from './design-assignment.ts';
import { GrandSmetaRefused, grandSmetaText, isGrandSmeta, parseGrandSmeta, type GrandSmetaFacts } from './grand-smeta.ts';
import { estimateXmlForm, parseEstimateXml } from './estimate-xml.ts';
import { noteSummary, parseExplanatoryNote, xmlRoot, type XmlNoteFacts } from './xml-note.ts';
import { DOCUMENT_TITLES, validateMinstroyXml, type MinstroyDocument, type SchemaCheck } from './xml-schema.ts';
import { pageList } from '../text/pages.ts';
import { readStampPicture } from './stamp-picture.ts';
import { TextLayerRepair } from './text-layer-repair.ts';
import { explainPdfFailure, isRussianExplanation } from '../../ingest/pdf-failure.ts';
import { decodeXml } from '../../ingest/xml-encoding.ts';

export interface StreamResult {
  warnings: ResultWarning[];
  xml: XmlNoteFacts | null;
  /** Validation of a Минстрой XML document (note or design assignment) against the official schema of its version. */
  schema: SchemaCheck | null;
  /** A design assignment in XML judged as a document: its elements with their paths. */
  assignment?: AssignmentXmlForm;
  /** Pages the document has (read or not). */
  pagesTotal: number;
  ocrPages: number;
  /** Why reading stopped early: told in Russian (as in the warning) and the reader's own words (for logs). */
  failure: { reason: string; detail: string } | null;
}

const docLabel = (d: ReviewDocument) => `«${d.name}»`;

/**
 * Reads one document page by page and hands each page to onPage as soon as it is read, so the caller
 * can keep only facts. The reader process is shared between documents of one review.
 */
export async function streamDocument(
  doc: ReviewDocument,
  options: ExtractOptions,
  reader: PdfReader,
  onReadPage: (page: ReadPage) => void,
): Promise<StreamResult> {
  const res: StreamResult = { warnings: [], xml: null, schema: null, pagesTotal: 0, ocrPages: 0, failure: null };
  const warn = (code: string, message: string, page?: number) =>
    res.warnings.push({ code, message, doc_index: doc.index, ...(page !== undefined ? { page } : {}) });
  // a text layer with Cyrillic in a misread code page is repaired here, before any fact is taken from it
  const repair = new TextLayerRepair();
  const onPage = (page: ReadPage) => {
    repair.page(page);
    onReadPage(page);
  };
  try {
    if (doc.pdfPath) await readPdf(doc, doc.pdfPath, options, reader, onPage, res, warn);
    else if (doc.format === 'docx') {
      const { pages, stamps, extra } = await docxPages(doc.path);
      pages.forEach((text, i) => {
        onPage({ docPage: i + 1, text: i === 0 && extra ? `${text}\n${extra}` : text, source: 'xml', ...(stamps[i]!.length ? { stampLines: stamps[i] } : {}) });
      });
      res.pagesTotal = pages.length;
      warn(
        'pages_approximate',
        `Документ ${docLabel(doc)} прочитан без преобразования в PDF: номера страниц в замечаниях приблизительные (разбивка по разрывам страниц Word).`,
      );
    } else if (doc.format === 'xlsx') {
      const sheets = await xlsxPages(doc.path);
      sheets.forEach((text, i) => {
        onPage({ docPage: i + 1, text, source: 'xml' });
      });
      res.pagesTotal = sheets.length;
      warn(
        'pages_approximate',
        `Таблица ${docLabel(doc)} прочитана без преобразования в PDF: одна страница соответствует одному листу книги, номера страниц приблизительные.`,
      );
    } else if (doc.format === 'xml') {
      await readXml(doc, options.xsdDir, onPage, res, warn);
    } else if (doc.format === 'jpeg' || doc.format === 'png') {
      res.pagesTotal = 1;
      await readImage(doc, options, onPage, res, warn);
    } else {
      res.pagesTotal = doc.pages ?? 0;
      res.failure = { reason: `формат ${doc.format} не читается без преобразования в PDF`, detail: `unsupported format ${doc.format}` };
      warn(
        'document_unreadable',
        `Документ ${docLabel(doc)} (формат ${doc.format}) не прочитан: не удалось преобразовать его в PDF, а прямое чтение этого формата не поддерживается. Сохраните его в PDF или DOCX/XLSX.`,
      );
    }
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    // a parser's own complaint is English: the user is told what it means, the logs get the words
    const why = isRussianExplanation(detail) ? detail : 'файл повреждён или его формат не распознан';
    res.failure = { reason: why, detail };
    warn('document_unreadable', `Документ ${docLabel(doc)} не прочитан${res.pagesTotal ? ' полностью' : ''}: ${why}. Замечания по нему могут быть неполными.`);
  }
  const repaired = repair.warning(doc);
  if (repaired) res.warnings.push(repaired);
  return res;
}

async function readPdf(
  doc: ReviewDocument,
  path: string,
  options: ExtractOptions,
  reader: PdfReader,
  onPage: (p: ReadPage) => void,
  res: StreamResult,
  warn: (c: string, m: string, p?: number) => void,
): Promise<void> {
  // a workbook converted here prints its cells: a page without text is an empty print area, never a scan to recognise
  const workbook = WORKBOOK_FORMATS.has(doc.format);
  const ocr = options.ocr && !workbook && (await ocrAvailable(options.tesseractBin));
  const empty: number[] = [];
  const ocrFailed: number[] = [];
  // pages whose text layer is not text (text-layer-rule.mjs): read by OCR like a scan, or not at all
  const misread: number[] = [];
  // sheets whose title block was drawn as lines and read from the picture (stamp-picture.ts)
  const stampsRecognised: number[] = [];
  const prefix = ocr ? join(options.workDir, `ocr-${doc.index}`) : null;
  let last = 0;
  try {
    res.pagesTotal = await reader.read(path, { timeoutMs: options.timeoutMs, renderPrefix: prefix }, async (n, raw) => {
      last = n;
      const page: ReadPage = { docPage: n, text: raw.text, source: 'text', width: raw.width, height: raw.height, stampLines: raw.stampLines };
      if (raw.misread) {
        misread.push(n);
        // its title-block lines are the same letters: nothing of them is the page's words
        page.stampLines = [];
      }
      if (raw.rendered && prefix) {
        const png = `${prefix}-${n}.png`;
        try {
          page.text = await recognise(options.tesseractBin, png, options.timeoutMs);
          page.source = page.text.trim() ? 'ocr' : 'none';
          res.ocrPages++;
          if (!page.text.trim()) ocrFailed.push(n);
        } catch {
          page.source = 'none';
          ocrFailed.push(n);
        } finally {
          await rm(png, { force: true });
        }
      } else if (!hasTextLayer(raw.text) || raw.misread) {
        page.text = '';
        page.source = 'none';
        empty.push(n);
      }
      if (raw.stampPicture && prefix) {
        const png = `${prefix}-${n}-stamp.png`;
        try {
          const lines = await readStampPicture(options.tesseractBin, png, raw.stampPicture, options.timeoutMs);
          if (lines.length) {
            page.stampLines = lines;
            page.stampRecognised = true;
            stampsRecognised.push(n);
          }
        } catch {
          // the sheet stays without a title block, as its text layer has none
        } finally {
          await rm(png, { force: true });
        }
      }
      onPage(page);
    });
    if (res.pagesTotal === 0) {
      res.failure = { reason: 'в PDF не найдено ни одной страницы', detail: 'the reader found no pages' };
      warn(
        'document_unreadable',
        `Документ «${doc.name}» не прочитан: в PDF не найдено ни одной страницы (файл повреждён или не является PDF). Замечания по нему не сформированы.`,
      );
    }
  } catch (err) {
    if (!(err instanceof PdfReadError)) throw err;
    const n = err.page ?? (last ? last + 1 : 0);
    const what = err.timedOut ? `чтение прервано: превышено время ${Math.round(options.timeoutMs / 1000)} с` : explainPdfFailure(err.message);
    res.failure = { reason: what, detail: err.message };
    const from = n >= 1 ? `, начиная со страницы ${n}` : '';
    res.pagesTotal = Math.max(res.pagesTotal, doc.pages ?? 0, last);
    warn(
      err.timedOut ? 'document_timeout' : 'document_unreadable',
      last
        ? `Документ «${doc.name}» не прочитан${from} (${what}). Замечания по нему могут быть неполными; проверьте, что файл не повреждён.`
        : `Документ «${doc.name}» не прочитан: ${what}. Замечания по нему не сформированы; проверьте файл и загрузите его снова.`,
      n >= 1 ? n : undefined,
    );
  }
  if (misread.length) {
    warn(
      'text_layer_not_text',
      `В документе «${doc.name}» текстовый слой на ${pageList(misread)} не является текстом (латинские буквы вместо русских — слой распознавания без русского языка или кодировка шрифта САПР): ${ocr ? 'эти страницы распознаны заново по изображению, цитаты в замечаниях — из распознанного текста' : 'распознавание недоступно, эти страницы не проверены'}.`,
      misread[0],
    );
  }
  if (stampsRecognised.length) {
    warn(
      'title_block_recognised',
      `В документе «${doc.name}» основная надпись на ${pageList(stampsRecognised)} начерчена линиями, а не текстом: она распознана по изображению листа; фамилии и шифр из неё не сравниваются, отсутствие строк подписей не отмечается.`,
      stampsRecognised[0],
    );
  }
  const bare = empty.filter((n) => !misread.includes(n));
  if (bare.length && !workbook) {
    const why = options.ocr ? 'распознавание текста (tesseract) недоступно на сервере' : 'распознавание текста отключено';
    warn(
      ocr ? 'page_unreadable' : 'ocr_unavailable',
      `В документе «${doc.name}» нет текстового слоя на ${pageList(bare)}; ${why}, эти страницы не проверены.`,
      bare[0],
    );
  }
  if (ocrFailed.length) {
    warn(
      'ocr_empty',
      `В документе «${doc.name}» распознавание не дало текста на ${pageList(ocrFailed)} (скан низкого качества или чертёж без надписей); эти страницы не проверены.`,
      ocrFailed[0],
    );
  }
}

async function readXml(
  doc: ReviewDocument,
  xsdDir: string | null | undefined,
  onPage: (p: ReadPage) => void,
  res: StreamResult,
  warn: (c: string, m: string, p?: number) => void,
): Promise<void> {
  res.pagesTotal = 1;
  // read once in the encoding the file declares: the same text is validated and gives the facts
  const decoded = decodeXml(await readFile(doc.path));
  if (!decoded.ok) {
    res.failure = { reason: decoded.reason, detail: `XML not decoded: ${decoded.detail}` };
    warn(
      'document_unreadable',
      `XML-файл «${doc.name}» не прочитан: ${decoded.reason}. Сведения из него не сверялись, по XML-схеме он не проверялся; сохраните его в UTF-8 (или в кодировке, которую он объявляет) и загрузите снова.`,
    );
    return;
  }
  const xml = decoded.text;
  const root = xmlRoot(xml);
  // an estimate exported from ГРАНД-Смета is read as its printed form reads: no Минстрой schema applies to it
  if (isGrandSmeta(xml, root)) {
    readEstimateXml(doc, 'Смета ГРАНД-Смета в формате XML', () => parseGrandSmeta(xml), onPage, res, warn);
    return;
  }
  // so is one in the Минстрой's schemas of estimates (.gge): local, object or summary
  const estimateForm = estimateXmlForm(xml, root);
  if (estimateForm) {
    readEstimateXml(doc, 'Смета в формате XML Минстроя', () => parseEstimateXml(xml, estimateForm), onPage, res, warn);
    return;
  }
  const assignmentRoot = isDesignAssignment(xml, root);
  const kind: MinstroyDocument | null = root === 'ExplanatoryNote' ? 'ExplanatoryNote' : assignmentRoot ? 'DesignAssignment' : null;
  // without a folder of schemas, or without the file of the stated version in it, the document is not validated and says so
  if (kind) {
    // validation is a check of its own: whatever befalls it, the document is still read for its facts
    res.schema = await validateMinstroyXml(xml, kind, xsdDir).catch(
      (): SchemaCheck => ({
        document: kind,
        version: null,
        validated: false,
        reason: 'проверка прервана внутренней ошибкой валидатора',
        violations: [],
        uncheckedAssertions: [],
      }),
    );
    schemaWarnings(doc, res.schema, warn);
  }
  if (root === 'ExplanatoryNote') {
    const facts = parseExplanatoryNote(xml);
    if (facts) {
      res.xml = facts;
      onPage({ docPage: 1, text: noteSummary(facts), source: 'xml' });
      return;
    }
  }
  // a design assignment is read through its text like a PDF one: its limits with their units, ОКЕИ codes left out
  const assignment = assignmentRoot ? parseDesignAssignment(xml) : null;
  if (assignment) {
    res.assignment = assignment.form;
    onPage({ docPage: 1, text: assignmentSummary(assignment), source: 'xml' });
    return;
  }
  const text = xml.replace(/<[^>]*>/g, ' ').replace(/[ \t]+/g, ' ');
  onPage({ docPage: 1, text, source: 'xml' });
  if (root !== 'ExplanatoryNote')
    warn(
      'xml_not_explanatory_note',
      `XML-файл «${doc.name}» не является пояснительной запиской по схеме Минстроя (корневой элемент ${root ?? 'не определён'}); сверка со сведениями XML по нему не выполнялась.`,
    );
  else warn('xml_invalid', `XML-файл «${doc.name}» не удалось разобрать как пояснительную записку; сверка со сведениями XML не выполнялась.`);
}

/** An estimate in XML read into its printed form's text (grand-smeta.ts), or said unread with why. */
function readEstimateXml(
  doc: ReviewDocument,
  what: string,
  parse: () => GrandSmetaFacts,
  onPage: (p: ReadPage) => void,
  res: StreamResult,
  warn: (c: string, m: string, p?: number) => void,
): void {
  let text: string;
  try {
    text = grandSmetaText(parse());
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    // the parser's own complaint is English and about the markup: the user is told what it means
    const reason = err instanceof GrandSmetaRefused ? detail : 'разметка XML нарушена (файл повреждён или обрезан)';
    res.failure = { reason, detail: `estimate XML not read: ${detail}` };
    warn('document_unreadable', `${what} «${doc.name}» не прочитана: ${reason}. Замечания по ней не сформированы.`);
    return;
  }
  onPage({ docPage: 1, text, source: 'xml' });
}

/** What validation could not do is said as warnings: a document not validated, and XSD 1.1 assertions left unevaluated. */
function schemaWarnings(doc: ReviewDocument, s: SchemaCheck, warn: (c: string, m: string) => void): void {
  const what = DOCUMENT_TITLES[s.document];
  if (!s.validated) {
    warn('xml_schema_not_checked', `XML ${what} «${doc.name}» не проверен по XML-схеме Минстроя: ${s.reason}.`);
    return;
  }
  if (s.unofficialSchema)
    warn(
      'xml_schema_unverified',
      `XML ${what} «${doc.name}» проверен по файлу XML-схемы ${s.version} (${s.unofficialSchema.file}), установленному на сервере, но этот файл не совпадает с официальным файлом Минстроя (SHA-256 ${s.unofficialSchema.sha256}): результат проверки может отличаться от проверки по официальной схеме.`,
    );
  if (s.uncheckedAssertions.length)
    warn(
      'xml_schema_assertions_unchecked',
      `XML ${what} «${doc.name}» проверен по XML-схеме ${s.version} без ${s.uncheckedAssertions.length} утверждений XSD 1.1 (xs:assert), которые не вычисляются ни валидатором (XSD 1.0), ни собственными правилами сервиса: ${s.uncheckedAssertions.map((a) => `«${a}»`).join('; ')}.`,
    );
}

async function readImage(
  doc: ReviewDocument,
  options: ExtractOptions,
  onPage: (p: ReadPage) => void,
  res: StreamResult,
  warn: (c: string, m: string, p?: number) => void,
): Promise<void> {
  if (!options.ocr || !(await ocrAvailable(options.tesseractBin))) {
    onPage({ docPage: 1, text: '', source: 'none' });
    warn(
      'ocr_unavailable',
      `Изображение «${doc.name}» не прочитано: распознавание текста (tesseract) ${options.ocr ? 'недоступно на сервере' : 'отключено'}.`,
      1,
    );
    return;
  }
  let text = '';
  try {
    text = await recognise(options.tesseractBin, doc.path, options.timeoutMs);
    res.ocrPages++;
  } catch (err) {
    warn('ocr_empty', `Изображение «${doc.name}» не распознано: ${err instanceof Error ? err.message : String(err)}.`, 1);
    onPage({ docPage: 1, text: '', source: 'none' });
    return;
  }
  onPage({ docPage: 1, text, source: text.trim() ? 'ocr' : 'none' });
  if (!text.trim()) warn('ocr_empty', `Изображение «${doc.name}» распознано, но текста не найдено; оно не проверено.`, 1);
}

/** Reads a whole document into memory (for tools and tests; the review itself streams pages). */
export async function extractDocument(doc: ReviewDocument, options: ExtractOptions & { pdfReader: PdfReaderChoice }): Promise<DocumentText> {
  const reader = await acquireReader(options.pdfReader);
  const pages: DocumentText['pages'] = [];
  try {
    const r = await streamDocument(doc, options, reader, (p) => pages.push({ docPage: p.docPage, text: p.text, source: p.source }));
    return { pages, warnings: r.warnings };
  } finally {
    await reader.close();
  }
}
