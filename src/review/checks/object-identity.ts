import { addressDifference, clauseBefore, isNeighbourAddress, objectAddresses } from '../facts/address.ts';
import { cipherKey, parseCiphers } from '../facts/cipher.ts';
import { institutionOf } from '../facts/text-facts.ts';
import type { DocFacts, TextFact } from '../facts/types.ts';
import type { ObjectIdentity } from '../set/object-types.ts';
import { designDocs, pagesOf, quote } from './common.ts';
import { defineCheck, where, type CheckContext, type Place } from './types.ts';

// The addresses and names of the designer, the customer, the expert body and the regulator are theirs, not the object's.
const PARTY =
  /заказчик|застройщик|проектировщик|исполнител|подрядчик|экспертиз|инспекци|надзор|министерств|департамент|комитет|администраци|управлени[ея]\s|выдан|СРО|лиценз/iu;

/**
 * A name said of a neighbouring building or of one of the parties: not a statement of the object. A title page's
 * name line is the object's even under «Заказчик: …» (the finder stops at the customer's line).
 */
const trap = (f: TextFact) => f.source !== 'title' && (isNeighbourAddress(f) || PARTY.test(clauseBefore(f)));

/** What in one document names an object other than the set's. */
export interface ForeignObject {
  doc: DocFacts;
  /** Names of another institution («школа № 5» where the set's is «школа № 12»). */
  institutions: TextFact[];
  /** Addresses in another settlement. */
  settlements: TextFact[];
  /** Addresses on another street of the same settlement (a house-number slip is consistency.address's). */
  streets: TextFact[];
  /** Names from the title page, a label or a title block that are not the set's object name. */
  names: TextFact[];
  /** Every title block with a cipher carries another cipher base. */
  stampBase: string | null;
  /** The volume's list of drawings designates sheets by another cipher base. */
  contentsBase: { base: string; page: number; raw: string } | null;
  /** Critical: the volume's title blocks belong to another object; else significant. */
  wholeVolume: boolean;
}

const baseOf = (cipher: string | null | undefined) => (cipher ? (parseCiphers(cipher)[0]?.base ?? null) : null);

function foreignOf(d: DocFacts, o: ObjectIdentity): ForeignObject | null {
  const institutions = o.institution
    ? d.objectNames.filter((n) => !trap(n) && institutionOf(n.value) !== null && institutionOf(n.value) !== o.institution)
    : [];
  const settlements: TextFact[] = [];
  const streets: TextFact[] = [];
  if (o.address)
    for (const a of objectAddresses(d.addresses)) {
      const diff = addressDifference(o.address.value, a.value) ?? '';
      if (diff.includes('населённый пункт')) settlements.push(a);
      else if (diff.includes('улица')) streets.push(a);
    }
  const ownName = o.name?.value ?? null;
  const names = ownName ? d.objectNames.filter((n) => n.source && n.source !== 'passage' && !trap(n) && !sameObjectName(ownName, n.value)) : [];
  const setBase = o.cipherBase ? cipherKey(o.cipherBase.value) : null;
  const stampBases = d.stamps.map((s) => baseOf(s.cipher)).filter((b): b is string => b !== null);
  const stampBase = setBase && stampBases.length && stampBases.every((b) => cipherKey(b) !== setBase) ? stampBases[0]! : null;
  const entry = setBase
    ? d.contents?.entries.find((e) => {
        const b = baseOf(e.designation);
        return b !== null && cipherKey(b) !== setBase;
      })
    : undefined;
  const contentsBase = entry ? { base: baseOf(entry.designation)!, page: entry.docPage, raw: entry.raw } : null;
  // the title blocks name the other object on every sheet that names one
  const stampNames = d.objectNames.filter((n) => n.source === 'stamp');
  const stampsForeign = stampBase !== null || (stampNames.length > 0 && stampNames.every((n) => names.includes(n) || institutions.includes(n)));
  const text = institutions.length > 0 || settlements.length > 0 || streets.length > 0 || names.length > 0;
  const wholeVolume = stampsForeign && text && (stampBase !== null || institutions.length > 0 || settlements.length > 0 || streets.length > 0);
  // a name worded otherwise or a street alone is no proof: they count with another institution, settlement or base
  const passage = institutions.length > 0 || settlements.length > 0 || (streets.length > 0 && (names.length > 0 || contentsBase !== null));
  if (!wholeVolume && !passage) return null;
  return { doc: d, institutions, settlements, streets, names, stampBase, contentsBase, wholeVolume };
}

const nameWords = (s: string) =>
  new Set(
    s
      .toLowerCase()
      .replace(/ё/g, 'е')
      .match(/[а-яa-z]{4,}|\d+/g) ?? [],
  );
/** Two names of one object share their words: «Жилой дом (позиция 2)» and «Многоквартирный жилой дом, поз. 2». */
export function sameObjectName(a: string, b: string): boolean {
  const wa = nameWords(a);
  const wb = nameWords(b);
  const numbers = (w: Set<string>) =>
    [...w]
      .filter((x) => /^\d+$/.test(x))
      .sort()
      .join(',');
  if (numbers(wa) !== numbers(wb) && numbers(wa) && numbers(wb)) return false;
  const shared = [...wa].filter((w) => wb.has(w)).length;
  return shared > 0 && shared >= Math.min(wa.size, wb.size) / 2;
}

const memo = new WeakMap<CheckContext, ForeignObject[]>();

/**
 * Documents that carry text of another object, computed once per run: the address and cipher checks leave these
 * documents to `identity.other_object`, so one cause gives one finding.
 */
export function foreignObjects(ctx: CheckContext): ForeignObject[] {
  const known = memo.get(ctx);
  if (known) return known;
  const o = ctx.set.object;
  const found = o ? designDocs(ctx).flatMap((d) => foreignOf(d, o) ?? []) : [];
  memo.set(ctx, found);
  return found;
}

/** Text, sheets or title blocks of another object bound into the set (an address, an institution, a cipher base). */
export const objectIdentity = defineCheck({
  id: 'identity.other_object',
  theme: 'unassigned',
  importance: 'critical',
  title: 'В томе нет текста, листов и штампов другого объекта (другой адрес, учреждение, шифр)',
  needs: ['object'],
  find(ctx, report) {
    const o = ctx.set.object!;
    for (const f of foreignObjects(ctx)) {
      const d = f.doc;
      const facts = [...f.institutions, ...f.settlements, ...f.streets, ...(f.wholeVolume ? f.names : [])];
      const pages = pagesOf(facts);
      if (f.contentsBase && (f.wholeVolume || !pages.length)) pages.push(f.contentsBase.page);
      if (f.wholeVolume && f.stampBase) pages.push(d.stamps.find((s) => s.cipher)!.docPage);
      const places: Place[] = [...new Set(pages)].sort((a, b) => a - b).map((page) => ({ doc: d, page }));
      const what = [
        f.institutions.length ? `учреждение ${quote(f.institutions[0]!.value)}` : '',
        f.settlements.length || f.streets.length ? `адрес ${quote((f.settlements[0] ?? f.streets[0])!.value)}` : '',
        f.wholeVolume && f.stampBase ? `шифр ${quote(f.stampBase)} в основных надписях` : '',
        f.wholeVolume && !f.institutions.length && f.names.length ? `наименование ${quote(f.names[0]!.value)}` : '',
      ].filter(Boolean);
      const differ = what.length > 1 ? 'не совпадают' : 'не совпадает';
      const lines = [...new Map(facts.map((x) => [`${x.docPage}|${x.value}`, x])).values()]
        .slice(0, 4)
        .map((x) => `${where({ doc: d, page: x.docPage })}: ${x.snippet}`);
      if (f.wholeVolume && f.stampBase) lines.push(`основные надписи тома: шифр ${quote(f.stampBase)}`);
      if (f.contentsBase) lines.push(`${where({ doc: d, page: f.contentsBase.page })}: ведомость — ${quote(f.contentsBase.raw)}`);
      const own = [
        o.name ? `объект комплекта — ${quote(o.name.value)}` : '',
        o.address ? `адрес — ${quote(o.address.value)}` : '',
        o.cipherBase ? `шифр — ${quote(o.cipherBase.value)}` : '',
      ].filter(Boolean);
      lines.push(`${own.join(', ')}${o.address?.docIndex ? ` (док. ${o.address.docIndex}, с. ${o.address.page})` : ''}`);
      report({
        importance: f.wholeVolume ? 'critical' : 'significant',
        about: d,
        essence: f.wholeVolume
          ? `Том «${d.doc.name}» относится к другому объекту: ${what.join(', ')} ${differ} с объектом комплекта.`
          : `В документе «${d.doc.name}» есть текст другого объекта (${what.join(', ')}; стр. ${pages.join(', ')}).`,
        evidence: lines.join('\n'),
        action: f.wholeVolume
          ? 'Заменить том томом проектируемого объекта или исправить его текст и основные надписи.'
          : 'Удалить или переработать текст, перенесённый из документации другого объекта, и проверить данные на указанных страницах.',
        places,
      });
    }
  },
});
