import { basename } from 'node:path';
import { addressDifference } from '../facts/address.ts';
import { cipherKey, parseCiphers } from '../facts/cipher.ts';
import type { DocFacts, ValueFact, ValueKind } from '../facts/types.ts';
import { findValues, formatValue, sameValue, VALUE_TITLES, VALUE_UNITS } from '../facts/values.ts';
import { fold } from '../text/normalize.ts';
import { docText, docValue, quote, textDocs } from './common.ts';
import { objectAddresses } from './consistency-address.ts';
import { mainCadastral } from './consistency-cadastral.ts';
import { where, type Check, type CheckContext, type DraftFinding, type Place } from './types.ts';

const nameKey = (s: string) => fold(s).replace(/[^а-яa-z0-9]+/g, ' ').trim();
const fileKey = (s: string) => fold(basename(s.replace(/\\/g, '/'))).replace(/\.[a-z0-9]{2,5}$/, '');

/** Token overlap of two object names: 1 — same words, 0 — nothing in common. */
function nameOverlap(a: string, b: string): number {
  const ta = new Set(nameKey(a).split(' ').filter((w) => w.length > 2));
  const tb = new Set(nameKey(b).split(' ').filter((w) => w.length > 2));
  if (!ta.size || !tb.size) return 1;
  let common = 0;
  for (const w of ta) if (tb.has(w)) common++;
  return common / Math.min(ta.size, tb.size);
}

/** TEI/PowerIndicator entries read as key values (ОКЕИ 909 «квартира» counts apartments). */
function xmlValues(ctx: CheckContext): ValueFact[] {
  const out: ValueFact[] = [];
  for (const i of ctx.xml!.facts.indicators) {
    const found = findValues(`${i.name} ${i.value}`, 1);
    if (found[0]) out.push({ ...found[0], raw: `${i.name}: ${i.value}`, snippet: `${i.name}: ${i.value}` });
    else if (i.measure === '909' && /квартир/i.test(i.name)) {
      const v = Number(i.value.replace(',', '.'));
      if (Number.isInteger(v)) out.push({ kind: 'apartments', value: v, raw: i.value, docPage: 1, snippet: `${i.name}: ${i.value}` });
    }
  }
  return out;
}

/** U-04, U-06 … U-08, C-01, C-04 … C-08: the XML explanatory note agrees with the rest of the set. */
export const xmlNoteMismatch: Check = {
  id: 'xml.explanatory_note_mismatch',
  theme: 'unassigned',
  importance: 'significant',
  title: 'Сведения XML пояснительной записки совпадают с документами комплекта (шифр, адрес, наименование, кадастровый номер, ТЭП, перечень файлов)',
  run(ctx) {
    if (!ctx.xml) return {};
    const { doc: xd, facts: x } = ctx.xml;
    const findings: DraftFinding[] = [];
    const xp: Place = { doc: xd, page: 1 };
    const docs = textDocs(ctx.docs);
    const add = (about: DocFacts, essence: string, evidence: string, action: string, places: Place[], importance: DraftFinding['importance'] = 'significant') => {
      const target = about.doc.role === 'review' ? about : xd.doc.role === 'review' ? xd : null;
      if (target) findings.push({ checkId: this.id, importance, theme: this.theme, about: target, essence, evidence, action, places });
    };

    const xc = x.cipher ? parseCiphers(x.cipher.toUpperCase())[0] : undefined;
    if (x.cipher && ctx.setBase && xc && cipherKey(xc.base) !== ctx.setBase) {
      add(xd, `Шифр пояснительной записки в XML (${x.cipher}) не совпадает по базе с шифрами томов комплекта (${ctx.setBase}).`,
        `XML, элемент ExplanatoryNoteNumber: ${x.cipher}. Шифры томов комплекта имеют базу ${ctx.setBase}.`,
        'Исправить ExplanatoryNoteNumber в XML ПЗ или шифры томов, чтобы они имели общую базу.', [xp]);
    }

    if (x.address) {
      for (const d of docs) {
        const a = docText(objectAddresses(d.addresses), (s) => s);
        const diff = a ? addressDifference(x.address, a.value) : null;
        if (!a || !diff) continue;
        const p = { doc: d, page: a.docPage };
        add(d, `Адрес объекта в «${d.doc.name}» не совпадает с адресом в XML пояснительной записке (${diff}).`,
          `${where(p)}: ${quote(a.value)}\nXML (Address): ${quote(x.address)}`,
          'Привести адрес объекта к единому написанию в XML ПЗ и в документах комплекта, сверив его с ГПЗУ.', [p, xp]);
      }
    }

    if (x.objectName) {
      for (const d of docs) {
        const n = d.objectNames[0];
        if (!n || nameOverlap(x.objectName, n.value) >= 0.5) continue;
        const p = { doc: d, page: n.docPage };
        add(d, `Наименование объекта в «${d.doc.name}» отличается от указанного в XML пояснительной записке.`,
          `${where(p)}: ${quote(n.value)}\nXML (Name): ${quote(x.objectName)}`,
          'Указать одинаковое наименование объекта в XML ПЗ, на титульных листах и в основных надписях.', [p, xp]);
      }
    }

    const main = mainCadastral(docs);
    if (x.cadastralNumbers.length && main && !x.cadastralNumbers.includes(main.number)) {
      const ref = main.doc.cadastral.find((c) => c.value === main.number)!;
      const p = { doc: main.doc, page: ref.docPage };
      add(main.doc, `Кадастровый номер участка в «${main.doc.doc.name}» (${main.number}) не указан в XML пояснительной записке (${x.cadastralNumbers.join(', ')}).`,
        `${where(p)}: ${ref.snippet}\nXML (CadastralNumber): ${x.cadastralNumbers.join(', ')}`,
        'Сверить кадастровые номера с ГПЗУ и выпиской ЕГРН и исправить XML ПЗ или документ.', [p, xp]);
    }

    const xv = xmlValues(ctx);
    const kinds = [...new Set(xv.map((v) => v.kind))] as ValueKind[];
    for (const kind of kinds) {
      const xval = xv.find((v) => v.kind === kind)!;
      for (const d of docs) {
        const v = docValue(d, kind);
        if (!v || sameValue(v, xval)) continue;
        const p = { doc: d, page: v.docPage };
        add(d, `Значение «${VALUE_TITLES[kind]}» в «${d.doc.name}» (${formatValue(v.value)}${VALUE_UNITS[kind]}) не совпадает с XML пояснительной запиской (${formatValue(xval.value)}${VALUE_UNITS[kind]}).`,
          `${where(p)}: ${v.snippet}\nXML (TEI): ${xval.snippet}`,
          `Уточнить ${VALUE_TITLES[kind]} и привести значение в XML ПЗ (TEI) и в документах к единому.`, [p, xp]);
      }
    }

    const listed = x.sections.flatMap((s) => s.documents.flatMap((d) => d.files.map((f) => ({ section: s.code, file: f, number: d.number }))));
    if (listed.length) {
      const inSet = new Set(ctx.docs.map((d) => fileKey(d.doc.name)));
      const missing = listed.filter((l) => !inSet.has(fileKey(l.file)));
      if (missing.length) {
        add(xd, `В XML пояснительной записке перечислены файлы, которых нет в комплекте (${missing.length}).`,
          `XML (ProjectDocumentation): ${missing.slice(0, 15).map((m) => `${m.section}: ${m.file}${m.number ? ` (${m.number})` : ''}`).join('; ')}${missing.length > 15 ? '; …' : ''}`,
          'Добавить в комплект перечисленные файлы или исправить состав документации в XML ПЗ; имена файлов должны совпадать с FileName.', [xp], 'critical');
      }
      const listedKeys = new Set(listed.map((l) => fileKey(l.file)));
      const unlisted = ctx.docs.filter((d) => d !== xd && d.doc.role === 'review' && !listedKeys.has(fileKey(d.doc.name)));
      if (unlisted.length) {
        add(xd, `Документы комплекта не указаны в составе документации XML пояснительной записки (${unlisted.length}).`,
          `Нет в XML (File/FileName): ${unlisted.slice(0, 15).map((d) => `«${d.doc.name}»`).join(', ')}${unlisted.length > 15 ? ', …' : ''}`,
          'Включить файлы в раздел ProjectDocumentation XML ПЗ (с контрольными суммами) или убрать из комплекта лишние документы.', [xp]);
      }
    }
    return { findings };
  },
};
