import { memoized } from '../text/memo.ts';
import { fold } from '../text/normalize.ts';
import type { TextFact } from './types.ts';

// Addresses of the designer or the customer printed on title pages are not the object's address.
const ORG_CONTEXT = /ИНН|ОГРН|КПП|тел\.|телефон|e-?mail|почтов|юридическ|фактическ|р\/с|банк/iu;

// A building around the site named with its own address («участок граничит с … жилым домом по адресу: …»).
const NEIGHBOUR_CONTEXT = /соседн|смежн|примыка|граничит|рядом\s+с|вблизи|в\s+радиусе|напротив|(?:с|на)\s+(?:северн|южн|восточн|западн)\S*\s+сторон/iu;

/** The words of a fact's own sentence before its value: what the address or name is said of. */
export function clauseBefore(f: TextFact): string {
  if (f.clause !== undefined) return `${f.clause} ${labelBefore(f)}`;
  const at = f.snippet.indexOf(f.value.slice(0, 12));
  const before = at >= 0 ? f.snippet.slice(0, at) : f.snippet;
  const ends = [...before.matchAll(/[.;!?](?=\s+[А-ЯЁ])/gu)];
  return ends.length ? before.slice(ends[ends.length - 1]!.index! + 1) : before;
}

/** The label of an address inside its snippet («адрес:», «по адресу»): the snippet's words right before the value. */
function labelBefore(f: TextFact): string {
  const at = f.snippet.indexOf(f.value.slice(0, 12));
  return at >= 0 ? f.snippet.slice(Math.max(0, at - 30), at) : '';
}

/** An address said of a neighbouring building or plot, not of the object. */
export const isNeighbourAddress = (f: TextFact) => NEIGHBOUR_CONTEXT.test(clauseBefore(f));

// «Заказчик: Администрация города, адрес: …», «Заключение экспертизы ГАУ «…», адрес: …»: a party's own address
const PARTY_CONTEXT =
  /заказчик|застройщик|проектировщик|исполнител|подрядчик|экспертиз|инспекци|надзор|министерств|департамент|комитет|администраци|управлени[ея]/iu;
const BARE_ADDRESS_LABEL = /(?<!по\s)адрес\s*[:\-–]?\s*$/iu;

/** An address given after a bare «адрес:» in a clause naming the customer, the designer, an expert body or a regulator. */
export function isPartyAddress(f: TextFact): boolean {
  const c = clauseBefore(f);
  return BARE_ADDRESS_LABEL.test(c) && PARTY_CONTEXT.test(c);
}

/**
 * The addresses a document gives for the object: those printed with an organisation's details or after a party's
 * bare «адрес:» are the organisation's, those of the buildings around the site are theirs.
 */
export function objectAddresses(facts: readonly TextFact[]): TextFact[] {
  return facts.filter((f) => !ORG_CONTEXT.test(f.snippet) && !isNeighbourAddress(f) && !isPartyAddress(f));
}

export interface AddressParts {
  city: string | null;
  street: string | null;
  house: string | null;
  /** Корпус / строение, e.g. «к3», «стр2»; null when not written. */
  block: string | null;
  /** Kind of street in its short form («ул», «пр-кт», «пер»…), null when not written. */
  streetType: string | null;
  /** The land plot's number of an address given by its plot («земельный участок 36», «з/у № 36»), null when not written. */
  plot: string | null;
}

/** Spellings of address type words, mapped to one short form (whole tokens only). */
const TYPE_WORDS: Record<string, string> = {
  улица: 'ул',
  ул: 'ул',
  дом: 'д',
  д: 'д',
  владение: 'д',
  вл: 'д',
  влд: 'д',
  город: 'г',
  гор: 'г',
  г: 'г',
  проспект: 'пр-кт',
  'пр-кт': 'пр-кт',
  'пр-т': 'пр-кт',
  просп: 'пр-кт',
  переулок: 'пер',
  пер: 'пер',
  шоссе: 'ш',
  ш: 'ш',
  бульвар: 'б-р',
  'б-р': 'б-р',
  набережная: 'наб',
  наб: 'наб',
  проезд: 'пр-д',
  'пр-д': 'пр-д',
  площадь: 'пл',
  пл: 'пл',
  корпус: 'к',
  корп: 'к',
  к: 'к',
  строение: 'стр',
  стр: 'стр',
  область: 'обл',
  обл: 'обл',
  район: 'р-н',
  'р-н': 'р-н',
  поселок: 'п',
  пос: 'п',
  п: 'п',
  рп: 'п',
  пгт: 'п',
  село: 'с',
  с: 'с',
  деревня: 'дер',
  дер: 'дер',
  микрорайон: 'мкр',
  мкр: 'мкр',
  // an address of a plot with no house yet: «д. Покровское, земельный участок 36», «уч. 36», «з/у № 36»
  участок: 'уч',
  уч: 'уч',
  'з/у': 'уч',
};
const MUNICIPAL: Record<string, string> = {
  го: 'го',
  городскойокруг: 'го',
  мо: 'мо',
  муниципальныйокруг: 'мо',
  'мр-н': 'мр',
  муниципальныйрайон: 'мр',
  гп: 'гп',
  городскоепоселение: 'гп',
  сп: 'сп',
  сельскоепоселение: 'сп',
};
const MUNICIPAL_RE =
  /(?<![а-я])(?:г\.\s?о\.?|м\.\s?о\.?|г\.\s?п\.?|с\.\s?п\.?|м\.\s?р-н|городской\s+округ|муниципальный\s+(?:округ|район)|городское\s+поселение|сельское\s+поселение)(?![а-я])/g;
const STREET_TYPES = new Set(['ул', 'пр-кт', 'пер', 'ш', 'б-р', 'наб', 'пр-д', 'пл', 'мкр']);
const ALL_TYPES = new Set([...STREET_TYPES, 'д', 'г', 'к', 'стр', 'обл', 'р-н', 'п', 'с', 'дер', 'го', 'мо', 'мр', 'гп', 'сп', 'уч']);

/** Address reduced to comparable tokens: lower case, ё→е, type words unified, index and country dropped; commas kept as «,». */
export const addressTokens: (address: string) => readonly string[] = memoized(tokensOf);

function tokensOf(address: string): string[] {
  let s = ` ${fold(address)} `.replace(/[«»"“”]/g, ' ');
  s = s.replace(/(?<!\d)\d{6}(?!\d)/g, ' ').replace(/российская федерация|россия|(?<![а-я])рф(?![а-я])/g, ' ');
  // municipal units («г.о. Химки», «м.р-н», «с.п.») name no settlement: their «г.» is not the city's
  s = s.replace(MUNICIPAL_RE, (w) => ` ${MUNICIPAL[w.replace(/[\s.]/g, '')] ?? 'мо'} `);
  // «д.5» and «ул.Ленина»: separate the dots first so the word patterns see whole words
  s = s.replace(/[.;:()]/g, ' ').replace(/,/g, ' , ');
  // «5а», «5 а», «5/1» are one house number; «№ 36» and «№36» are the number 36
  s = s.replace(/(\d)\s+([а-я])(?![а-я])(?!\s*\d)/g, '$1$2').replace(/№\s*(?=\d)/g, ' ');
  const words = s.split(/\s+/).filter(Boolean);
  return words.map((t, i) => {
    const type = TYPE_WORDS[t];
    // a street named like a type word keeps its name next to «улица»: «улица Набережная», «Набережная ул.»
    if (type && type !== 'ул' && STREET_TYPES.has(type) && (TYPE_WORDS[words[i - 1] ?? ''] === 'ул' || TYPE_WORDS[words[i + 1] ?? ''] === 'ул')) return t;
    return type ?? t;
  });
}

const isWord = (t: string | undefined) => !!t && t !== ',' && !ALL_TYPES.has(t);

/** The street name next to its type word: the words after it («ул. Академика Королёва») or, failing that, before it. */
function streetAt(t: readonly string[], i: number): string | null {
  const after: string[] = [];
  for (let j = i + 1; isWord(t[j]); j++) after.push(t[j]!);
  while (after.length && /^\d/.test(after[after.length - 1]!)) after.pop();
  if (after.some((w) => /[а-я]/.test(w))) return after.join(' ');
  const before: string[] = [];
  for (let j = i - 1; isWord(t[j]); j--) before.unshift(t[j]!);
  return before.some((w) => /[а-я]/.test(w)) ? before.join(' ') : null;
}

/** An address's city, street, house and block as the tokens give them (read once per text: the results are shared). */
export const parseAddress: (address: string) => Readonly<AddressParts> = memoized(partsOf);

function partsOf(address: string): AddressParts {
  const t = addressTokens(address);
  let city: string | null = null;
  let street: string | null = null;
  let streetEnd = -1;
  let streetType: string | null = null;
  let house: string | null = null;
  let plot: string | null = null;
  const block: string[] = [];
  for (let i = 0; i < t.length; i++) {
    const w = t[i]!;
    if (w === 'г' && !city && isWord(t[i + 1])) city = t[i + 1]!;
    else if (STREET_TYPES.has(w) && !street) {
      street = streetAt(t, i);
      streetEnd = i;
      streetType = w;
    } else if (w === 'д' && !house && t[i + 1] && /^\d/.test(t[i + 1]!)) house = t[i + 1]!;
    else if ((w === 'к' || w === 'стр') && t[i + 1] && /^\d/.test(t[i + 1]!)) block.push(`${w}${t[i + 1]}`);
    else if (w === 'уч' && !plot && t[i + 1] && /^\d/.test(t[i + 1]!)) plot = t[i + 1]!;
  }
  if (!house && street) {
    // «ул. Ленина, 5»: the first number after the street
    const n = t.slice(streetEnd + 1).find((x, k, arr) => /^\d+[а-я]?(?:\/\d+)?$/.test(x) && !['к', 'стр', 'уч'].includes(arr[k - 1] ?? ''));
    if (n) house = n;
  }
  return { city, street, house, block: block.length ? block.join(' ') : null, streetType, plot };
}

/** The part named when two addresses differ in their land plot's number. */
export const PLOT_DIFFERS = 'номер земельного участка';

/** Why two addresses differ, in Russian, or null when the parts both name agree. */
export function addressDifference(a: string, b: string): string | null {
  const pa = parseAddress(a);
  const pb = parseAddress(b);
  const diffs: string[] = [];
  if (pa.city && pb.city && pa.city !== pb.city) diffs.push('населённый пункт');
  if (pa.street && pb.street && pa.street !== pb.street) diffs.push('улица');
  // «ул. Молодежная» and «пр-т Молодежная» are different streets
  else if (pa.street && pb.street && pa.streetType && pb.streetType && pa.streetType !== pb.streetType) diffs.push('тип улицы');
  if (pa.house && pb.house && pa.house !== pb.house) diffs.push('номер дома');
  // «д. 132» and «д. 132, корп. 2» are different buildings
  else if (pa.house && pb.house && pa.block !== pb.block) diffs.push('корпус (строение)');
  if (pa.plot && pb.plot && pa.plot !== pb.plot) diffs.push(PLOT_DIFFERS);
  const comparable = (pa.street && pb.street) || (pa.house && pb.house) || (pa.plot && pb.plot);
  if (!comparable) return null;
  return diffs.length ? diffs.join(', ') : null;
}
