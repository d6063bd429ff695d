import { addressDifference, objectAddresses } from '../facts/address.ts';
import { cipherKey } from '../facts/cipher.ts';
import { institutionOf, isObjectNameLine } from '../facts/text-facts.ts';
import type { DocFacts, NameSource, PartyFact } from '../facts/types.ts';
import { fold } from '../text/normalize.ts';
import type { ObjectIdentity, ObjectSource, ObjectStatement } from './object-types.ts';
import type { DocumentType, TypedDocument } from './types.ts';

export type { ObjectIdentity, ObjectSource, ObjectStatement } from './object-types.ts';

/** Strength of a source: the XML note, then title pages, labels and stamps, then the request, then running text. */
const STRENGTH: Record<ObjectSource, number> = { xml: 0, title: 1, label: 2, stamp: 3, request: 4, text: 5 };

interface Candidate {
  value: string;
  source: ObjectSource;
  doc: DocFacts | null;
  page: number | null;
  quote: string;
}

/** Documents that describe the designed object: a ГПЗУ, a ТУ, a survey report or an estimate has its own subject. */
const OBJECT_TYPES: ReadonlySet<DocumentType> = new Set(['pd_section', 'rd_mark', 'xml_note', 'other']);

/**
 * The order candidates are weighed in, independent of the order documents came in (loose files and a ZIP of the
 * same files number them differently): strength, then the value, then the document's name and the page.
 */
function canonical(a: Candidate, b: Candidate): number {
  return STRENGTH[a.source] - STRENGTH[b.source] || cmp(a.value, b.value) || cmp(a.doc?.doc.name ?? '', b.doc?.doc.name ?? '') || (a.page ?? 0) - (b.page ?? 0);
}
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Picks one value among candidates: the strongest source wins; among equally strong ones, the value most
 * documents agree on; then the canonical order. `same` says two spellings state the same value.
 */
export function establish(candidates: readonly Candidate[], same: (a: string, b: string) => boolean): ObjectStatement | null {
  const sorted = [...candidates].sort(canonical);
  const groups: Candidate[][] = [];
  for (const c of sorted) {
    const g = groups.find((gr) => same(gr[0]!.value, c.value));
    if (g) g.push(c);
    else groups.push([c]);
  }
  const docsOf = (g: Candidate[]) => new Set(g.map((c) => c.doc?.doc.name ?? '')).size;
  const best = groups
    .map((g) => ({ g, strength: STRENGTH[g[0]!.source], docs: docsOf(g) }))
    .sort((a, b) => a.strength - b.strength || b.docs - a.docs || canonical(a.g[0]!, b.g[0]!))[0];
  if (!best) return null;
  const top = best.g[0]!;
  return { value: top.value, source: top.source, docIndex: top.doc?.doc.index ?? null, page: top.page, quote: top.quote, documents: best.docs };
}

const nameKey = (s: string) => fold(s).replace(/[^0-9a-zа-я]/g, '');
/** One name written shorter on a stamp than on the title page is the same name. */
const sameName = (a: string, b: string) => {
  const ka = nameKey(a);
  const kb = nameKey(b);
  return ka === kb || (ka.length >= 12 && kb.startsWith(ka)) || (kb.length >= 12 && ka.startsWith(kb));
};
const sameAddress = (a: string, b: string) => addressDifference(a, b) === null;
const sameParty = (a: string, b: string) => nameKey(a) === nameKey(b);

const NAME_SOURCE: Partial<Record<NameSource, ObjectSource>> = { title: 'title', label: 'label', stamp: 'stamp' };

function nameCandidates(docs: readonly DocFacts[]): Candidate[] {
  const out: Candidate[] = [];
  for (const d of docs) {
    if (d.xml?.objectName) out.push({ value: d.xml.objectName.trim(), source: 'xml', doc: d, page: 1, quote: d.xml.objectName });
    // only a line that stands as the object's name: a passage «…по адресу» or «объект – не классифицируется» is none
    for (const n of d.objectNames) {
      const source = n.source && NAME_SOURCE[n.source];
      if (source && isObjectNameLine(n.value)) out.push({ value: n.value.trim(), source, doc: d, page: n.docPage, quote: n.snippet });
    }
  }
  return out;
}

function addressCandidates(docs: readonly DocFacts[], requested: string | null): Candidate[] {
  const out: Candidate[] = [];
  for (const d of docs) {
    if (d.xml?.address) out.push({ value: d.xml.address, source: 'xml', doc: d, page: 1, quote: d.xml.address });
    for (const a of objectAddresses(d.addresses))
      out.push({ value: a.value, source: a.docPage <= 2 ? 'title' : 'text', doc: d, page: a.docPage, quote: a.snippet });
  }
  if (requested?.trim()) out.push({ value: requested.trim(), source: 'request', doc: null, page: null, quote: requested.trim() });
  return out;
}

function cadastralOf(docs: readonly DocFacts[]): ObjectStatement[] {
  const xml = docs.find((d) => d.xml?.cadastralNumbers.length);
  if (xml)
    return xml.xml!.cadastralNumbers.map((n) => ({
      value: n,
      source: 'xml',
      docIndex: xml.doc.index,
      page: 1,
      quote: n,
      documents: 1 + docs.filter((d) => d.cadastral.some((c) => c.value === n)).length,
    }));
  // the plot's number is the one named by most documents; a neighbouring plot is named by fewer
  const candidates = docs.flatMap((d) =>
    d.cadastral.map((c) => ({ value: c.value, source: (c.docPage <= 2 ? 'title' : 'text') as ObjectSource, doc: d, page: c.docPage, quote: c.snippet })),
  );
  const byDocs = establishByAgreement(candidates);
  return byDocs ? [byDocs] : [];
}

/** Cadastral numbers are weighed by agreement first: a title page names the neighbouring plot as readily as the text. */
function establishByAgreement(candidates: Candidate[]): ObjectStatement | null {
  const flat = candidates.map((c) => ({ ...c, source: 'text' as ObjectSource }));
  const s = establish(flat, (a, b) => a === b);
  if (!s) return null;
  const first = [...candidates].sort(canonical).find((c) => c.value === s.value)!;
  return { ...s, source: first.source, docIndex: first.doc?.doc.index ?? null, page: first.page, quote: first.quote };
}

function cipherBaseOf(docs: readonly DocFacts[], setBase: string | null): ObjectStatement | null {
  const withBase = docs.filter((d) => !d.xml && d.cipher && cipherKey(d.cipher.base) === setBase);
  if (!setBase || !withBase.length) {
    const xml = docs.find((d) => d.xml?.cipher);
    return xml ? { value: xml.xml!.cipher!, source: 'xml', docIndex: xml.doc.index, page: 1, quote: xml.xml!.cipher!, documents: 1 } : null;
  }
  const d = [...withBase].sort((a, b) => cmp(a.doc.name, b.doc.name))[0]!;
  const stamp = d.stamps.find((s) => s.cipher && cipherKey(s.cipher).startsWith(setBase));
  const head = d.headCiphers.find((c) => cipherKey(c.base) === setBase);
  return {
    value: d.cipher!.base,
    source: stamp ? 'stamp' : 'title',
    docIndex: d.doc.index,
    page: stamp?.docPage ?? head?.docPage ?? 1,
    quote: stamp?.cipher ?? head?.cipher ?? d.cipher!.cipher,
    documents: withBase.length,
  };
}

function partyOf(docs: readonly DocFacts[], role: PartyFact['role']): ObjectStatement | null {
  const candidates = docs.flatMap((d) =>
    (d.parties ?? [])
      .filter((p) => p.role === role)
      .map((p) => ({ value: p.value, source: 'title' as ObjectSource, doc: d, page: p.docPage, quote: p.snippet })),
  );
  return establish(candidates, sameParty);
}

/**
 * The designed object, established once: name, address, cadastral numbers, cipher base, customer, designer and ГИП,
 * each from the strongest source (the XML note, title pages, labels, stamps, the request's address) with its evidence.
 * `setBase` is the cipher base most volumes share.
 */
export function establishObject(
  docs: readonly DocFacts[],
  types: readonly TypedDocument[],
  requestedAddress: string | null,
  setBase: string | null,
): ObjectIdentity {
  const other = new Set(types.filter((t) => !OBJECT_TYPES.has(t.type)).map((t) => t.docIndex));
  const own = docs.filter((d) => d.pagesRead > 0 && !other.has(d.doc.index));
  const name = establish(nameCandidates(own), sameName);
  return {
    name,
    institution: name ? institutionOf(name.value) : null,
    address: establish(addressCandidates(own, requestedAddress), sameAddress),
    cadastralNumbers: cadastralOf(own),
    cipherBase: cipherBaseOf(own, setBase),
    customer: partyOf(own, 'customer'),
    designer: partyOf(own, 'designer'),
    chiefEngineer: partyOf(own, 'chief_engineer'),
  };
}
