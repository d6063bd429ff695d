import { compactName } from '../facts/iul.ts';
import type { DocFacts } from '../facts/types.ts';
import { normalizeText } from '../text/normalize.ts';
import { ruDate } from './reference-date.ts';
import { defineCheck, SET_SECTION } from './types.ts';

/** A name without the ИУЛ's own suffix: «…ИОС3-УЛ» and «ИУЛ …ИОС3» certify «…ИОС3». */
const withoutIulMark = (name: string) =>
  compactName(name)
    .replace(/-?у?ул$/, '')
    .replace(/^иул-?/, '');

/**
 * The volume an ИУЛ certifies: the document whose file name the ИУЛ prints (the longest such name, the name column
 * wraps anywhere), else the one named like the ИУЛ without «-УЛ».
 */
export function certifiedVolume(iul: DocFacts, volumes: readonly DocFacts[]): DocFacts | null {
  const text = iul.iul?.compactText ?? '';
  const printed = volumes
    .map((v) => ({ v, key: compactName(normalizeText(v.doc.name)) }))
    .filter((x) => x.key.length >= 4 && text.includes(x.key))
    .sort((a, b) => b.key.length - a.key.length)[0]?.v;
  if (printed) return printed;
  const own = withoutIulMark(iul.doc.name);
  return volumes.find((v) => compactName(v.doc.name) === own) ?? null;
}

/** The latest day of the ИУЛ's signatures, or null. */
const lastSigned = (d: DocFacts) => d.iul?.signedOn?.reduce<string | null>((a, b) => (a && a > b ? a : b), null) ?? null;

/** Whether every signature of the ИУЛ is dated before the day its file was last changed. */
function signedBeforeChange(d: DocFacts): boolean {
  const changed = d.iul?.changedOn;
  const signed = lastSigned(d);
  return !!changed && !!signed && signed < changed;
}

const spaced = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

/** ГОСТ Р 21.101-2020: an ИУЛ certifies one file by its checksum and size; the uploaded file must be that file. */
export const iulMismatch = defineCheck({
  id: 'iul.file_mismatch',
  theme: 'unassigned',
  importance: 'significant',
  title: 'ИУЛ соответствует файлу тома: контрольная сумма (CRC32 / MD5) и размер файла',
  needs: ['iul'],
  find(ctx, report) {
    const typeOf = new Map(ctx.set.documents.map((t) => [t.docIndex, t.type]));
    // an ИУЛ whose figures could not be read (a scan) still certifies its volume for the question below
    const iuls = ctx.docs.filter((d) => typeOf.get(d.doc.index) === 'iul');
    const volumes = ctx.docs.filter((d) => {
      const t = typeOf.get(d.doc.index);
      return d.doc.role === 'review' && (t === 'pd_section' || t === 'rd_mark');
    });
    const certified = new Set<DocFacts>();
    for (const d of iuls) {
      const volume = certifiedVolume(d, volumes);
      if (!volume) continue;
      certified.add(volume);
      const iul = d.iul;
      if (!iul) continue;
      const actual = iul.algorithm === 'MD5' ? volume.md5 : volume.crc32;
      const diffs: string[] = [];
      if (iul.checksum && actual && iul.checksum !== actual) diffs.push(`${iul.algorithm} ${iul.checksum} в ИУЛ, ${actual} у файла`);
      if (iul.size !== null && volume.fileBytes != null && iul.size !== volume.fileBytes)
        diffs.push(`размер ${spaced(iul.size)} байт в ИУЛ, ${spaced(volume.fileBytes)} байт у файла`);
      if (!diffs.length) continue;
      report({
        about: d,
        essence: `ИУЛ «${d.doc.name}» не соответствует файлу тома «${volume.doc.name}»: ${diffs.join('; ')}.`,
        evidence: `${diffs.map((x) => `${x[0]!.toUpperCase()}${x.slice(1)}`).join('.\n')}.\nИУЛ удостоверяет другой экземпляр файла: том изменён после подписания ИУЛ либо приложен не тот ИУЛ.`,
        action: `Представить ИУЛ, выпущенный для загруженного файла «${volume.doc.name}» (его контрольная сумма и размер), либо тот экземпляр тома, который удостоверен ИУЛ.`,
        places: [{ doc: d, page: 1 }],
        norm: 'ГОСТ Р 21.101-2020 «СПДС. Основные требования к проектной и рабочей документации» (информационно-удостоверяющий лист)',
      });
    }
    // an ИУЛ signed before its file's last change certifies an earlier version: one cause however many ИУЛ show it
    const early = iuls.filter((d) => d.doc.role === 'review' && signedBeforeChange(d));
    if (early.length) {
      const shown = (d: DocFacts) => `«${d.doc.name}»: подписан ${ruDate(lastSigned(d)!)}, файл изменён ${ruDate(d.iul!.changedOn!)}`;
      report({
        about: early[0]!,
        essence: `ИУЛ подписаны раньше последнего изменения удостоверяемых ими файлов (${early.length}): подписи относятся к более ранней редакции файлов.`,
        evidence: `${early.slice(0, 15).map(shown).join(';\n')}${early.length > 15 ? ';\n…' : ''}.`,
        action:
          'Оформить ИУЛ после выпуска окончательной редакции файлов (дата подписания не ранее даты последнего изменения файла) либо представить те редакции файлов, которые были подписаны.',
        places: early.slice(0, 5).map((d) => ({ doc: d, page: 1 })),
        norm: 'ГОСТ Р 21.101-2020 «СПДС. Основные требования к проектной и рабочей документации» (информационно-удостоверяющий лист)',
      });
    }
    // the form's column «Обозначение документа» holds the document's designation, not its file's or section's name
    const undesignated = iuls.filter((d) => d.doc.role === 'review' && d.iul?.designated === false);
    if (undesignated.length) {
      report({
        importance: 'minor',
        about: undesignated[0]!,
        essence: `В ИУЛ не указано обозначение удостоверяемого документа (${undesignated.length}): в графе «Обозначение документа» — наименование раздела или файла, а не шифр.`,
        evidence: `Шифр документа не найден в ИУЛ: ${undesignated
          .slice(0, 15)
          .map((d) => `«${d.doc.name}»`)
          .join(', ')}${undesignated.length > 15 ? ', …' : ''}.`,
        action: 'Указать в графе «Обозначение документа» ИУЛ обозначение (шифр) удостоверяемого документа, как в его основной надписи.',
        places: undesignated.slice(0, 5).map((d) => ({ doc: d, page: 1 })),
        norm: 'ГОСТ Р 21.101-2020 «СПДС. Основные требования к проектной и рабочей документации» (информационно-удостоверяющий лист)',
      });
    }
    // most volumes carry an ИУЛ and some do not: perhaps signed otherwise (УКЭП), so a question, not a finding
    const without = volumes.filter((v) => !certified.has(v));
    if (certified.size >= 2 && without.length && without.length < certified.size) {
      report.question({
        section: SET_SECTION,
        text: `ИУЛ приложены не ко всем томам: нет ИУЛ для ${without.map((v) => `«${v.doc.name}»`).join(', ')}. Представить их или подтвердить, что эти тома удостоверены иначе (УКЭП)?`,
        reason: `ИУЛ представлены для ${certified.size} томов комплекта.`,
        places: without.slice(0, 5).map((v) => ({ doc: v, page: 1 })),
      });
    }
  },
});
