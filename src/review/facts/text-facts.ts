import { snippet } from '../text/normalize.ts';
import type { TextFact } from './types.ts';

const ADDRESS_RE =
  /(?:(?<![а-яё])адрес(?:\s*\(местоположение\))?(?:\s+(?:объекта|строительства|земельного\s+участка))?(?![а-яё])|(?<![а-яё])по\s+адресу|(?<![а-яё])местоположение(?:\s+(?:объекта|земельного\s+участка))?|(?<![а-яё])местонахождение(?:\s+объекта)?|(?<![а-яё])место\s+(?:размещения|расположения|нахождения|строительства)(?:\s+(?:объекта|строительства|здания))?|(?<![а-яё])объект(?=\s*:\s*(?:\d{6},?\s*)?(?:г\.|город\s)))(?:\s*\(местоположение\))?\s*[:\-–]?\s*([^;]{8,220})/giu;
// Abbreviations that end with a dot inside an address: the dot after them does not end the sentence.
const ADDRESS_ABBR = new Set([
  'г',
  'гор',
  'ул',
  'д',
  'пр',
  'просп',
  'пр-т',
  'пр-кт',
  'корп',
  'к',
  'стр',
  'обл',
  'р-н',
  'пос',
  'п',
  'с',
  'мкр',
  'пер',
  'наб',
  'ш',
  'кв',
  'пл',
  'б-р',
  'дер',
  'рп',
  'пгт',
  'вл',
  'влд',
  'зд',
  'соор',
  'лит',
  'тер',
  'округ',
  'м',
  'ст',
  // «г.о.», «м.о.»: the «о» of a municipal unit
  'о',
  // «уч. 36»: a land plot's number follows
  'уч',
]);
// «… объекта «Капитальный ремонт …: Центр образования" Московская область, г.о. Серпухов, ул. Фирсова, д. 9»: the address
// that follows the object's quoted name without a label, from a subject of the Federation on
const NAMED_OBJECT_ADDRESS =
  /(?<![а-яё])объект\S*[^«"\n]{0,60}[«"][^»"\n]{5,200}[»"]\s*,?\s*((?:[А-ЯЁ][а-яё]+ая\s+(?:область|обл\.)|[А-ЯЁ][а-яё]+ий\s+край|Республика\s+[А-ЯЁ][а-яё]+|г\.\s?(?:Москва|Санкт-Петербург|Севастополь))\s*,[^;]{8,200})/gu;
// Every wording ADDRESS_RE knows starts with one of these: pages without them are skipped in one scan.
const ADDRESS_HINT = /адрес|место|объект\s*:/i;
// NAMED_OBJECT_ADDRESS needs the object and a subject of the Federation on the same page
const NAMED_HINT = /объект/i;
const SUBJECT_HINT = /област|обл\.|край|республик|москва|петербург|севастопол/i;
const OBJECT_RE =
  /(?:наименование\s+объекта(?:\s+капитального\s+строительства)?|(?<![а-яё])объект(?:\s+капитального\s+строительства)?)\s*[:\-–]\s*«?([^\n»]{8,200})/giu;
const CADASTRAL_RE = /(?<![\d:])(\d{2}):(\d{2}):(\d{6,7}):(\d{1,7})(?![\d:])/g;

/** An address needs a street or a settlement word and a number to be worth comparing. */
const looksLikeAddress = (s: string) =>
  /\d/.test(s) &&
  /(ул|улиц|пр-?к?т|просп|переул|пер\.|шоссе|бульв|б-р|наб|проезд|пр-д|мкр|микрорайон|пл\.|площадь|аллея|тракт|линия|квартал|г\.|город|пос|дом|д\.|корп|стр\.|строение|участок|з\/у)/iu.test(
    s,
  );

function trimAddress(raw: string): string {
  // an address inside a quoted object name ends with the name: «…, д.27 (в т.ч. ПИР)» ПРОЕКТНАЯ…
  let s = raw.replace(/\s*\(в\s+т\.\s?ч\..*$/su, '');
  if (!s.includes('«')) s = s.replace(/\s*».*$/su, '');
  // the address ends with its sentence: the first dot that does not close an abbreviation
  for (const m of s.matchAll(/([А-Яа-яЁё-]*)\.(?=\s|$)/gu)) {
    if (!ADDRESS_ABBR.has(m[1]!.toLowerCase())) {
      s = s.slice(0, m.index! + m[1]!.length);
      break;
    }
  }
  // a title block runs on into the sheet title: «…, корпус 3 Схема планировочной…», «д .27 Разработал» when CAD spaces it
  s = s.replace(
    /((?:д\s?\.|дом|корп\s?\.|корпус|к\s?\.|стр\s?\.|строение|участок|уч\s?\.|з\/у|,)\s*(?:№\s*)?\d+[а-яё]?(?:\/\d+)?)\s+[А-ЯЁ][А-ЯЁа-яё]{2,}.*$/u,
    '$1',
  );
  // a lettered item of the text («б) Обоснование…») begins after it
  s = s.replace(/\s+[а-яё]\)\s.*$/su, '');
  // stop before the next field of a title page or title block, or a sentence about something else
  return s
    .replace(
      /\s+(?:кадастров\S*|площадь\s+(?:застройки|участка|здания)|шифр|заказчик|застройщик|стадия|разраб\S*|провер\S*|ГИП|Н\.\s?контр|Изм\.|Взам\.|Инв\.|№\s?док)(?![а-яё]).*$/iu,
      '',
    )
    .replace(/[.,\s]+$/u, '')
    .trim();
}

/** The words of the sentence before `at` (at most 200 characters): what an address is said of. */
function clauseOf(flat: string, at: number): string {
  const before = flat.slice(Math.max(0, at - 200), at);
  const ends = [...before.matchAll(/[.;!?](?=\s+[А-ЯЁ])/gu)];
  return ends.length ? before.slice(ends[ends.length - 1]!.index! + 1).trim() : before.trim();
}

/**
 * Object addresses stated on a page. `flat`: the page's text with line breaks and runs of spaces collapsed
 * (collapseSpaces): an address wraps over lines in text and table cells.
 */
export function findAddresses(flatText: string, docPage: number): TextFact[] {
  const out: TextFact[] = [];
  const labelled = ADDRESS_HINT.test(flatText);
  const named = NAMED_HINT.test(flatText) && SUBJECT_HINT.test(flatText);
  if (!labelled && !named) return [];
  // a word hyphenated at a line end («Ново- сибирск») is one word again
  const flat = flatText.replace(/([А-Яа-яЁё])- (?=[А-Яа-яЁё])/gu, '$1-');
  for (const re of [...(labelled ? [ADDRESS_RE] : []), ...(named ? [NAMED_OBJECT_ADDRESS] : [])]) {
    re.lastIndex = 0;
    for (let m = re.exec(flat); m; m = re.exec(flat)) {
      const value = trimAddress(m[1]!);
      const at = m.index + m[0].length - m[1]!.length;
      if (looksLikeAddress(value) && !out.some((a) => a.value === value))
        out.push({ value, docPage, snippet: snippet(flat, re === ADDRESS_RE ? m.index : at, at + value.length), clause: clauseOf(flat, m.index) });
    }
  }
  return out;
}

// «Жилой дом (позиция 2) по адресу: …» on title pages and in title blocks; sentences about the site are not names
const NAME_BEFORE_ADDRESS = /(?:^|\n)[ \t]*([А-ЯЁ«"][^\n]{5,150}?)\s+(?:расположенн\S*\s+)?по\s+адресу/gu;
const NOT_A_NAME = /располож|наход|вед[её]тся|размещ|запроектир|строительств[оа]\s|участок|площадка|адрес/iu;
const BY_OBJECT_RE = /по\s+объекту\s*[:\-–]?\s*«([^»\n]{5,200})»/giu;

// Title page: the object's name stands right above «ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ», under the organisation and the customer.
const TITLE_MARK = /ПРОЕКТНАЯ\s+ДОКУМЕНТАЦИЯ/u;
const NOT_NAME_LINE = /^(?:ООО|ОАО|ЗАО|ПАО|АО|ИП|ГУП|МУП|ФГУП|ГБУ|МКУ)\s|[:«]\s*$|заказчик|застройщик|СРО|саморегулир|член\s|инв\.|подп\.|взам\.|^\d+$/iu;
const NAME_WORD =
  /жил|дом|здани|комплекс|корпус|школ|сад|центр|объект|больниц|поликлиник|склад|цех|завод|магазин|гостиниц|автостоянк|паркинг|реконструкц|строительств|позици|очеред/iu;

/** A name as read, without the quotes and punctuation around it. */
const nameValue = (raw: string) => raw.replace(/^[«»"\s]+|[»".,\s]+$/gu, '').trim();

/** «Строительство БМК на 3,6 МВт по адресу: …»: a quoted name before its address, however the text layer breaks its lines. */
const QUOTED_NAME = /«([^«»]{8,200}?)\s*,?\s+(?:расположенн\S*\s+)?по\s+адресу/gu;

function titlePageName(text: string, docPage: number): TextFact[] {
  const m = TITLE_MARK.exec(text);
  if (!m) return [];
  const quoted = [...text.slice(0, m.index).matchAll(QUOTED_NAME)].at(-1);
  if (quoted && NAME_WORD.test(quoted[1]!)) {
    // a decimal or a word the text layer cut at a line end («3,⏎6 МВт») is whole again
    const value = quoted[1]!
      .replace(/\s+/g, ' ')
      .replace(/(\d,) (\d)/g, '$1$2')
      .trim();
    return [{ value, docPage, snippet: snippet(text, quoted.index, m.index + m[0].length), source: 'title' }];
  }
  const lines = text
    .slice(0, m.index)
    .split('\n')
    .map((l) => l.trim());
  const picked: string[] = [];
  // up to three lines of a name; a line that continues the one above («о. Луховицы, …», «(в т.ч. ПИР)», «»») is not counted
  let counted = 0;
  const ADDRESS_ABOVE = /по\s+адресу\s*:?\s*$/iu;
  for (let i = lines.length - 1; i >= 0 && counted < 3; i--) {
    const l = lines[i]!;
    if (!l) continue;
    // the object's address printed on its own lines under the name is not part of the name: a line of an address's
    // shape, or any line under «… по адресу:» (an address of any spelling, «Пермь, Садовническая проспект, дом 70»)
    const above = lines.slice(0, i).filter(Boolean).at(-1) ?? '';
    if (!picked.length && (ADDRESS_LINE.test(l) || ADDRESS_ABOVE.test(above))) continue;
    if (NOT_NAME_LINE.test(l.replace(ADDRESS_ABOVE, ''))) break;
    picked.unshift(l);
    if (/^[«"]?[А-ЯЁA-Z0-9]/u.test(l)) counted++;
  }
  const joined = picked.join(' ').replace(/\s+по\s+адресу.*$/iu, '');
  const value = nameValue(joined);
  if (value.length < 8 || !NAME_WORD.test(value)) return [];
  return [{ value, docPage, snippet: snippet(text, Math.max(0, m.index - value.length - 4), m.index + m[0].length), source: 'title' }];
}

// Words of a sentence, not of a name: «не классифицируется, размер санитарно-защитной зоны», «объект – относится к …»
const SENTENCE_WORD = /(?<![а-яё])(?:не|является|относится|классифицир\S*|предусмотрен\S*|принят\S*|должен|размер|определ\S*|согласно|выполнен\S*)(?![а-яё])/iu;

/** Whether a text reads as an object's name line («Жилой дом (позиция 2)», «МБОУ СОШ № 12»), not a fragment of a sentence. */
export function isObjectNameLine(value: string): boolean {
  const v = value.trim();
  return (
    v.length >= 8 &&
    v.length <= 200 &&
    (NAME_WORD.test(v) || institutionOf(v) !== null) &&
    !SENTENCE_WORD.test(v) &&
    !/располож|наход|вед[её]тся|размещ|запроектир/iu.test(v) &&
    /^[«"(]?[А-ЯЁA-Z0-9]/u.test(v)
  );
}

// «МБОУ СОШ № 12», «детский сад № 5», «ГБУЗ «Городская поликлиника № 3»»: the kind of institution and its number
const INSTITUTION_RE =
  /(?<![а-яё])(СОШ|ООШ|НОШ|средн\S*\s+общеобразовательн\S*\s+школ\S*|школ[аы]?|гимнази[яи]|лице[йя]|детск\S*\s+сад\S*|д\/с|ДОУ|поликлиник\S*|больниц\S*)[^№\n]{0,40}?№\s*(\d+[а-я]?)/iu;
const INSTITUTION_KIND: [RegExp, string][] = [
  [/^(?:сош|оош|нош|средн|школ)/iu, 'школа'],
  [/^(?:гимнази)/iu, 'гимназия'],
  [/^(?:лице)/iu, 'лицей'],
  [/^(?:детск|д\/с|доу)/iu, 'детский сад'],
  [/^(?:поликлиник)/iu, 'поликлиника'],
  [/^(?:больниц)/iu, 'больница'],
];

/** The institution a name designates, as «школа № 12» (СОШ, «средняя общеобразовательная школа» are one kind), or null. */
export function institutionOf(name: string): string | null {
  const m = INSTITUTION_RE.exec(name);
  if (!m) return null;
  const kind = INSTITUTION_KIND.find(([re]) => re.test(m[1]!))?.[1] ?? m[1]!.toLowerCase();
  return `${kind} № ${m[2]!.toLowerCase()}`;
}

// A whole line that is an address: settlement, street and house, maybe after an index and a region.
const ADDRESS_LINE =
  /^(?:\d{6},?\s*)?(?:(?:Российская\s+Федерация|РФ|Россия),?\s*)?(?:[^,\n]{3,60}?(?:обл\.?|область|край|Республика|респ\.|АО)\s*,\s*)?(?:(?:[^,\n]{3,40}?(?:р-н|район|г\.\s?о\.|городской\s+округ))\s*,\s*)?(?:г\.|город|пос\.|п\.|с\.|пгт)\s*[А-ЯЁ][^,\n]*,\s*(?:ул\.|улица|пр-т|пр-кт|проспект|пер\.|переулок|ш\.|шоссе|б-р|бульвар|наб\.|набережная|пр-д|проезд|мкр\.?|микрорайон|пл\.|площадь)\s*[^,\n]+,\s*(?:д\.|дом|вл\.|зд\.)?\s*\d+[^\n]{0,40}$/iu;
const ORG_LINE = /ИНН|ОГРН|КПП|тел\.|телефон|e-?mail|факс|почтов|юридическ/iu;

/**
 * The object's address written without a label on a title page: the line right under the object's name, above
 * «ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ». The designer's address under its own name is not taken: it follows no object name.
 */
export function findTitleAddress(text: string, docPage: number): TextFact[] {
  if (docPage > 2) return [];
  const m = TITLE_MARK.exec(text);
  if (!m) return [];
  const lines = text
    .slice(0, m.index)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  for (let i = lines.length - 1; i > 0 && i >= lines.length - 4; i--) {
    const l = lines[i]!;
    if (!ADDRESS_LINE.test(l) || ORG_LINE.test(l)) continue;
    const above = lines[i - 1]!;
    // «… по адресу:» above: the labelled finder reads the address with its wrapped parts
    if (!NAME_WORD.test(above) || NOT_NAME_LINE.test(above) || /адрес/iu.test(above)) return [];
    // an address wrapped onto the next line: «…, д. 5,» / «корп. 2»
    const next = lines[i + 1] ?? '';
    const wrapped = /(?:,|(?<![а-яё])(?:к|корп|стр|д)\.?)$/iu.test(l) || /^(?:корп|корпус|к\.\s?\d|стр\.|строение|лит)/iu.test(next);
    const value = wrapped ? `${l.replace(/,$/, '')}${/[.а-яё]$/iu.test(l) && !/,$/.test(l) ? ' ' : ', '}${next.replace(/^,\s*/, '')}` : l;
    const at = text.indexOf(l);
    return [{ value: value.replace(/[.\s]+$/u, ''), docPage, snippet: snippet(text, at, at + value.length) }];
  }
  return [];
}

const ADDRESS_PHRASE = /по\s+адресу/g;
/** How far before «по адресу» a name can start: its 150 characters and the spaces and line breaks after it. */
const NAME_REACH = 400;

/**
 * Matches of NAME_BEFORE_ADDRESS, each searched for from a little before the next «по адресу» instead of from every
 * line of the page (the expression tries each line start up to 150 characters on).
 */
function* namesBeforeAddress(text: string): Generator<RegExpExecArray> {
  let from = 0;
  for (;;) {
    ADDRESS_PHRASE.lastIndex = from;
    const phrase = ADDRESS_PHRASE.exec(text);
    if (!phrase) return;
    NAME_BEFORE_ADDRESS.lastIndex = Math.max(from, text.lastIndexOf('\n', phrase.index - NAME_REACH), 0);
    const m = NAME_BEFORE_ADDRESS.exec(text);
    if (!m) return;
    yield m;
    from = NAME_BEFORE_ADDRESS.lastIndex;
  }
}

export function findObjectNames(text: string, docPage: number): TextFact[] {
  const out: TextFact[] = docPage <= 2 ? titlePageName(text, docPage) : [];
  const named = (m: RegExpExecArray) => {
    const value = nameValue(m[1]!);
    if (!NOT_A_NAME.test(value) && /[а-яё]{3,}/iu.test(value))
      out.push({ value, docPage, snippet: snippet(text, m.index, m.index + m[0].length), source: 'passage' });
  };
  if (/по\s+(?:адресу|объекту)/i.test(text)) {
    for (const m of namesBeforeAddress(text)) named(m);
    BY_OBJECT_RE.lastIndex = 0;
    for (let m = BY_OBJECT_RE.exec(text); m; m = BY_OBJECT_RE.exec(text)) named(m);
  }
  OBJECT_RE.lastIndex = 0;
  for (let m = OBJECT_RE.exec(text); m; m = OBJECT_RE.exec(text)) {
    const value = m[1]!.replace(/[».\s]+$/u, '').trim();
    // «Объект: г. Тверь, …» gives the object's address, not its name
    if (/[а-яё]{3,}/iu.test(value) && !/^(?:\d{6},?\s*)?(?:г\.|город\s)/iu.test(value))
      out.push({ value, docPage, snippet: snippet(text, m.index, m.index + m[0].length), source: 'label' });
  }
  return out;
}

/**
 * Names read from a page whose title block prints them (the object cell of a drawing's stamp) are the stamp's. The
 * title block's own lines are read too: a page's text layer may cut the cell into pieces («Реко⏎нстр⏎укция котельной»)
 * that its placed lines keep whole.
 */
export function stampNames(names: TextFact[], stampLines: readonly { text: string }[] | undefined, docPage: number): TextFact[] {
  if (!stampLines?.length) return names;
  const cells = stampLines.map((l) => l.text).join('\n');
  const stamp = cells.replace(/\s+/g, ' ');
  for (const n of names) if (n.source !== 'title' && stamp.includes(n.value.replace(/\s+/g, ' ').slice(0, 24))) n.source = 'stamp';
  if (!/по\s+адресу/iu.test(cells)) return names;
  for (const m of namesBeforeAddress(cells)) {
    const value = nameValue(m[1]!);
    if (NOT_A_NAME.test(value) || !/[а-яё]{3,}/iu.test(value) || names.some((n) => n.value === value)) continue;
    names.push({ value, docPage, snippet: snippet(cells, m.index, m.index + m[0].length), source: 'stamp' });
  }
  return names;
}

export function findCadastral(text: string, docPage: number): TextFact[] {
  const out: TextFact[] = [];
  CADASTRAL_RE.lastIndex = 0;
  for (let m = CADASTRAL_RE.exec(text); m; m = CADASTRAL_RE.exec(text)) {
    out.push({ value: `${m[1]}:${m[2]}:${m[3]}:${m[4]}`, docPage, snippet: snippet(text, m.index, m.index + m[0].length) });
  }
  return out;
}

/** The latest plausible year on a title page («2025 г.»), used as the date of the document. */
const PLANNED_YEAR =
  /(?<![а-яё])(?:январ[ья]|феврал[ья]|марта?|апрел[ья]|ма[йя]|июн[ья]|июл[ья]|августа?|сентябр[ья]|октябр[ья]|ноябр[ья]|декабр[ья]|квартал\S*|до|срок\S*|окончани\S*|завершени\S*|ввод\S*|планируем\S*|начало|цен(?:ах|ы|е)?|редакци[ия]|за|после)(?![а-яё])[^\n\d]{0,25}$/iu;

export function findYear(text: string): number | null {
  const now = new Date().getUTCFullYear();
  let best: number | null = null;
  // «2025 г.», «2025 год», or a year closing a line of words: «Казань, 2025», «2025» at the foot of a title page; the year
  // of a whole date («от 04.05.2012 г.») is a date's, most often of a cited act
  for (const m of text.matchAll(/(?<![\d.])(20\d{2})\s*(?:г\.|г(?![а-яё])|год)|^[^\d\n]{0,40}?(?<![\d.\-/]|№\s*)(20\d{2})[ \t]*$/gimu)) {
    // «сентябрь 2023», «окончание строительства — 2023 г.», «в базисных ценах 2001 г.», «для каждого года, следующего за
    // 2000 годом»: a month of a plan or of an act, a price level, an edition or a year counted from, not the document's year
    if (PLANNED_YEAR.test(text.slice(Math.max(0, m.index - 40), m.index + m[0].indexOf(m[1] ?? m[2]!)))) continue;
    const y = Number(m[1] ?? m[2]);
    if (y <= now && (best === null || y > best)) best = y;
  }
  return best;
}
