import type { DocumentType } from './types.ts';

/**
 * Where a document's own date is read, by what its form puts there:
 * - `xml` — the XML document's own date elements;
 * - `letter` — a letter's date line and its «исх. № … от …»;
 * - `file_name` — the date the sender wrote into the file's name («… от 07.06.2019», «Задание 29.12.2025»);
 * - `iul` — the ИУЛ's signature dates and the file's change date it certifies;
 * - `stamp` — the dates of its title blocks (the latest);
 * - `issued` — the date the document was issued or signed on its first page («Дата выдачи», «№ … от …», a dated line);
 * - `gpzu` — a ГПЗУ's date of issue («Дата выдачи», «№ … от …» in its head);
 * - `title_year` — the year on its title page;
 * - `estimate` — an estimate's «Дата составления (сметы)», else «Дата утверждения» (never its level of prices).
 */
export type DateRule = 'xml' | 'letter' | 'file_name' | 'iul' | 'stamp' | 'issued' | 'gpzu' | 'title_year' | 'estimate';

/**
 * How the set dates itself by a type: `design` — the documentation's own date is read from these documents; `alone` — only
 * when the set holds no design document (a set of survey reports or estimates); `never` — initial documents, letters,
 * answers and the like, each judged at its own date.
 */
export type SetDating = 'design' | 'alone' | 'never';

/**
 * The date its norms are judged at: `set` — the set's (ГрК РФ ст. 49 ч. 5.2: the ГПЗУ's, else the documentation's);
 * `own` — its own, for a document held apart from the design (a letter, an answer, an initial document, one of no known
 * type); `older` — its own when it is older than the set's (a survey report or an estimate made before the design).
 * A set of no design documents judges every document at its own date.
 */
export type NormsDating = 'set' | 'own' | 'older';

export interface DocumentTypeSpec {
  /** What the document is, in Russian (docs/review.md and the set model). */
  title: string;
  /** «разделов ПД — 4»: the genitive plural the set model counts documents in. */
  counted: string;
  /** Made of sheets of its own under title blocks: its sheet numbering, contents and «лист N» refer to its own sheets. */
  sheets: boolean;
  /** Its title blocks are judged by ГОСТ Р 21.101 (the signature rows): an ИУЛ is, a letter or a ГПЗУ is not. */
  titleBlock: boolean;
  /** Its figures are the designed object's and take part in the comparisons of values between documents. */
  objectValues: boolean;
  dating: SetDating;
  normsAt: NormsDating;
  /** Where its own date is read, the first that gives one. */
  dates: readonly DateRule[];
}

// a volume whose form states no date at all is dated, last, by the date its file's name carries («…_23.10.2023.pdf»):
// weaker than its own form, yet nearer its making than the day it is reviewed
const volume = { sheets: true, titleBlock: true, objectValues: true, dating: 'design', normsAt: 'set', dates: ['stamp', 'title_year', 'file_name'] } as const;
const initial = {
  sheets: false,
  titleBlock: false,
  objectValues: false,
  dating: 'never',
  normsAt: 'own',
  dates: ['issued', 'file_name', 'title_year'],
} as const;

/**
 * The one table of document types: what each is, which of its parts are judged, and where its date comes from.
 * Checks declare the types they judge (`appliesTo`) from it; nothing else tests a type by hand.
 */
export const DOCUMENT_TYPES: Readonly<Record<DocumentType, DocumentTypeSpec>> = {
  pd_section: { title: 'раздел проектной документации', counted: 'разделов ПД', ...volume },
  rd_mark: { title: 'основной комплект рабочей документации (альбом)', counted: 'комплектов РД', ...volume },
  xml_note: { title: 'XML пояснительная записка', counted: 'XML ПЗ', ...volume, sheets: false, titleBlock: false, dates: ['xml'] },
  survey: {
    title: 'технический отчёт по инженерным изысканиям',
    counted: 'отчётов изысканий',
    ...volume,
    objectValues: false,
    dating: 'alone',
    normsAt: 'older',
  },
  survey_task: { title: 'задание или программа инженерных изысканий', counted: 'заданий и программ изысканий', ...initial },
  estimate: {
    title: 'сметная документация (ЛСР, ОСР, ССР, пояснительная записка к смете)',
    counted: 'смет',
    ...volume,
    dates: ['estimate', 'stamp', 'title_year'],
    objectValues: false,
    dating: 'alone',
    normsAt: 'older',
  },
  gpzu: { title: 'градостроительный план земельного участка', counted: 'ГПЗУ', ...initial, dates: ['gpzu'] },
  tech_conditions: { title: 'технические условия', counted: 'ТУ', ...initial },
  design_task: { title: 'задание на проектирование', counted: 'заданий на проектирование', ...initial, dates: ['xml', 'issued', 'file_name', 'title_year'] },
  iul: { title: 'информационно-удостоверяющий лист', counted: 'ИУЛ', ...initial, titleBlock: true, dates: ['iul', 'stamp'] },
  letter: { title: 'письмо', counted: 'писем', ...initial, dates: ['letter', 'file_name'] },
  answers: { title: 'ответы на замечания экспертизы', counted: 'ответов на замечания', ...initial, dates: ['letter', 'file_name', 'stamp'] },
  application: { title: 'заявление, заявка или опросный лист', counted: 'заявлений и опросных листов', ...initial, objectValues: true },
  tep: { title: 'технико-экономические показатели', counted: 'ТЭП', ...initial, objectValues: true },
  contract: { title: 'договор, календарный план или график', counted: 'договоров и графиков', ...initial, objectValues: true },
  act: { title: 'акт', counted: 'актов', ...initial },
  extract: { title: 'выписка (ЕГРН, реестр)', counted: 'выписок', ...initial },
  // a document of no known type is read as a volume (it may be one the rules do not know) but judged at its own date
  other: { title: 'документ неизвестного вида', counted: 'прочих', ...volume, normsAt: 'own' },
};

/** The types whose table entry says so («with sheets of their own»), in the table's order: a check's `appliesTo`. */
export function typesWhere(test: (t: DocumentTypeSpec) => boolean): readonly DocumentType[] {
  return (Object.keys(DOCUMENT_TYPES) as DocumentType[]).filter((t) => test(DOCUMENT_TYPES[t]));
}
