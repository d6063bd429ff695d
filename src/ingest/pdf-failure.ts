/**
 * Why a PDF could not be read, in words for the user. The readers (mupdf, mutool) fail with their own
 * English complaints ("no objects found", "cannot find startxref"); those are kept for the logs, and the
 * user is told what they mean for the file.
 */

/** Complaints of a file that has no PDF inside: empty, or another file that only starts like a PDF. */
const NOT_A_PDF =
  /no objects found|cannot tell in file|cannot recognize version marker|no pdf header|not a pdf|expected object number|zero[- ]length|file is empty/i;
const PASSWORD = /password|encrypt/i;
/** A complaint the service wrote itself (Russian: no English word but the format's name) is already an explanation. */
const ENGLISH_WORD = /[A-Za-z]{3,}/;
export const isRussianExplanation = (text: string): boolean => !ENGLISH_WORD.test(text.replace(/\bPDF\b/g, ''));

export const PDF_NOT_A_PDF = 'файл не является PDF: в нём нет ни одного объекта PDF (файл пустой или только назван PDF)';
export const PDF_PASSWORD = 'документ защищён паролем';
export const PDF_DAMAGED = 'структура PDF повреждена (файл обрезан или испорчен при передаче)';

/** A Russian explanation of a reader's failure `detail` (the technical text, which belongs in the logs). */
export function explainPdfFailure(detail: string | null | undefined): string {
  const text = (detail ?? '').trim();
  if (PASSWORD.test(text)) return PDF_PASSWORD;
  if (NOT_A_PDF.test(text)) return PDF_NOT_A_PDF;
  if (text && isRussianExplanation(text)) return text;
  return PDF_DAMAGED;
}
