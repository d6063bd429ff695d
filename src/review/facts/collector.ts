import { canonicalSection } from '../../kernel/docset.ts';
import type { XmlNoteFacts } from '../extract/xml-note.ts';
import { malformedDesignation } from '../norms/malformed.ts';
import { findNormRefs, lookupNorm, numberReadAs, prepareFlatForNorms } from '../norms/matcher.ts';
import { collapseSpaces, normalizeText, printedSnippet, snippet } from '../text/normalize.ts';
import type { ReadPage, ReviewDocument } from '../types.ts';
import { guessKind } from '../../ingest/classify.ts';
import { appendixStart, opensCostIndicators } from './appendix.ts';
import { designationOf, findCiphers, findMixedScriptCiphers, parseCiphers } from './cipher.ts';
import { readIul } from './iul.ts';
import { ContentsReader } from './contents.ts';
import { findCipherRefs, findSheetRefs, findVolumeRefs, ownVolume } from './refs.ts';
import { opensBoundPart, StampReader } from './stamp.ts';
import { findAddresses, findTitleAddress, findCadastral, findObjectNames, findYear, stampNames } from './text-facts.ts';
import { MAX_FACTS_PER_KIND, type DocFacts } from './types.ts';
import { findTraits } from './traits.ts';
import { findNamedStations } from './climate-place.ts';
import { findValues } from './values.ts';
import { findRequirements } from './requirements.ts';
import { findFireHeights, findZeroElevations } from './heights.ts';
import { findGpzu, findTechConditions } from './issued-docs.ts';
import { findResources } from './resources.ts';
import { findParties } from './parties.ts';
import { findGpzuCitations } from './gpzu-citation.ts';
import { findDatedMentions } from './dated-mentions.ts';
import { findEstimateForm } from './estimate-form.ts';
import { findAssignmentForm } from './assignment-form.ts';
import { CONTENT_PHRASES } from '../content/index.ts';
import { ContentReader } from '../content/reader.ts';

const HEAD_PAGES = 2;
const HEAD_CHARS = 6000;
/** The volume's contents stand on its first sheets, after the title page; a long list runs on a page or two. */
const CONTENTS_PAGES = 4;

/** Section code for a client's kind: reference codes, synonyms and numbered parts («ИОС5.1», «КЖ2»). */
export function sectionOfKind(kind: string | null): string | null {
  if (!kind) return null;
  const k = normalizeText(kind).trim().toUpperCase().replace(/\s+/g, '');
  return canonicalSection(k) ?? canonicalSection(k.replace(/(\d)[.\d]*$/, '$1')) ?? canonicalSection(k.replace(/[\d.]+$/, ''));
}

function push<T>(list: T[], items: T[]): void {
  for (const i of items) if (list.length < MAX_FACTS_PER_KIND) list.push(i);
}

/** The start of an estimate's basis line, up to a cipher it cites. */
const BASIS_LINE = /^\s*основание\s*:/iu;

/** Quote marks: «», “” and the straight " that opens and closes alike. */
const QUOTES = /[«»“”"]/g;

/** Whether a quote opened in `text` is still open at its end («"Защита … коррозии. » is open, «"Кровли" » is not). */
function quoteOpen(text: string): boolean {
  let depth = 0;
  let straight = false;
  for (const q of text.match(QUOTES) ?? []) {
    if (q === '"') straight = !straight;
    else if (q === '«' || q === '“') depth++;
    else depth = Math.max(0, depth - 1);
  }
  return depth > 0 || straight;
}

/**
 * A price-book resource code («ФССЦ-23.3.03.06-0012», «ТССЦ-103-0023», «ФСБЦ-01.7.15.06-0111», «ФЕР22-01-021-01»,
 * «ГЭСНм08-02-001-01», «ТЕР…», «ФСЭМ-…»): an estimate's item copies its name, material standard included, from the book.
 */
const PRICE_CODE = /(?<![А-Я])(?:ФССЦ|ТССЦ|ФСБЦС?|ФСЭМ|ССЦ|СЦМ|(?:ФЕР|ТЕР|ГЭСН)[МРП]?)[-_ ]?\d{1,3}[-.]\d/g;

/**
 * «ФССЦ-23.3.03.06-0012 Трубы стальные электросварные прямошовные … ГОСТ 10704-91»: a designation inside the name of a
 * price-book item is the book's wording, not the designer's citation — the code stands within the item's name before it
 * and no citing word («по», «согласно», «в соответствии с») leads to the designation.
 */
function isInPriceItemName(prepared: string, at: number): boolean {
  const before = prepared.slice(Math.max(0, at - 200), at);
  PRICE_CODE.lastIndex = 0;
  let last: RegExpExecArray | null = null;
  for (let m = PRICE_CODE.exec(before); m; m = PRICE_CODE.exec(before)) last = m;
  if (!last) return false;
  const name = before.slice(last.index + last[0].length);
  return !/(?:^|[^А-Я])(?:ПО|СОГЛАСНО|СООТВЕТСТВИИ С[О]?|ТРЕБОВАНИЯМИ)\s*$/.test(name);
}

/** A norm's designation (its kind and number) within the words between a СП and a СНиП. */
const OTHER_DESIGNATION = /(?:^|[^А-ЯA-Z])(?:СП|СНИП|ГОСТ(?: ?Р)?|САНПИН|ВСН|РД|СО|МДС|НПБ|ПУЭ) ?\d/;

/**
 * An «Актуализированная редакция СНиП …» or «СП 24.13330.2021 Свайные фундаменты. СНиП 2.02.03-85» title: the СНиП there is
 * part of the current СП's name. So is one standing right after the СП's closed title («СП 48.13330.2019 "Организация
 * строительства" (СНиП 12-01-2004)») or inside a title still open («СП 28.13330.2017 "Защита … коррозии. СНиП 2.03.11-85
 * Актуализированная редакция"»). A СНиП after the title's sentence has ended (a quote and «.», «;», the next list number) is
 * a citation.
 */
function isTitleOfCurrentSp(prepared: string, at: number, rawLength: number, replacement: string): boolean {
  const before = prepared.slice(Math.max(0, at - 160), at);
  if (/АКТУАЛИЗ\S*\s*(?:РЕДАКЦИ\S*)?\s*$/.test(before)) return true;
  if (/^[\s*]*АКТУАЛИЗ/.test(prepared.slice(at + rawLength, at + rawLength + 30))) return true;
  // inside the quoted title of the last СП named before it, whichever СП that is (designers mistype the number)
  const lastSp = [...before.matchAll(/СП ?\d{1,3}\.\d{4,7}(?:[.-]\d{2,4})?/g)].pop();
  // right after a closed title of a designation, even a garbled one («СНиП 13330.2019 "Организация строительства" СНиП …»)
  if (/(?:СП|СНИП) ?(?:\d{1,3}\.)?\d{4,7}[.-]\d{2,4} ?[«"“][^«»"“”;]{1,100}[»"”] ?\(?$/.test(before)) return true;
  const title = lastSp ? before.slice(lastSp.index + lastSp[0].length) : '';
  if (lastSp && title.length < 120 && quoteOpen(title) && !title.includes(';')) return true;
  const sp = /СП ?(\d{1,3}\.\d{4,7})/.exec(replacement)?.[1];
  if (!sp) return false;
  const i = before.lastIndexOf(`СП ${sp}`);
  if (i === -1) return false;
  const between = before.slice(i).replace(/^СП \S+/, '');
  // «СП 63.13330.2012 и СНиП 2.03.01-84*», «СП …, СНиП …»: a list of two norms, not a title
  if (/^[\s,]*(?:И|ИЛИ|А ТАКЖЕ)?[\s,]*$/.test(between)) return false;
  // «СП 47.13330.2016, СП 11-105-97, СНиП 11-02-96»: another norm between them — a list, and no title names another norm
  if (OTHER_DESIGNATION.test(between)) return false;
  // a title closed and its sentence ended («… «Тепловая защита зданий». Расчёт выполнен по СНиП …»): a citation of its own
  return between.length < 120 && !/[;]|[»”"][\s]*[,.][\s,.]*$|[»”"]\s*[.,]\s*\S|(?:^|\s)\d{1,3}[.)]?\s/.test(between);
}

/** Builds the facts of one document page by page; the page text is dropped after each call. */
export class DocCollector {
  readonly facts: DocFacts;
  private headParts: string[] = [];
  private readonly stamps = new StampReader();
  private readonly contents = new ContentsReader();
  private readonly content = new ContentReader(CONTENT_PHRASES);
  /** What the registry says of each citation as written: a volume cites the same norms on page after page. */
  private readonly normVerdicts = new Map<string, ReturnType<typeof lookupNorm> | ReturnType<typeof malformedDesignation>>();

  constructor(doc: ReviewDocument, pageFrom: number) {
    this.facts = {
      doc,
      section: sectionOfKind(doc.kind),
      pagesTotal: 0,
      pagesRead: 0,
      pageFrom,
      head: '',
      year: null,
      stamps: [],
      cipherCounts: new Map(),
      cipher: null,
      headCiphers: [],
      norms: new Map(),
      values: [],
      traits: [],
      requirements: [],
      addresses: [],
      objectNames: [],
      parties: [],
      cadastral: [],
      resources: [],
      gpzu: [],
      techConditions: [],
      sheetRefs: [],
      cipherRefs: [],
      volumeRefs: [],
      gpzuCitations: [],
      datedMentions: [],
      volume: null,
      xml: null,
      crc32: null,
    };
  }

  addPage(page: ReadPage): void {
    const f = this.facts;
    f.pagesRead++;
    const text = normalizeText(page.text);
    const n = page.docPage;
    // normalising hides a Latin look-alike in a cipher: it is looked for in the text as printed
    // lines OCR recognised in a drawn title block are not the designer's spelling: they name nothing and vote for nothing
    const ownStamp = page.stampRecognised ? undefined : page.stampLines;
    const printed = ownStamp?.length ? `${page.text}\n${ownStamp.map((l) => l.text).join('\n')}` : page.text;
    for (const c of findMixedScriptCiphers(printed)) {
      const known = (f.mixedScriptCiphers ??= []).find((x) => x.printed === c.printed);
      if (!known) f.mixedScriptCiphers.push({ ...c, pages: [n] });
      else if (!known.pages.includes(n) && known.pages.length < MAX_FACTS_PER_KIND) known.pages.push(n);
    }
    if (n <= HEAD_PAGES && this.headParts.join('').length < HEAD_CHARS) this.headParts.push(text.slice(0, HEAD_CHARS));
    if (page.stampLines?.length) {
      const st = this.stamps.read(page.stampLines, n);
      if (page.stampRecognised) Object.assign(st, { recognised: true, cipher: null, names: {} });
      if (st.sheet === 1 && opensBoundPart(st, text)) st.opensPart = true;
      if (!st.changePermission && (st.sheet !== null || st.sheets !== null || st.hasRoleRows || st.cipher)) f.stamps.push(st);
      if (st.cipher) f.cipherCounts.set(st.cipher, (f.cipherCounts.get(st.cipher) ?? 0) + 3);
    }
    if (n <= CONTENTS_PAGES) this.contents.read(text, n);
    this.content.read(text, n, page.source);
    const appendix = appendixStart(text, n);
    if (appendix) push((f.appendices ??= []), [appendix]);
    if (f.costIndicatorsFrom === undefined && opensCostIndicators(text)) f.costIndicatorsFrom = n;
    // an ИУЛ is one sheet: what it certifies is read from its first page
    if (n === 1) f.iul = readIul(text);
    if (n <= HEAD_PAGES) {
      const found = findCiphers(text);
      const designated = designationOf(text, found);
      for (const { index, fact: c } of found) {
        // an estimate's «Основание: чертежи 24-017-АР» names the documents it prices: no vote for its own cipher
        if (!BASIS_LINE.test(text.slice(text.lastIndexOf('\n', index) + 1, index))) f.cipherCounts.set(c.cipher, (f.cipherCounts.get(c.cipher) ?? 0) + 1);
        if (f.headCiphers.length < MAX_FACTS_PER_KIND)
          f.headCiphers.push({ ...c, docPage: n, ...(index === designated ? { designation: true as const } : {}) });
      }
    }
    // one flattened copy for the finders that read across line breaks
    const flat = collapseSpaces(text);
    this.norms(flat, text, n, page.source === 'ocr');
    push(f.values, findValues(flat, n));
    push(f.values, [...findFireHeights(flat, n), ...findZeroElevations(flat, n)]);
    push(f.resources, findResources(flat, n));
    push(f.gpzu, findGpzu(flat, n));
    push(f.techConditions, findTechConditions(flat, n));
    push(f.traits, findTraits(flat, n));
    push((f.climateStations ??= []), findNamedStations(flat, n));
    push(f.requirements, findRequirements(flat, n));
    push(f.addresses, findAddresses(flat, n));
    if (n <= 2) {
      push(f.addresses, findTitleAddress(text, n));
      push(f.parties!, findParties(text, n));
    }
    push(f.objectNames, stampNames(findObjectNames(text, n), ownStamp, n));
    push(f.cadastral, findCadastral(text, n));
    push(f.sheetRefs, findSheetRefs(text, n));
    push(f.cipherRefs, findCipherRefs(text, n));
    push(f.gpzuCitations, findGpzuCitations(flat, n));
    if (page.source !== 'ocr') push(f.datedMentions, findDatedMentions(flat, n));
    const form = findEstimateForm(text, n, page.source === 'ocr');
    if (form) {
      f.estimateForm ??= { priceLevels: [], signatures: [], basis: [], indexes: [], dates: [] };
      push(f.estimateForm.priceLevels, form.priceLevels);
      push(f.estimateForm.signatures, form.signatures);
      push(f.estimateForm.basis, form.basis);
      push(f.estimateForm.indexes, form.indexes);
      push(f.estimateForm.dates, form.dates);
    }
    const assignment = findAssignmentForm(text, n);
    if (assignment) {
      f.assignmentForm ??= { placeholders: [], parties: [] };
      push(f.assignmentForm.placeholders, assignment.placeholders);
      push(f.assignmentForm.parties, assignment.parties);
    }
    // the expression runs only where a volume number stands at all («том 7», «т. 5»)
    if (/(?:том[еау]?|т\.)\s*№?\s*\d/iu.test(text)) push(f.volumeRefs, findVolumeRefs(text, n));
  }

  /**
   * The XML note's list of norms and free texts, read as the text of its one page: each norm citation keeps its element
   * path, and the dates they cite («постановлением … от 16.02.2088г. №87») are read as a text page's are.
   */
  private xmlTexts(xml: XmlNoteFacts): void {
    for (const t of xml.normTexts) {
      const text = normalizeText(t.text);
      const flat = collapseSpaces(text);
      this.norms(flat, text, 1, false, t.path);
      push(this.facts.datedMentions, findDatedMentions(flat, 1));
    }
  }

  /** The XML note's ClimateNote, read as the text of its one page: its design values and the station it names. */
  private xmlClimate(note: string): void {
    const flat = collapseSpaces(normalizeText(note));
    push(this.facts.traits, findTraits(flat, 1));
    push(this.facts.values, findValues(flat, 1));
    push((this.facts.climateStations ??= []), findNamedStations(flat, 1));
  }

  private norms(flat: string, text: string, n: number, recognised: boolean, path?: string): void {
    const prepared = prepareFlatForNorms(flat);
    for (const ref of findNormRefs(prepared)) {
      // a digit misread by OCR is not the designer's error: recognised pages are not judged for malformed designations
      const said = `${recognised ? 'ocr' : 'text'}|${ref.type}|${ref.key}|${ref.exact}|${ref.year}|${ref.raw}`;
      let entry = this.normVerdicts.get(said);
      if (entry === undefined) this.normVerdicts.set(said, (entry = lookupNorm(ref) ?? (recognised ? null : malformedDesignation(ref))));
      if (!entry) continue;
      if (ref.type === 'СНИП' && isTitleOfCurrentSp(prepared, ref.index, ref.raw.length, entry.replacement)) continue;
      if (isInPriceItemName(prepared, ref.index)) continue;
      const c = this.facts.norms.get(entry.cited);
      if (c) {
        if (!c.pages.includes(n) && c.pages.length < MAX_FACTS_PER_KIND) c.pages.push(n);
        if (path && c.paths && !c.paths.includes(path) && c.paths.length < MAX_FACTS_PER_KIND) c.paths.push(path);
      } else {
        const readAs = numberReadAs(ref, entry);
        this.facts.norms.set(entry.cited, {
          entry,
          raw: ref.raw,
          pages: [n],
          snippet: printedSnippet(snippet(prepared, ref.index, ref.index + ref.raw.length), text),
          ...(path ? { paths: [path] } : {}),
          ...(readAs ? { readAs } : {}),
        });
      }
    }
  }

  finish(pagesTotal: number, xml: XmlNoteFacts | null): DocFacts {
    const f = this.facts;
    f.pagesTotal = Math.max(pagesTotal, f.pagesRead);
    f.head = this.headParts.join('\n').slice(0, HEAD_CHARS);
    f.year = findYear(f.head);
    f.xml = xml;
    if (xml) this.xmlTexts(xml);
    if (xml?.climateNote) this.xmlClimate(xml.climateNote);
    f.contents = this.contents.finish();
    f.content = this.content.finish();
    if (xml) f.section = 'ПЗ';
    // A document the client did not classify gets the intake's guess from its name and first pages (null when unsure).
    f.section ??= guessKind(f.doc.name, f.head);
    f.cipher = this.pickCipher();
    f.volume = ownVolume(f.doc.name, f.head);
    if (xml?.cipher && !f.cipher) f.cipher = parseCiphers(xml.cipher)[0] ?? null;
    this.headParts = [];
    return f;
  }

  /** The document's own cipher: the most frequent in its title blocks (weighted) and first pages; its section breaks ties. */
  private pickCipher() {
    const f = this.facts;
    const ranked = [...f.cipherCounts.entries()]
      .map(([c, count]) => ({ fact: parseCiphers(c)[0], count }))
      .filter((x) => x.fact)
      .sort(
        (a, b) =>
          b.count - a.count || Number(b.fact!.section === f.section) - Number(a.fact!.section === f.section) || a.fact!.cipher.localeCompare(b.fact!.cipher),
      );
    if (ranked[0]) return ranked[0].fact!;
    const fromName = parseCiphers(normalizeText(f.doc.name).toUpperCase())[0];
    return fromName ? { ...fromName, fromName: true as const } : null;
  }
}
