/** The intake's public surface: unpacking, client choices, preparation, page numbering, section guess. */
export { unpackUploads, previewArchive, type ArchivePreview } from './unpack.ts';
export { applyClientChoices, type ClientChoice } from './choices.ts';
export { prepareDocument, defaultConverter, closePreparation, abortPreparation, type PrepareOptions } from './prepare.ts';
export { assignPageNumbers } from './page-numbers.ts';
export { guessKind } from './classify.ts';
export { xlsxSheetNames } from './office-meta.ts';
export { detectTools, type SystemTools } from './tools.ts';
export { Converter } from './converter.ts';
export { PdfReader } from './page-count.ts';
export { sniffFile, type Sniffed } from './sniff.ts';
export type * from './types.ts';
