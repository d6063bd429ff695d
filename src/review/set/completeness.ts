import { basename } from 'node:path';
import { oldEditionCode } from '../data/docset-2008.ts';
import type { DocFacts } from '../facts/types.ts';
import { fold } from '../text/normalize.ts';
import { requestedSections } from './requested-sections.ts';
import type { CompositionEdition, Completeness, TypedDocument } from './types.ts';

/** What the set was uploaded with: the task's text and the organisation's profile of sections. */
export interface UploadRequest {
  userRequest?: string | null;
  profile?: readonly { code: string; required: boolean }[];
}

/**
 * A file name as the XML note's FileName and the upload compare: folders, case and the extension left out, and the
 * « (2)» a browser adds to a file downloaded twice («…_вер.01 (2).pdf» is the note's «…_вер.01.pdf»).
 */
export const xmlFileKey = (s: string) =>
  fold(basename(s.replace(/\\/g, '/')))
    .replace(/\.[a-z0-9]{2,5}$/, '')
    .replace(/\s\(\d{1,2}\)$/, '');

/** Sections the set has, under both editions' codes (ТХ is ИОС7 of the old one), estimates making СМ present. */
export function presentSections(types: readonly TypedDocument[]): Set<string> {
  const out = new Set<string>();
  for (const t of types) {
    if (t.type === 'estimate') out.add('СМ');
    if ((t.type !== 'pd_section' && t.type !== 'xml_note') || !t.code) continue;
    out.add(t.code);
    if (t.code === 'ТХ') out.add('ИОС7');
    if (t.code === 'ИОС7') out.add('ТХ');
    if (t.code === 'ПОД') out.add('ПОС');
  }
  return out;
}

/** Required sections of the profile the set lacks, by the edition in force for it, less those the XML marks NotDeveloped. */
function absentRequired(
  present: ReadonlySet<string>,
  edition: CompositionEdition,
  profile: UploadRequest['profile'],
  notDeveloped: ReadonlySet<string>,
): string[] {
  const out: string[] = [];
  for (const item of profile ?? []) {
    if (!item.required || notDeveloped.has(item.code)) continue;
    const code = edition === 'before_2022_09_01' ? oldEditionCode(item.code) : item.code;
    if (code && !present.has(code) && !present.has(item.code)) out.push(code);
  }
  return out;
}

const listed = (codes: Iterable<string>) => [...codes].sort((a, b) => a.localeCompare(b, 'ru')).join(', ');

/** Files the XML note lists for sections of which nothing was uploaded: the documentation has them, the upload does not. */
function xmlFilesNotUploaded(docs: readonly DocFacts[], present: ReadonlySet<string>): { code: string; file: string }[] {
  const xml = docs.find((d) => d.xml)?.xml;
  if (!xml) return [];
  const uploaded = new Set(docs.map((d) => xmlFileKey(d.doc.name)));
  return xml.sections
    .filter((s) => !s.notDeveloped && !present.has(s.code))
    .flatMap((s) => s.documents.flatMap((d) => d.files.filter((f) => f && !uploaded.has(xmlFileKey(f))).map((file) => ({ code: s.code, file }))));
}

/** Volume numbers 1 … the highest uploaded that no document carries (the main part: «5.1» counts for 5). */
function volumeGaps(docs: readonly DocFacts[], types: readonly TypedDocument[]): { held: number[]; gaps: number[] } {
  const held = new Set<number>();
  for (const d of docs) {
    const t = types.find((x) => x.docIndex === d.doc.index);
    const main = Number.parseInt(d.volume ?? '', 10);
    if (t?.type === 'pd_section' && Number.isInteger(main) && main > 0 && main < 40) held.add(main);
  }
  const top = Math.max(0, ...held);
  const gaps: number[] = [];
  for (let v = 1; v < top; v++) if (!held.has(v)) gaps.push(v);
  return { held: [...held].sort((a, b) => a - b), gaps };
}

/**
 * Whether the upload is the whole set or a part of it, decided once from the set's own evidence, so that the composition
 * and the XML note's list of files are judged by one rule: a part gets one warning naming what is absent, never a finding.
 * Evidence of a part, strongest first: no section of ПД or РД at all (surveys, estimates, ГПЗУ); one volume alone; an XML
 * note listing files of sections not uploaded; a task naming only the sections uploaded; volumes with gaps in their
 * numbers and no explanatory note; few sections with neither an XML note nor an explanatory note beside two others.
 */
export function completenessOf(
  docs: readonly DocFacts[],
  types: readonly TypedDocument[],
  edition: CompositionEdition,
  request: UploadRequest = {},
): Completeness {
  const present = presentSections(types);
  const xml = docs.find((d) => d.xml)?.xml ?? null;
  const notDeveloped = new Set((xml?.sections ?? []).filter((s) => s.notDeveloped).map((s) => s.code));
  const required = absentRequired(present, edition, request.profile, notDeveloped);
  const partial = (basis: string, absent: string[] = required): Completeness => ({ kind: 'partial', basis, absent });
  const volumes = types.filter((t) => t.type === 'pd_section' || t.type === 'rd_mark');
  const codes = new Set(volumes.map((t) => t.code ?? `#${t.docIndex}`));
  const named = listed(present) || 'нет распознанных разделов';

  if (!volumes.length && !xml) {
    const count = (type: TypedDocument['type']) => types.filter((t) => t.type === type).length;
    const what =
      count('iul') > count('survey')
        ? `информационно-удостоверяющие листы (${count('iul')}) без самих томов`
        : count('survey') > 0
          ? 'материалы инженерных изысканий'
          : types.some((t) => t.type === 'estimate')
            ? 'сметная документация'
            : types.some((t) => t.type === 'gpzu' || t.type === 'tech_conditions' || t.type === 'design_task')
              ? 'исходно-разрешительные документы'
              : 'документы, не распознанные как разделы';
    return partial(`в комплекте только ${what}, ни одного тома проектной или рабочей документации`);
  }
  if (!xml && codes.size <= 1) return partial(`загружен один том (${named}), а не комплект`);
  const notUploaded = xmlFilesNotUploaded(docs, present);
  if (notUploaded.length) {
    const sections = [...new Set(notUploaded.map((n) => n.code))];
    return partial(`XML пояснительная записка перечисляет файлы разделов ${listed(sections)}, которых нет среди загруженных`, [
      ...new Set([...sections, ...required, ...notUploaded.map((n) => n.file)]),
    ]);
  }
  const asked = request.userRequest ? requestedSections(request.userRequest) : [];
  const own = [...present].filter((c) => c !== 'ПЗ');
  if (asked.length && own.length && own.every((c) => asked.includes(c)))
    return partial(`в задании названы разделы ${listed(asked)}, и загружены только они (${named})`);
  const hasPz = present.has('ПЗ');
  const { held, gaps } = volumeGaps(docs, types);
  if (!hasPz && held.length && gaps.length) return partial(`загружены тома ${held.join(', ')} без пояснительной записки; томов ${gaps.join(', ')} нет`);
  if (!xml && !(hasPz && present.size >= 3) && present.size < 4)
    return partial(`в комплекте только разделы ${named}, без XML пояснительной записки и без пояснительной записки с двумя другими разделами`);
  return {
    kind: 'complete',
    basis: xml ? `XML пояснительная записка и разделы ${named}` : `разделы ${named}${hasPz ? ' с пояснительной запиской' : ''}`,
    absent: required,
  };
}
