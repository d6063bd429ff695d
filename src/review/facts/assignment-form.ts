/**
 * What a design assignment's own form says of itself, whatever file it came in: the values left as placeholders, the
 * parties' ИНН and ОГРН, the municipality a name or an address is of. The text of a PDF or DOCX assignment is read by
 * `findAssignmentForm`; the XML one gives the same facts from its elements (extract/design-assignment.ts), each with its
 * element path. Judged by checks/assignment-document.ts on documents the set model types `design_task`.
 */
import { fold, snippet } from '../text/normalize.ts';

/** Where a fact stands: the page, and for an XML document the element path. */
export interface FormPlace {
  docPage: number;
  path?: string;
  snippet: string;
}

/**
 * `example_domain` — an e-mail or a site at a domain reserved for examples (example.com/.org/.net, RFC 2606 § 3);
 * `letters` — «ХХХ», a run of X's standing for a number or a name; `blank` — a labelled field left as «____»;
 * `to_fill` — «указать», «[…]», «<наименование>»: the template's words instead of a value; `empty` — an element the
 * schema requires, present with nothing in it.
 */
export type PlaceholderKind = 'example_domain' | 'letters' | 'blank' | 'to_fill' | 'empty';

export interface PlaceholderFact extends FormPlace {
  kind: PlaceholderKind;
  /** The placeholder as written. */
  raw: string;
}

/** The roles the form of the assignment names (приказ Минстроя России от 01.03.2018 № 125/пр, прил. 1, п. 2–4). */
export type PartyRole = 'developer' | 'technical_customer' | 'customer' | 'investor' | 'designer';

export const PARTY_TITLES: Readonly<Record<PartyRole, string>> = {
  developer: 'застройщик',
  technical_customer: 'технический заказчик',
  customer: 'заказчик',
  investor: 'инвестор',
  designer: 'проектная организация',
};

/** A party named with its tax and registration numbers, as written. */
export interface PartyIdFact extends FormPlace {
  role: PartyRole | null;
  name: string | null;
  inn: string | null;
  ogrn: string | null;
}

/** The form facts of one document (PDF/DOCX text, page by page). */
export interface AssignmentFormFacts {
  placeholders: PlaceholderFact[];
  parties: PartyIdFact[];
}

/** ИНН: 10 digits for an organisation, 12 for a person; the last one or two digits are check digits (weights of the ФНС). */
const INN_WEIGHTS_10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN_WEIGHTS_11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN_WEIGHTS_12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

const checkDigit = (digits: string, weights: number[]) => (weights.reduce((s, w, i) => s + w * Number(digits[i]), 0) % 11) % 10;

/** Whether an ИНН's check digits agree with its other digits. */
export function innValid(inn: string): boolean {
  if (/^\d{10}$/.test(inn)) return checkDigit(inn, INN_WEIGHTS_10) === Number(inn[9]);
  if (/^\d{12}$/.test(inn)) return checkDigit(inn, INN_WEIGHTS_11) === Number(inn[10]) && checkDigit(inn, INN_WEIGHTS_12) === Number(inn[11]);
  return false;
}

/**
 * Whether an ОГРН (13 digits: the rest of the first 12 divided by 11, its last digit) or an ОГРНИП (15 digits: the first 14
 * divided by 13) ends with its check digit. BigInt: 14 digits are past exact doubles' comfort.
 */
export function ogrnValid(ogrn: string): boolean {
  const divisor = ogrn.length === 13 ? 11n : ogrn.length === 15 ? 13n : null;
  if (!divisor || !/^\d+$/.test(ogrn)) return false;
  return Number((BigInt(ogrn.slice(0, -1)) % divisor) % 10n) === Number(ogrn.at(-1));
}

/** An organisation has a 10-digit ИНН and a 13-digit ОГРН; an individual entrepreneur a 12-digit ИНН and a 15-digit ОГРНИП. */
export function idsContradict(inn: string, ogrn: string): boolean {
  return (inn.length === 10 && ogrn.length === 15) || (inn.length === 12 && ogrn.length === 13);
}

const PLACEHOLDERS: { kind: PlaceholderKind; re: RegExp }[] = [
  { kind: 'example_domain', re: /[\w.+-]*@?(?<![\w-])example\.(?:com|org|net)(?![\w-])/giu },
  // three X's or more, Cyrillic or Latin, standing alone: «№ ХХХ», «ИНН ХХХХХХХХХХ» (a Roman thirty is never written in a form's field)
  { kind: 'letters', re: /(?<![А-ЯЁA-Zа-яёa-z])[ХX]{3,}(?![А-ЯЁA-Zа-яёa-z])/gu },
  // a labelled field left as a line: a signature or an approval date «"__" ____ 20__ г.» is the form's own and is not read
  { kind: 'blank', re: /(?<![а-яё])(?:ИНН|ОГРН(?:ИП)?|КПП|e-?mail|эл\.?\s*почта|адрес(?:\s+электронной\s+почты)?|телефон|тел\.)\s*[:.]?\s*_{3,}/giu },
  {
    kind: 'to_fill',
    re: /[[<(]\s*(?:…|\.{3}|указать[^\])>]{0,60}|вставить[^\])>]{0,60}|ФИО|дата|наименование[^\])>]{0,40}|номер|адрес)\s*[\])>]|:\s*указать(?:\s+\S+){0,3}\s*(?:$|[;.\n])/giu,
  },
];

/** Placeholders in a text (a page, or one value of an XML element), in order; `path` places an XML value. */
export function findPlaceholders(text: string, docPage: number, path?: string): PlaceholderFact[] {
  const out: PlaceholderFact[] = [];
  for (const { kind, re } of PLACEHOLDERS) {
    for (const m of text.matchAll(re)) {
      const raw = m[0].replace(/^:\s*/, '').trim();
      // «[дата]» in a caption «(дата)» under a signature line is the printed form's, not a value: only brackets count
      if (kind === 'to_fill' && m[0].startsWith('(') && !/указать|вставить|…|\.\.\./iu.test(m[0])) continue;
      out.push({ kind, raw, docPage, ...(path ? { path } : {}), snippet: snippet(text, m.index, m.index + m[0].length) });
    }
  }
  return out.sort((a, b) => text.indexOf(a.raw) - text.indexOf(b.raw));
}

const ROLE_LABELS: [RegExp, PartyRole][] = [
  [/технический\s+заказчик/iu, 'technical_customer'],
  [/застройщик/iu, 'developer'],
  [/инвестор/iu, 'investor'],
  [/(?:проектная\s+организация|генеральный\s+проектировщик|проектировщик|разработчик\s+проектной\s+документации|исполнитель)/iu, 'designer'],
  [/заказчик/iu, 'customer'],
];

/** The role whose label stands last before a place in the text (within the 400 characters before it), or null. */
function roleBefore(text: string, at: number): PartyRole | null {
  const before = text.slice(Math.max(0, at - 400), at);
  let best: { at: number; role: PartyRole } | null = null;
  for (const [re, role] of ROLE_LABELS) {
    const g = new RegExp(re.source, 'giu');
    for (const m of before.matchAll(g)) if (!best || m.index > best.at) best = { at: m.index, role };
  }
  return best?.role ?? null;
}

const INN = /(?<![а-яё])ИНН\s*[:№]?\s*(\d{10}|\d{12})(?!\d)/giu;
const OGRN = /(?<![а-яё])ОГРН(?:ИП)?\s*[:№]?\s*(\d{13}|\d{15})(?!\d)/giu;

/** Parties named with an ИНН on a page of the form, each with the ОГРН written within 160 characters of it. */
export function findPartyIds(text: string, docPage: number): PartyIdFact[] {
  const out: PartyIdFact[] = [];
  for (const m of text.matchAll(INN)) {
    const near = text.slice(Math.max(0, m.index - 160), m.index + m[0].length + 160);
    const ogrn = [...near.matchAll(OGRN)][0]?.[1] ?? null;
    out.push({ role: roleBefore(text, m.index), name: null, inn: m[1]!, ogrn, docPage, snippet: snippet(text, m.index, m.index + m[0].length) });
  }
  return out;
}

/** The form facts of one page of text. */
export function findAssignmentForm(text: string, docPage: number): AssignmentFormFacts | null {
  const placeholders = findPlaceholders(text, docPage);
  const parties = /ИНН/u.test(text) ? findPartyIds(text, docPage) : [];
  return placeholders.length || parties.length ? { placeholders, parties } : null;
}

/**
 * The municipalities a text names, each as the stem of its proper name (lower case, ё as е): «городской округ Серпухов»,
 * «г.о. Серпухов», «Администрация городского округа Серпухов», «Серпуховского муниципального района», «г. Серпухов» all give
 * «серпухов». The kind of the unit is not kept: a town and its городской округ share the name and the territory.
 */
export function municipalitiesOf(text: string): string[] {
  const names = new Set<string>();
  const after =
    /(?:городско(?:го|й|м)\s+округ[аеу]?|муниципальн(?:ого|ый|ом)\s+округ[аеу]?|муниципальн(?:ого|ый|ом)\s+район[аеу]?|г\.\s?о\.|м\.\s?р-н|г\.|город[аеу]?|пос[её]л(?:ок|ка|ке)|п\.|с\.|село|деревн[яи]|д\.)\s*([А-ЯЁ][а-яё]+(?:-[А-ЯЁ]?[а-яё]+)?)/gu;
  for (const m of text.matchAll(after)) names.add(stem(m[1]!));
  const adjective = /([А-ЯЁ][а-яё]+(?:ск|цк)(?:ого|ий|ом|ая|ой))\s+(?:муниципальн\S*\s+|городск\S*\s+)?(?:район|округ)/gu;
  for (const m of text.matchAll(adjective)) names.add(stem(m[1]!));
  return [...names];
}

/** «Серпухова», «Серпуховского», «Серпуховский» → «серпухов»: a name's stem without its case or adjective ending. */
function stem(word: string): string {
  return fold(word)
    .replace(/(?:ского|ский|ском|ская|ской|цкого|цкий|цкая|цкой)$/u, (e) => (e.startsWith('ц') ? 'ц' : ''))
    .replace(/(?:а|у|е|ом|ы)$/u, '');
}

/** Whether two municipality stems name the same place: equal, or one the other's stem with a suffix («Серпухов» / «Серпуховск…»). */
export function sameMunicipality(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 4 && long.startsWith(short) && long.length - short.length <= 3;
}
