import type { PublishedObject, PublishedObjectStatement, PublishedSetModel, PublishedVolumePart, ResultWarning } from '../../kernel/result.ts';
import type { ObjectIdentity, ObjectStatement } from './object-types.ts';
import { dateRu } from './edition.ts';
import { DOCUMENT_TYPES } from './document-types.ts';
import { normsDateOf } from './reference-date.ts';
import type { DocumentType, ReferenceDate, SetModel } from './types.ts';
import type { VolumePart } from './volume-parts.ts';

const STAGE_PHRASE: Record<SetModel['stage'], string> = {
  П: 'Комплект принят как проектная документация',
  Р: 'Комплект принят как рабочая документация',
  survey: 'Комплект принят как материалы инженерных изысканий',
  mixed: 'Комплект содержит и проектную, и рабочую документацию',
  unknown: 'Стадия комплекта не определена',
};

function dateText(r: ReferenceDate): string {
  const where = r.docIndex !== undefined ? `, док. ${r.docIndex}${r.page ? `, с. ${r.page}` : ''}` : '';
  switch (r.source) {
    case 'gpzu':
      return `${dateRu(r.date)} по ГПЗУ («${r.text}»${where})`;
    case 'gpzu_document':
      return `${dateRu(r.date)} по ГПЗУ в комплекте («${r.text}»${where})`;
    case 'stamp':
      return `${dateRu(r.date)} по дате в основной надписи (${r.text.replace(/^дата в основной надписи /, '')}${where})`;
    case 'xml_year':
      return `${r.date.slice(0, 4)} г. по году XML пояснительной записки`;
    case 'title_year':
      return `${r.date.slice(0, 4)} г. по году на титульном листе${where}`;
    case 'letter':
      return `${dateRu(r.date)} по дате письма («${r.text}»${where})`;
    case 'iul':
      return `${dateRu(r.date)} по ИУЛ (${r.text}${where})`;
    case 'file_name':
      return `${dateRu(r.date)} по дате в имени файла${where}`;
    case 'issued':
      return `${dateRu(r.date)} по дате документа («${r.text}»${where})`;
    case 'estimate':
      return `${r.from ? `${dateRu(r.from)}–${dateRu(r.date)}` : dateRu(r.date)} по дате составления сметы («${r.text}»${where})`;
  }
}

/**
 * The documents judged at a date of their own (a letter, an answer, an initial document, an older survey or estimate):
 * each with its date and where it was read, so the specialist sees why its norms were judged as they were.
 */
function ownDates(m: SetModel): string {
  const own = m.documents.flatMap((t) => {
    const at = normsDateOf(m, t.docIndex);
    return at && t.date && at === t.date && at.date !== m.referenceDate?.date ? [`док. ${t.docIndex} — ${dateText(at)}`] : [];
  });
  return own.length ? `; документы, оцениваемые на свою дату: ${own.slice(0, 8).join('; ')}${own.length > 8 ? ` и ещё ${own.length - 8}` : ''}` : '';
}

/** The set model in one Russian sentence: stage, edition, what the documents are, the date norms are judged at. */
export function setSummary(m: SetModel): string {
  const edition = m.stage === 'П' || m.stage === 'mixed' ? ` (редакция состава ${m.edition === 'before_2022_09_01' ? 'до 01.09.2022' : 'с 01.09.2022'})` : '';
  const counts = new Map<DocumentType, number>();
  for (const t of m.documents) counts.set(t.type, (counts.get(t.type) ?? 0) + 1);
  const composition = [...counts].map(([t, n]) => `${DOCUMENT_TYPES[t].counted} — ${n}`).join(', ');
  const date = m.referenceDate ? `дата для оценки норм — ${dateText(m.referenceDate)}` : 'дата документации не найдена, нормы оцениваются на текущую дату';
  return `${STAGE_PHRASE[m.stage]}${edition}${composition ? `: ${composition}` : ''}; ${date}${ownDates(m)}.`;
}

export function setModelWarning(m: SetModel): ResultWarning {
  return { code: 'set_model', message: setSummary(m) };
}

/** The set model as the published result carries it. */
export function publishSetModel(m: SetModel): PublishedSetModel {
  const r = m.referenceDate;
  return {
    stage: m.stage,
    edition: m.edition,
    edition_basis: m.editionBasis ?? '',
    reference_date: r?.date ?? null,
    reference_date_source: r?.source ?? null,
    reference_date_text: r?.text ?? null,
    reference_doc_index: r?.docIndex ?? null,
    reference_page: r?.page ?? null,
    documents: m.documents.map((t) => {
      const parts = m.volumes?.find((v) => v.docIndex === t.docIndex)?.parts;
      return {
        doc_index: t.docIndex,
        type: t.type,
        code: t.code,
        stage: t.stage,
        evidence: t.evidence,
        date: t.date?.date ?? null,
        date_source: t.date?.source ?? null,
        date_text: t.date?.text ?? null,
        date_page: t.date?.page ?? null,
        norms_date: normsDateOf(m, t.docIndex)?.date ?? null,
        ...(parts?.length ? { parts: parts.map(publishPart) } : {}),
      };
    }),
    summary: setSummary(m),
    ...(m.object ? { object: publishObject(m.object) } : {}),
  };
}

const statement = (s: ObjectStatement | null): PublishedObjectStatement | null =>
  s && { value: s.value, source: s.source, doc_index: s.docIndex, page: s.page, quote: s.quote, documents: s.documents };

/** The object as the published result carries it. */
export function publishObject(o: ObjectIdentity): PublishedObject {
  return {
    name: statement(o.name),
    institution: o.institution,
    address: statement(o.address),
    cadastral_numbers: o.cadastralNumbers.map((c) => statement(c)!),
    cipher_base: statement(o.cipherBase),
    customer: statement(o.customer),
    designer: statement(o.designer),
    chief_engineer: statement(o.chiefEngineer),
  };
}

function publishPart(p: VolumePart): PublishedVolumePart {
  const sheets = p.stamps.flatMap((s) => (s.sheet === null ? [] : [s.sheet]));
  return {
    kind: p.kind,
    cue: p.cue,
    cipher: p.cipher,
    page_from: p.pageFrom,
    page_to: p.pageTo,
    sheet_from: sheets[0] ?? null,
    sheet_to: sheets.at(-1) ?? null,
    sheets_declared: p.declared?.sheets ?? null,
    form: p.form,
    numbering: p.numbering,
    ...(p.label ? { label: p.label } : {}),
  };
}
