import { basename } from 'node:path';
import { addressDifference } from '../facts/address.ts';
import { cipherKey, parseCiphers } from '../facts/cipher.ts';
import type { DocFacts, ValueFact, ValueKind } from '../facts/types.ts';
import { findValues, formatValue, sameValue, VALUE_TITLES, VALUE_UNITS } from '../facts/values.ts';
import { collapseSpaces, fold } from '../text/normalize.ts';
import { docText, docValue, groupBy, quote, designDocs } from './common.ts';
import { objectAddresses } from './consistency-address.ts';
import { mainCadastral } from './consistency-cadastral.ts';
import { defineCheck, where, type CheckContext, type DraftFinding, type Place } from './types.ts';

const nameKey = (s: string) =>
  fold(s)
    .replace(/[^а-яa-z0-9]+/g, ' ')
    .trim();
const fileKey = (s: string) => fold(basename(s.replace(/\\/g, '/'))).replace(/\.[a-z0-9]{2,5}$/, '');

/** Whether two object names denote the same object: the same numbers («позиция 2», «корпус 1») and most words shared. */
function sameName(a: string, b: string): boolean {
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

/** TEI/PowerIndicator entries read as key values (ОКЕИ 909 «квартира» counts apartments). */
function xmlValues(ctx: CheckContext): ValueFact[] {
  const out: ValueFact[] = [];
  for (const i of ctx.xml!.facts.indicators) {
    const found = findValues(collapseSpaces(`${i.name} ${i.value}`), 1);
    if (found[0]) out.push({ ...found[0], raw: `${i.name}: ${i.value}`, snippet: `${i.name}: ${i.value}` });
    else if (i.measure === '909' && /квартир/i.test(i.name)) {
      const v = Number(i.value.replace(',', '.'));
      if (Number.isInteger(v)) out.push({ kind: 'apartments', value: v, raw: i.value, docPage: 1, snippet: `${i.name}: ${i.value}` });
    }
  }
  return out;
}

/** U-04, U-06 … U-08, C-01, C-04 … C-08: the XML explanatory note agrees with the rest of the set. */
export const xmlNoteMismatch = defineCheck({
  id: 'xml.explanatory_note_mismatch',
  theme: 'unassigned',
  importance: 'significant',
  title: 'Сведения XML пояснительной записки совпадают с документами комплекта (шифр, адрес, наименование, кадастровый номер, ТЭП, перечень файлов)',
  run(ctx) {
    if (!ctx.xml) return {};
    const { doc: xd, facts: x } = ctx.xml;
    const findings: DraftFinding[] = [];
    const xp: Place = { doc: xd, page: 1 };
    const docs = designDocs(ctx);
    const add = (
      about: DocFacts,
      essence: string,
      evidence: string,
      action: string,
      places: Place[],
      importance: DraftFinding['importance'] = 'significant',
    ) => {
      const target = about.doc.role === 'review' ? about : xd.doc.role === 'review' ? xd : null;
      if (target) findings.push({ checkId: this.id, importance, theme: this.theme, about: target, essence, evidence, action, places });
    };

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

    if (x.address) {
      // a single document that disagrees with the rest is consistency.address's finding; here the XML is the odd one
      const items = docs
        .map((doc) => ({ doc, item: docText(objectAddresses(doc.addresses), (s) => s) }))
        .filter((i): i is { doc: DocFacts; item: NonNullable<typeof i.item> } => i.item !== null);
      const groups = groupBy(items, (a, b) => addressDifference(a.value, b.value) === null);
      const major = groups[0];
      const ref = major?.[0];
      const diff = ref ? addressDifference(x.address, ref.item.value) : null;
      if (ref && diff && groups.every((g) => addressDifference(x.address!, g[0]!.item.value) !== null)) {
        const p = { doc: ref.doc, page: ref.item.docPage };
        add(
          xd,
          `Адрес объекта в XML пояснительной записке не совпадает с адресом в документах комплекта (${diff}).`,
          `XML (Address): ${quote(x.address)}\n${where(p)}: ${quote(ref.item.value)}${major!.length > 1 ? ` (так же в ${major!.length - 1} др. док.)` : ''}`,
          'Привести адрес объекта к единому написанию в XML ПЗ и в документах комплекта, сверив его с ГПЗУ.',
          [xp, p],
        );
      }
    }

    if (x.objectName) {
      const items = docs
        .map((doc) => ({ doc, item: docText(doc.objectNames, nameKey) }))
        .filter((i): i is { doc: DocFacts; item: NonNullable<typeof i.item> } => i.item !== null);
      const groups = groupBy(items, (a, b) => sameName(a.value, b.value));
      const ref = groups[0]?.[0];
      if (ref && !groups.some((g) => sameName(x.objectName!, g[0]!.item.value))) {
        const p = { doc: ref.doc, page: ref.item.docPage };
        add(
          xd,
          'Наименование объекта в XML пояснительной записке отличается от указанного в документах комплекта.',
          `XML (Name): ${quote(x.objectName)}\n${where(p)}: ${quote(ref.item.value)}${groups[0]!.length > 1 ? ` (так же в ${groups[0]!.length - 1} др. док.)` : ''}`,
          'Указать одинаковое наименование объекта в XML ПЗ, на титульных листах и в основных надписях.',
          [xp, p],
        );
      }
    }

    const main = mainCadastral(docs);
    if (x.cadastralNumbers.length && main && !x.cadastralNumbers.includes(main.number)) {
      const ref = main.doc.cadastral.find((c) => c.value === main.number)!;
      const p = { doc: main.doc, page: ref.docPage };
      add(
        main.doc,
        `Кадастровый номер участка в «${main.doc.doc.name}» (${main.number}) не указан в XML пояснительной записке (${x.cadastralNumbers.join(', ')}).`,
        `${where(p)}: ${ref.snippet}\nXML (CadastralNumber): ${x.cadastralNumbers.join(', ')}`,
        'Сверить кадастровые номера с ГПЗУ и выпиской ЕГРН и исправить XML ПЗ или документ.',
        [p, xp],
      );
    }

    const xv = xmlValues(ctx);
    const kinds = [...new Set(xv.map((v) => v.kind))] as ValueKind[];
    for (const kind of kinds) {
      const xval = xv.find((v) => v.kind === kind)!;
      const items = docs.map((doc) => ({ doc, item: docValue(doc, kind) })).filter((i): i is { doc: DocFacts; item: ValueFact } => i.item !== null);
      const groups = groupBy(items, sameValue);
      const major = groups[0];
      const ref = major?.[0];
      // when the XML sides with some documents, the documents disagree: consistency.* reports that
      if (!ref || groups.some((g) => sameValue(g[0]!.item, xval))) continue;
      const p = { doc: ref.doc, page: ref.item.docPage };
      add(
        xd,
        `Значение «${VALUE_TITLES[kind]}» в XML пояснительной записке (${formatValue(xval.value)}${VALUE_UNITS[kind]}) не совпадает с документами комплекта (${formatValue(ref.item.value)}${VALUE_UNITS[kind]}).`,
        `XML (TEI): ${xval.snippet}\n${where(p)}: ${ref.item.snippet}${major!.length > 1 ? `\nЗначение ${formatValue(ref.item.value)}${VALUE_UNITS[kind]} указано также в ${major!.length - 1} др. док.` : ''}`,
        `Уточнить ${VALUE_TITLES[kind]} и привести значение в XML ПЗ (TEI) и в документах к единому.`,
        [xp, p],
      );
    }

    const listed = x.sections.flatMap((s) =>
      s.documents.flatMap((d) => d.files.filter(Boolean).map((f, i) => ({ section: s.code, file: f, number: d.number, checksum: d.checksums[i] ?? null }))),
    );
    if (listed.length) {
      const inSet = new Set(ctx.docs.map((d) => fileKey(d.doc.name)));
      const missing = listed.filter((l) => !inSet.has(fileKey(l.file)));
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
          'critical',
        );
      }
      const bad = listed.flatMap((l) => {
        const d = ctx.docs.find((x) => fileKey(x.doc.name) === fileKey(l.file) && fileKey(x.doc.name) !== '');
        return d && l.checksum && d.crc32 && /^[0-9A-F]{8}$/.test(l.checksum) && d.crc32 !== l.checksum ? [{ l, d }] : [];
      });
      for (const { l, d } of bad) {
        add(
          d,
          `Контрольная сумма файла «${d.doc.name}» не совпадает с указанной в XML пояснительной записке: в комплекте другая редакция файла.`,
          `XML (FileChecksum): ${l.checksum}; CRC32 файла в комплекте: ${d.crc32}.`,
          'Заменить файл на редакцию, указанную в XML ПЗ, или пересчитать FileChecksum после исправления файла.',
          [xp],
          'critical',
        );
      }
      // DocNumber of a listed volume against the cipher the volume itself carries
      for (const s2 of x.sections) {
        for (const xdoc of s2.documents) {
          if (!xdoc.number) continue;
          const d = ctx.docs.find((o) => o !== xd && o.cipher && xdoc.files.some((f) => f && fileKey(f) === fileKey(o.doc.name)));
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
      const listedKeys = new Set(listed.map((l) => fileKey(l.file)));
      // the explanatory note itself is the XML root, not an entry of ProjectDocumentation
      // ProjectDocumentation lists the volumes of ПД: survey reports, initial documents, ИУЛ and letters are not demanded there
      const isVolume = (d: (typeof ctx.docs)[number]) =>
        ['pd_section', 'estimate', 'other'].includes(ctx.set.documents.find((t) => t.docIndex === d.doc.index)?.type ?? 'other');
      const unlisted = ctx.docs.filter((d) => d !== xd && d.section !== 'ПЗ' && d.doc.role === 'review' && isVolume(d) && !listedKeys.has(fileKey(d.doc.name)));
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
    return { findings };
  },
});
