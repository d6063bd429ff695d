import { addressDifference } from '../facts/address.ts';
import { cipherKey, parseCiphers } from '../facts/cipher.ts';
import type { DocFacts, TextFact } from '../facts/types.ts';
import { xmlFileKey } from '../set/completeness.ts';
import { fold } from '../text/normalize.ts';
import { docText, quote, designDocs } from './common.ts';
import { addressVerdicts } from './consistency-address.ts';
import { cadastralVerdicts } from './consistency-cadastral.ts';
import { judge, type Statement, type Verdict } from './judge.ts';
import { figureVerdicts, xmlFigureTold } from './consistency-values.ts';
import { FIGURES } from '../facts/catalogue.ts';
import { defineCheck, where, type CheckContext, type FindingDraft, type Place } from './types.ts';

const nameKey = (s: string) =>
  fold(s)
    .replace(/[^а-яa-z0-9]+/g, ' ')
    .trim();
const fileKey = xmlFileKey;
/** A FileChecksum (upper-cased by the reader) that is a CRC32 — 8 hex digits — or null. */
const checksumOf = (v: string | null | undefined) => (v && /^[0-9A-F]{8}$/.test(v) ? v : null);

/** The name without its address: «… по адресу: …» is compared as the address, and a title page often breaks it off. */
const withoutAddress = (s: string) => s.replace(/[\s,]*(?:расположенн[а-яё]*\s+)?по\s+адресу(?![а-яё])[\s\S]*$/iu, '');

/** Whether two object names denote the same object: the same numbers («позиция 2», «корпус 1») and most words shared. */
function sameName(fullA: string, fullB: string): boolean {
  const [a, b] = [withoutAddress(fullA), withoutAddress(fullB)];
  const nums = (s: string) => (s.match(/\d+/g) ?? []).join(' ');
  if (nums(a) !== nums(b)) return false;
  // the schema wants the same name everywhere: a short qualifier may be missing on one side, but a word put in place of
  // another («Многоэтажный жилой комплекс» for «Многоквартирный жилой дом») names the object otherwise
  const { overlap, substituted } = nameOverlap(a, b);
  return overlap >= (substituted ? 0.9 : 0.75);
}

/** Share of the words of the longer name found in the other (1 — same words), and whether each side has words the other lacks. */
function nameOverlap(a: string, b: string): { overlap: number; substituted: boolean } {
  const ta = new Set(
    nameKey(a)
      .split(' ')
      .filter((w) => w.length > 2),
  );
  const tb = new Set(
    nameKey(b)
      .split(' ')
      .filter((w) => w.length > 2),
  );
  if (!ta.size || !tb.size) return { overlap: 1, substituted: false };
  let common = 0;
  for (const w of ta) if (tb.has(w)) common++;
  return { overlap: common / Math.max(ta.size, tb.size), substituted: common < ta.size && common < tb.size };
}

/**
 * The object's name as the participants give it — each design document's usual name and, last, the XML note's Name — and
 * the judge's verdicts on the note: the volumes' names are compared with one another by identity.other_object, so only
 * the note alone against them is a finding here.
 */
function nameVerdicts(ctx: CheckContext): Verdict<TextFact>[] {
  const x = ctx.xml!;
  if (!x.facts.objectName) return [];
  const statements: Statement<TextFact>[] = [];
  for (const doc of designDocs(ctx)) {
    const name = docText(doc.objectNames, nameKey);
    if (name) statements.push({ doc, item: name, place: { doc, page: name.docPage }, said: `${where({ doc, page: name.docPage })}: ${quote(name.value)}` });
  }
  const value = x.facts.objectName;
  statements.push({ doc: x.doc, item: { value, docPage: 1, snippet: value }, place: { doc: x.doc, page: 1 }, said: `XML (Name): ${quote(value)}` });
  const same = (a: TextFact, b: TextFact) => sameName(a.value, b.value);
  return judge(statements, { same }).filter((v) => v.other.doc.xml && !statements.some((s) => !s.doc.xml && same(s.item, v.other.item)));
}

/** U-04, U-06 … U-08, C-01, C-04 … C-08: the XML explanatory note agrees with the rest of the set. */
export const xmlNoteMismatch = defineCheck({
  id: 'xml.explanatory_note_mismatch',
  theme: 'unassigned',
  importance: 'significant',
  title: 'Сведения XML пояснительной записки совпадают с документами комплекта (шифр, адрес, наименование, кадастровый номер, ТЭП, перечень файлов)',
  // without a note the check has nothing to say, not even an empty list
  needs: ['xml_note'],
  find(ctx, report) {
    const { doc: xd, facts: x } = ctx.xml!;
    const xp: Place = { doc: xd, page: 1 };
    const add = (
      about: DocFacts,
      essence: string,
      evidence: string,
      action: string,
      places: Place[],
      more: Pick<FindingDraft, 'importance' | 'absence'> = {},
    ) => report({ about, against: xd, essence, evidence, action, places, ...more });

    const xc = x.cipher ? parseCiphers(x.cipher.toUpperCase())[0] : undefined;
    if (x.cipher && ctx.setBase && xc && cipherKey(xc.base) !== ctx.setBase) {
      add(
        xd,
        `Шифр пояснительной записки в XML (${x.cipher}) не совпадает по базе с шифрами томов комплекта (${ctx.setBase}).`,
        `XML, элемент ExplanatoryNoteNumber: ${x.cipher}. Шифры томов комплекта имеют базу ${ctx.setBase}.`,
        'Исправить ExplanatoryNoteNumber в XML ПЗ или шифры томов, чтобы они имели общую базу.',
        [xp],
      );
    }

    // the note is a participant of the judge like any volume: where it alone differs, the finding is this check's
    for (const { v, xmlAlone } of addressVerdicts(ctx)) {
      if (!xmlAlone) continue;
      const ref = v.ref;
      add(
        xd,
        `Адрес объекта в XML пояснительной записке не совпадает с адресом в документах комплекта (${addressDifference(x.address!, ref.item.value)}).`,
        `XML (Address): ${quote(x.address!)}\n${ref.said}${v.majority > 1 ? ` (так же в ${v.majority - 1} др. док.)` : ''}`,
        'Привести адрес объекта к единому написанию в XML ПЗ и в документах комплекта, сверив его с ГПЗУ.',
        [xp, ref.place],
      );
    }

    for (const v of nameVerdicts(ctx)) {
      const ref = v.ref;
      add(
        xd,
        'Наименование объекта в XML пояснительной записке отличается от указанного в документах комплекта.',
        `XML (Name): ${quote(x.objectName!)}\n${ref.said}${v.majority > 1 ? ` (так же в ${v.majority - 1} др. док.)` : ''}`,
        'Указать одинаковое наименование объекта в XML ПЗ, на титульных листах и в основных надписях.',
        [xp, ref.place],
      );
    }

    for (const { v, main, xmlAlone } of cadastralVerdicts(ctx)) {
      if (!xmlAlone) continue;
      const at = v.ref.doc.cadastral.find((c) => c.value === main)!;
      const p = { doc: v.ref.doc, page: at.docPage };
      const listed = x.cadastralNumbers.join(', ');
      add(
        v.ref.doc,
        `Кадастровый номер участка в «${v.ref.doc.doc.name}» (${main}) не указан в XML пояснительной записке (${listed}).`,
        `${where(p)}: ${at.snippet}\nXML (CadastralNumber): ${listed}`,
        'Сверить кадастровые номера с ГПЗУ и выпиской ЕГРН и исправить XML ПЗ или документ.',
        [p, xp],
      );
    }

    const listed = x.sections.flatMap((s) =>
      s.documents.flatMap((d) => d.files.filter(Boolean).map((f, i) => ({ section: s.code, file: f, number: d.number, checksum: checksumOf(d.checksums[i]) }))),
    );
    if (listed.length) {
      // A listed file is in the set under its FileName or, renamed on the way («… (2).pdf»), under its checksum:
      // one file, never reported as missing and as unlisted at once.
      const byName = (l: (typeof listed)[number]) => ctx.docs.find((d) => fileKey(d.doc.name) !== '' && fileKey(d.doc.name) === fileKey(l.file));
      const byChecksum = (l: (typeof listed)[number]) => (l.checksum ? ctx.docs.find((d) => d !== xd && d.crc32 === l.checksum) : undefined);
      const matched = listed.map((l) => ({ l, named: byName(l), renamed: byName(l) ? undefined : byChecksum(l) }));
      // files of sections not uploaded at all make the set a part of itself: the composition warning names them once
      const { kind, absent } = ctx.set.completeness;
      const named = new Set(kind === 'partial' ? absent.map(fileKey) : []);
      const missing = matched.filter((m) => !m.named && !m.renamed && !named.has(fileKey(m.l.file))).map((m) => m.l);
      if (missing.length) {
        add(
          xd,
          `В XML пояснительной записке перечислены файлы, которых нет в комплекте (${missing.length}).`,
          `XML (ProjectDocumentation): ${missing
            .slice(0, 15)
            .map((m) => `${m.section}: ${m.file}${m.number ? ` (${m.number})` : ''}`)
            .join('; ')}${missing.length > 15 ? '; …' : ''}`,
          'Добавить в комплект перечисленные файлы или исправить состав документации в XML ПЗ; имена файлов должны совпадать с FileName.',
          [xp],
          { importance: 'critical', absence: true },
        );
      }
      const renamed = matched.flatMap((m) => (m.renamed ? [{ l: m.l, d: m.renamed }] : []));
      if (renamed.length) {
        add(
          renamed[0]!.d,
          `Имена файлов в комплекте не совпадают с указанными в XML пояснительной записке, хотя содержимое то же (${renamed.length}).`,
          `Совпадают контрольные суммы (CRC32): ${renamed
            .slice(0, 15)
            .map(({ l, d }) => `«${d.doc.name}» — в XML «${l.file}» (${l.checksum})`)
            .join('; ')}${renamed.length > 15 ? '; …' : ''}`,
          'Передать файлы под именами, указанными в FileName XML ПЗ.',
          [xp],
          { importance: 'minor' },
        );
      }
      const bad = matched.flatMap(({ l, named: d }) => (d && l.checksum && d.crc32 && d.crc32 !== l.checksum ? [{ l, d }] : []));
      for (const { l, d } of bad) {
        add(
          d,
          `Контрольная сумма файла «${d.doc.name}» не совпадает с указанной в XML пояснительной записке: в комплекте другая редакция файла.`,
          `XML (FileChecksum): ${l.checksum}; CRC32 файла в комплекте: ${d.crc32}.`,
          'Заменить файл на редакцию, указанную в XML ПЗ, или пересчитать FileChecksum после исправления файла.',
          [xp],
          { importance: 'critical' },
        );
      }
      // DocNumber of a listed volume against the cipher the volume itself carries
      const docOf = (file: string) => {
        const m = matched.find((x) => x.l.file === file);
        return m?.named ?? m?.renamed;
      };
      for (const s2 of x.sections) {
        for (const xdoc of s2.documents) {
          if (!xdoc.number) continue;
          const d = xdoc.files.map((f) => (f ? docOf(f) : undefined)).find((o) => o && o !== xd && o.cipher);
          if (!d || cipherKey(d.cipher!.cipher) === cipherKey(xdoc.number)) continue;
          const p = { doc: d, page: d.stamps.find((st) => st.cipher)?.docPage ?? 1 };
          add(
            d,
            `Обозначение тома в XML пояснительной записке (${xdoc.number}) не совпадает с шифром документа «${d.doc.name}» (${d.cipher!.cipher}).`,
            `XML (DocNumber): ${xdoc.number}\n${where(p)}: шифр ${d.cipher!.cipher}`,
            'Исправить DocNumber в XML ПЗ или шифр в документе, чтобы они совпадали.',
            [xp, p],
          );
        }
      }
      const listedDocs = new Set(matched.flatMap((m) => [m.named, m.renamed]));
      // the explanatory note itself is the XML root, not an entry of ProjectDocumentation
      // ProjectDocumentation lists the volumes of ПД: survey reports, initial documents, ИУЛ and letters are not demanded there
      const isVolume = (d: (typeof ctx.docs)[number]) =>
        ['pd_section', 'estimate', 'other'].includes(ctx.set.documents.find((t) => t.docIndex === d.doc.index)?.type ?? 'other');
      const unlisted = ctx.docs.filter((d) => d !== xd && d.section !== 'ПЗ' && d.doc.role === 'review' && isVolume(d) && !listedDocs.has(d));
      if (unlisted.length) {
        add(
          xd,
          `Документы комплекта не указаны в составе документации XML пояснительной записки (${unlisted.length}).`,
          `Нет в XML (File/FileName): ${unlisted
            .slice(0, 15)
            .map((d) => `«${d.doc.name}»`)
            .join(', ')}${unlisted.length > 15 ? ', …' : ''}`,
          'Включить файлы в раздел ProjectDocumentation XML ПЗ (с контрольными суммами) или убрать из комплекта лишние документы.',
          [xp],
        );
      }
    }
    // the TEI takes part in the judging of every figure (consistency-values.ts): where the note alone differs, it is this check's finding
    for (const f of FIGURES) for (const { v, xmlAlone } of figureVerdicts(ctx, f)) if (xmlAlone) report(xmlFigureTold(f, v));
  },
});
