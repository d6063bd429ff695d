import {
  NORMS,
  SERIES_EDITIONS,
  UNKNOWN_DESIGNATIONS,
  type NormEntry,
  type RegistryEntry,
  type SeriesEditions,
  type UnknownDesignation,
} from '../data/norms.ts';
import { collapseSpaces, normalizeText } from '../text/normalize.ts';

/** A norm designation found in text, reduced to a comparable key. */
export interface NormRef {
  type: 'СНИП' | 'СП' | 'СПСТАР' | 'СПСАН' | 'ГОСТ' | 'САНПИН' | 'ГН' | 'НПБ' | 'ППБ' | 'ВСН' | 'МДС' | 'РД' | 'ПП' | 'ФЗ' | 'ПРИКАЗ' | 'СО' | 'ПТЭЭП';
  /** Type + number without the year, e.g. «СП 50.13330», «СНИП 2.01.07», «ГОСТ Р 21.1101». */
  key: string;
  /** The key as written, before the register code of a СП is corrected («СП 131.1330» where key is «СП 131.13330»). */
  exact: string;
  /** Four-digit year of the edition, or null when not written. */
  year: number | null;
  /** The designation as it stands in the prepared text. */
  raw: string;
  /** Offset of the match in the prepared text. */
  index: number;
}

/** Norm families written in Latin letters («SNiP 2.01.07-85») or in Latin look-alikes of the Cyrillic ones («CP 50.13330»). */
const LATIN_NAMES: Record<string, string> = { SNIP: 'СНиП', SANPIN: 'СанПиН', GOST: 'ГОСТ', NPB: 'НПБ', SP: 'СП', CP: 'СП' };

/** Types whose every edition is out of use: a match on the number alone is enough. */
const WHOLE_FAMILY = new Set<NormRef['type']>(['СНИП', 'СПСТАР', 'НПБ', 'ППБ', 'ВСН', 'РД', 'ПП', 'ФЗ', 'ПРИКАЗ', 'ПТЭЭП']);

/** «ОТ 25.04.2012», «ОТ 25 АПРЕЛЯ 2012 Г.»: the date of an act, its year captured. */
const ACT_DATE = String.raw`ОТ ?\d{1,2}(?:\.\d{2}\.| (?:ЯНВАРЯ|ФЕВРАЛЯ|МАРТА|АПРЕЛЯ|МАЯ|ИЮНЯ|ИЮЛЯ|АВГУСТА|СЕНТЯБРЯ|ОКТЯБРЯ|НОЯБРЯ|ДЕКАБРЯ) )(\d{4}|\d{2}(?=[ .Г№N]))\.? ?(?:Г(?:ОДА)? ?\.? ?)?`;
const NUMBER_SIGN = String.raw`(?:N|№|NO\.?) ?`;

/**
 * The issuing body of an order as a stem that survives declension and «России»/«РФ»: «МИНЭНЕРГО РОССИИ», «МИНСТРОЯ РФ»,
 * «МЧС» → «МИНЭН», «МИНСТ», «МЧС».
 */
const issuer = (body: string) => body.replace(/[^А-Я]/g, '').slice(0, 5);

const year4 = (y: string | undefined): number | null => {
  if (!y) return null;
  const n = Number(y);
  if (y.length === 4) return n;
  if (y.length === 2) return n >= 40 ? 1900 + n : 2000 + n;
  return null;
};

/** Common typos in the register part of СП numbers (norms.md §7). */
function spCode(code: string): string {
  if (code === '1330' || code === '13300') return '13330';
  if (code === '131500') return '1311500';
  if (code === '132580') return '1325800';
  if (code === '1313') return '13130';
  return code;
}

function roman(part: string): string {
  const p = part.replace(/І/g, 'I').replace(/L/g, 'I');
  return /^[IVX]+$/.test(p) ? p : part;
}

/**
 * Upper-cased text with look-alikes fixed, transliterations mapped, line breaks joined and spaces around
 * «.» and «-» removed, so a designation split over lines or typed with stray spaces reads as one token.
 */
export function prepareForNorms(text: string): string {
  return prepareFlatForNorms(collapseSpaces(normalizeText(text)));
}

/** prepareForNorms for text already normalised and flattened (a page as the collector holds it). */
export function prepareFlatForNorms(flat: string): string {
  return (
    flat
      .replace(/\b(?:SNiP|SanPiN|GOST)\b|\bNPB\b|\b[SC]P(?=\s?\d)/gi, (w) => LATIN_NAMES[w.toUpperCase()] ?? w)
      .toUpperCase()
      .replace(/ ?([.\-/]) ?(?=[\dIVXІL])/g, '$1')
      .replace(/(\d) ?\.(?= ?\d)/g, '$1.')
      // a year a text layer drew in spaced pieces after the number («СП 134.13330.20 2 2», «ГОСТ 21.101-20 20»)
      .replace(
        /(\.\d{4,7}[.-]|\d-)(1 ?9|2 ?0) ?(\d) ?(\d)(?!\d)/g,
        (_, head: string, year: string, c: string, d: string) => `${head}${year.replace(' ', '')}${c}${d}`,
      )
      .replace(/(ГОСТ) ?-?(Р|P) ?(?=\d|ИСО|МЭК|ISO|IEC)/g, '$1 Р ')
      // a Word-made text layer puts pieces of a word on lines of their own: «С⏎анПиН», «С⏎н⏎иП», «№ 384⏎-⏎ФЗ»
      .replace(/(?<![А-Я])С ?(А ?Н ?П ?И ?Н|Н ?И ?П)(?![А-Я])/g, (_, rest: string) => `С${rest.replace(/ /g, '')}`)
      .replace(/(\d) ?- ?ФЗ(?![А-Я])/g, '$1-ФЗ')
      // a comma typed for the dot of a number: «ГОСТ 21,206-2012»
      .replace(/((?:ГОСТ(?: Р)?|СП) ?\d{1,3}),(?=\d{3})/g, '$1.')
  );
}

/**
 * The designations: `needs` holds the words one of which every match contains, so a pattern whose words the page lacks
 * is not run (a page cites a few kinds of norms, the patterns are many).
 */
const PATTERNS: {
  type: NormRef['type'];
  needs: readonly string[];
  re: RegExp;
  build: (m: RegExpExecArray) => { key: string; exact?: string; year: number | null } | null;
}[] = [
  {
    type: 'СНИП',
    needs: ['СНИП'],
    re: /СНИП ?([IVXІL]{1,3}|\d{1,2})[-.](\d{1,2}(?:\.\d{1,2})*)-(\d{4}|\d{2})(?!\d)/g,
    build: (m) => ({ key: `СНИП ${roman(m[1]!)}.${m[2]}`, year: year4(m[3]) }),
  },
  {
    type: 'СП',
    needs: ['СП'],
    re: /(?<![А-Я])СП ?(\d{1,3})\.(\d{4,7})(?:[.-](\d{4}|\d{2})(?!\d))?/g,
    build: (m) => ({ key: `СП ${Number(m[1])}.${spCode(m[2]!)}`, exact: `СП ${Number(m[1])}.${m[2]}`, year: year4(m[3]) }),
  },
  {
    type: 'СПСТАР',
    needs: ['СП'],
    re: /(?<![А-Я])СП ?(\d{2,3})-(\d{2,3})-(\d{4}|\d{2})(?!\d)/g,
    build: (m) => ({ key: `СП ${m[1]}-${m[2]}`, year: year4(m[3]) }),
  },
  // sanitary rules numbered as СП: «СП 3.5.3.1129-02», «СП 2.2.3670-20» (a section number with dots, a two-digit year)
  {
    type: 'СПСАН',
    needs: ['СП'],
    re: /(?<![А-Я])СП ?(\d\.\d{1,2}(?:\.\d{1,2})*\.\d{4})-(\d{2})(?!\d)/g,
    build: (m) => ({ key: `СП ${m[1]}`, year: year4(m[2]) }),
  },
  {
    type: 'ГОСТ',
    needs: ['ГОСТ'],
    re: /ГОСТ ?(Р )?(?:(ИСО|ISO|МЭК|IEC|EN|ЕН) ?)?(\d+(?:\.\d+)*(?:-\d{1,2}(?=-\d{4}))?)(?:-(\d{4}|\d{2}))?(?!\d)/g,
    build: (m) => {
      // a СП number typed under ГОСТ keeps the СП's dotted year: «ГОСТ 70.13330.2012» reads like «ГОСТ 70.13330-2012»
      const sp = m[4] ? null : /^(\d{1,3}\.\d{4,7})\.(\d{4})$/.exec(m[3]!);
      const intl = m[2] ? ` ${m[2].replace('ISO', 'ИСО').replace('IEC', 'МЭК')}` : '';
      return { key: `ГОСТ${m[1] ? ' Р' : ''}${intl} ${sp ? sp[1] : m[3]}`, year: year4(sp ? sp[2] : m[4]) };
    },
  },
  { type: 'САНПИН', needs: ['САНПИН'], re: /САНПИН ?(\d[\d./]*\d)-(\d{2})(?!\d)/g, build: (m) => ({ key: `САНПИН ${m[1]}`, year: year4(m[2]) }) },
  // hygienic standards («ГН 2.2.5.1313-03», «ГН 2.1.8/2.2.4.2262-07»): numbered as СанПиН are, a number and a year
  { type: 'ГН', needs: ['ГН'], re: /(?<![А-Я])ГН ?(\d[\d./]*\d)-(\d{2})(?!\d)/g, build: (m) => ({ key: `ГН ${m[1]}`, year: year4(m[2]) }) },
  { type: 'НПБ', needs: ['НПБ'], re: /НПБ ?(\d{2,3})-(\d{4}|\d{2})(?!\d)/g, build: (m) => ({ key: `НПБ ${m[1]}`, year: year4(m[2]) }) },
  { type: 'ППБ', needs: ['ППБ'], re: /(?<![А-Я])ППБ ?(\d{2,3})-(\d{4}|\d{2})(?!\d)/g, build: (m) => ({ key: `ППБ ${m[1]}-${m[2]}`, year: year4(m[2]) }) },
  // «ВСН 59-88», «ВСН 01-2004»: a two- or four-digit year
  { type: 'ВСН', needs: ['ВСН'], re: /ВСН ?(\d{1,3})-(\d{4}|\d{2})(?!\d)/g, build: (m) => ({ key: `ВСН ${m[1]}-${m[2]}`, year: year4(m[2]) }) },
  // «МДС 81-35.2004»; «МДС 81-35-2001» with a dash is read too, to be told it names no methodology
  { type: 'МДС', needs: ['МДС'], re: /МДС ?(\d{2}-\d{1,2})[.-](\d{4})(?!\d)/g, build: (m) => ({ key: `МДС ${m[1]}`, year: year4(m[2]) }) },
  {
    type: 'РД',
    needs: ['РД'],
    // a dot in the number tells a guidance document («РД 34.21.122-87») from a cipher of working documentation («РД 12-2024»)
    re: /(?<![А-Я])РД ?(\d{2,3}\.\d{1,3}(?:\.\d{1,3})*)-(\d{4}|\d{2})(?![\d.])/g,
    build: (m) => ({ key: `РД ${m[1]}`, year: year4(m[2]) }),
  },
  {
    type: 'ПП',
    needs: ['ПП', 'ПОСТАНОВЛЕНИ'],
    re: new RegExp(
      String.raw`(?:(?<![А-Я])ПП|ПОСТАНОВЛЕНИ[ЕЯЮМ]{1,2} ПРАВИТЕЛЬСТВА) ?(?:РФ|РОССИЙСКОЙ ФЕДЕРАЦИИ)? ?(?:${ACT_DATE}${NUMBER_SIGN}(\d{2,5})|${NUMBER_SIGN}(\d{2,5}) ?${ACT_DATE})`,
      'g',
    ),
    build: (m) => (m[1] ? { key: `ПП ${m[2]}-${year4(m[1])}`, year: year4(m[1]) } : { key: `ПП ${m[3]}-${year4(m[4])}`, year: year4(m[4]) }),
  },
  {
    type: 'ФЗ',
    needs: ['-ФЗ'],
    // a federal law is told by its number and year: numbers start again every year, so one without its date is not judged
    // «-ФЗ» makes it federal: «Закон Российской Федерации … № 123-ФЗ»; the codes (Земельный, Водный…) are such laws too.
    // A code's name is tried from a word's start only: tried inside every word, it cost more than all other patterns.
    re: new RegExp(
      String.raw`(?:(?:ФЕДЕРАЛЬН[А-Я]{2,3} )?ЗАКОН[А-Я]{0,2}|(?<![А-Я])[А-Я]{4,} КОДЕКС[А-Я]{0,2}) ?(?:РФ |РОССИЙСКОЙ ФЕДЕРАЦИИ )?(?:«[^«»]{3,160}» ?)?${ACT_DATE}${NUMBER_SIGN}(\d{1,4})-ФЗ`,
      'g',
    ),
    build: (m) => ({ key: `ФЗ ${m[2]}-${year4(m[1])}`, year: year4(m[1]) }),
  },
  {
    type: 'ПРИКАЗ',
    needs: ['ПРИКАЗ'],
    re: new RegExp(
      String.raw`ПРИКАЗ(?:ОМ|А|У)? ([А-Я]{3,}(?: (?:РОССИИ|РФ|РОССИЙСКОЙ ФЕДЕРАЦИИ))?) ?(?:${ACT_DATE}${NUMBER_SIGN}(\d{1,5})(?:\/ПР)?|${NUMBER_SIGN}(\d{1,5})(?:\/ПР)? ?${ACT_DATE})`,
      'g',
    ),
    build: (m) => {
      const [number, year] = m[2] ? [m[3], m[2]] : [m[4], m[5]];
      return { key: `ПРИКАЗ ${issuer(m[1]!)} ${number}-${year4(year)}`, year: year4(year) };
    },
  },
  // «СО 2507-1-2015» (a standard with «ИСО» cut short, a designation that does not exist), «СО 153-34.21.122-2003»
  {
    type: 'СО',
    needs: ['СО'],
    re: /(?<![А-ЯA-Z])СО ?(\d{3,5}(?:-\d{1,2}(?:\.\d{1,3})*)?)-(\d{4})(?!\d)/g,
    build: (m) => ({ key: `СО ${m[1]}`, year: year4(m[2]) }),
  },
  // the rules of 2003 for consumers' electrical installations, by their name or «ПТЭЭП 2003»; the rules of 2022 are named
  // «… потребителей электрической энергии» and are not these
  {
    type: 'ПТЭЭП',
    needs: ['ПТЭЭП', 'ЭЛЕКТРОУСТАНОВОК ПОТРЕБИТЕЛЕЙ'],
    re: /ПТЭЭП[ -]?2003|ПРАВИЛ[А-Я]{0,3} ТЕХНИЧЕСКОЙ ЭКСПЛУАТАЦИИ ЭЛЕКТРОУСТАНОВОК ПОТРЕБИТЕЛЕЙ(?! ?ЭЛЕКТРИЧЕСКОЙ)(?:,? ?(?:УТВ[А-Я.]* ?)?[^.;]{0,80}?2003)/g,
    build: () => ({ key: 'ПТЭЭП', year: 2003 }),
  },
];

/**
 * «СНиП 3.05.04-85*, 3.01.04-87 и 3.02.01-87»: the next СНиП of a list written without its prefix. Sticky, tried only right
 * after a matched СНиП, so the pages' hot path pays nothing elsewhere.
 */
const SNIP_LIST_NEXT = /\**(?: ?\([^()]{0,40}\))?(?: ?, ?| И )(([IVXІL]{1,3}|\d{1,2})[-.](\d{1,2}(?:\.\d{1,2})*)-(\d{4}|\d{2}))(?!\d|\.\d)/y;

function snipListTail(prepared: string, from: number, out: NormRef[]): void {
  for (let at = from; ; ) {
    SNIP_LIST_NEXT.lastIndex = at;
    const m = SNIP_LIST_NEXT.exec(prepared);
    if (!m) return;
    const key = `СНИП ${roman(m[2]!)}.${m[3]}`;
    at += m[0].length;
    out.push({ type: 'СНИП', key, exact: key, year: year4(m[4]), raw: m[1]!, index: at - m[1]!.length });
  }
}

/** All norm designations in prepared text, in order of appearance. */
export function findNormRefs(prepared: string): NormRef[] {
  const out: NormRef[] = [];
  for (const p of PATTERNS) {
    if (!p.needs.some((w) => prepared.includes(w))) continue;
    p.re.lastIndex = 0;
    for (let m = p.re.exec(prepared); m; m = p.re.exec(prepared)) {
      const b = p.build(m);
      if (b) out.push({ type: p.type, key: b.key, exact: b.exact ?? b.key, year: b.year, raw: m[0], index: m.index });
      if (p.type === 'СНИП') snipListTail(prepared, m.index + m[0].length, out);
    }
  }
  return out.sort((a, b) => a.index - b.index);
}

interface Indexed<E> {
  entry: E;
  ref: NormRef;
}
interface Registry {
  /** Superseded and cancelled norms by key (register code corrected). */
  stale: Map<string, Indexed<NormEntry>[]>;
  /** Designations that do not exist by key as written (a mistyped code is what makes them wrong). */
  unknown: Map<string, Indexed<UnknownDesignation>[]>;
  /** Edition lists of СП series by key («СП 42.13330»). */
  editions: Map<string, SeriesEditions>;
}
let registry: Registry | null = null;

function indexed<E extends { cited: string }>(entries: readonly E[], keyOf: (r: NormRef) => string): Map<string, Indexed<E>[]> {
  const map = new Map<string, Indexed<E>[]>();
  for (const entry of entries) {
    const ref = findNormRefs(prepareForNorms(entry.cited))[0];
    if (!ref) throw new Error(`Norm registry entry cannot be parsed: ${entry.cited}`);
    const list = map.get(keyOf(ref)) ?? [];
    list.push({ entry, ref });
    map.set(keyOf(ref), list);
  }
  return map;
}

function registryIndex(): Registry {
  registry ??= {
    stale: indexed(NORMS, (r) => r.key),
    unknown: indexed(UNKNOWN_DESIGNATIONS, (r) => r.exact),
    editions: new Map(SERIES_EDITIONS.map((s) => [s.series, s])),
  };
  return registry;
}

/** The key and the key read with the other spelling: «СНиП 11-23-81» for «СНиП II-23-81», «ГОСТ 21.1101» with the «Р» lost. */
function spellings(ref: NormRef, key: string): string[] {
  if (ref.type === 'СНИП' && /^СНИП 11\./.test(key)) return [key, key.replace('СНИП 11.', 'СНИП II.')];
  if (ref.type === 'ГОСТ') return [key, key.startsWith('ГОСТ Р ') ? key.replace('ГОСТ Р ', 'ГОСТ ') : key.replace('ГОСТ ', 'ГОСТ Р ')];
  return [key];
}

/** «СП 60.1330.2020»: a register code with a digit lost or doubled names no norm; the corrected one is what was meant. */
function codeTypo(ref: NormRef): UnknownDesignation {
  const year = ref.year === null ? '' : `.${ref.year}`;
  const written = ref.exact.split('.')[1];
  const right = ref.key.split('.')[1];
  return {
    cited: `${ref.exact}${year}`,
    status: 'unknown',
    replacement: `${ref.key}${year}`,
    reason: `в регистрационном коде ошибка (${written} вместо ${right})`,
    ambiguous: false,
    ver: 'V',
    src: 'norms.md §7',
  };
}

/** «ГОСТ 60.13330.2020»: the number of a СП (its register code gives it away) written under ГОСТ. */
function spUnderGost(ref: NormRef): UnknownDesignation | null {
  const m = /^ГОСТ (?:Р )?(\d{1,3}\.(?:13330|1325800|1311500|13130))$/.exec(ref.key);
  if (!m) return null;
  const year = ref.year === null ? '' : `.${ref.year}`;
  return {
    cited: `${ref.key}${year}`,
    status: 'unknown',
    replacement: `СП ${m[1]}${year}`,
    reason: 'номер свода правил записан с обозначением ГОСТ',
    ambiguous: false,
    ver: 'V',
    src: 'norms.md §6',
  };
}

/** Registers of СП began in 2009 (norms/malformed.ts judges years before it and years to come). */
const FIRST_SP_YEAR = 2009;

/**
 * «СП 42.13330.2019»: a year the series' edition list (norms-sources/editions.json) does not have. Between its first and
 * last edition the list is complete, so the citation names no norm; the edition a year off (a typo) or else the one in force
 * that year is the one meant;
 * before the first or after the last one a new or unlisted edition is possible, so the finding only asks to confirm.
 */
function neverIssuedEdition(ref: NormRef, series: SeriesEditions | undefined, currentYear: number): UnknownDesignation | null {
  const year = ref.year;
  if (!series || year === null || year < FIRST_SP_YEAR || year > currentYear || series.editions.includes(year)) return null;
  const first = series.editions[0]!;
  const last = series.editions[series.editions.length - 1]!;
  // a year one off an edition is a typo of it; otherwise the edition in force that year is what was meant
  const meant = series.editions.find((y) => Math.abs(y - year) === 1) ?? series.editions.filter((y) => y <= year).pop() ?? first;
  const issued = series.editions.length === 1 ? `издана только редакция ${first} года` : `изданы редакции ${series.editions.join(', ')} годов`;
  return {
    cited: `${ref.key}.${year}`,
    status: 'unknown',
    replacement: `${ref.key}.${meant}`,
    reason: `редакции ${year} года у ${ref.key} нет: ${issued}`,
    ambiguous: year < first || year > last,
    ver: 'V',
    src: series.src,
  };
}

/**
 * The registry entry a reference points at: a designation that does not exist (as written, a missing «Р» read both ways),
 * else the superseded or cancelled norm (typos of the register code corrected), else a СП with a mistyped register code or
 * a СП number under ГОСТ, else a СП edition its series never had;
 * null when the cited edition is not known to be out of use or wrong.
 */
export function lookupNorm(ref: NormRef, currentYear = new Date().getFullYear()): RegistryEntry | null {
  const idx = registryIndex();
  for (const key of spellings(ref, ref.exact)) {
    for (const c of idx.unknown.get(key) ?? []) if (ref.year === c.ref.year) return c.entry;
  }
  for (const key of spellings(ref, ref.key)) {
    for (const c of idx.stale.get(key) ?? []) {
      if (WHOLE_FAMILY.has(ref.type)) return c.entry;
      if (ref.year !== null && ref.year === c.ref.year) return c.entry;
    }
  }
  const ofDay = actOfDay(ref);
  if (ofDay) return ofDay;
  if (ref.type === 'СП') return ref.exact !== ref.key ? codeTypo(ref) : neverIssuedEdition(ref, idx.editions.get(ref.key), currentYear);
  if (ref.type === 'ГОСТ') return spUnderGost(ref);
  return null;
}

const MONTHS = ['ЯНВАРЯ', 'ФЕВРАЛЯ', 'МАРТА', 'АПРЕЛЯ', 'МАЯ', 'ИЮНЯ', 'ИЮЛЯ', 'АВГУСТА', 'СЕНТЯБРЯ', 'ОКТЯБРЯ', 'НОЯБРЯ', 'ДЕКАБРЯ'];
const FULL_ACT_DATE = new RegExp(String.raw`ОТ ?(\d{1,2})(?:\.(\d{2})\.| (${MONTHS.join('|')}) )(\d{4})`);

/** «ОТ 21 ИЮНЯ 2010 Г. N 46» → 2010-06-21: the whole date of an act's designation, or null when only a year is there. */
function actDay(raw: string): string | null {
  const m = FULL_ACT_DATE.exec(raw);
  if (!m) return null;
  const month = m[2] ? Number(m[2]) : MONTHS.indexOf(m[3]!) + 1;
  return `${m[4]}-${String(month).padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
}

/** «ПП 468-2010» → the issuer part («ПП», «ПРИКАЗ МИНЭН») and the number. */
const actParts = (key: string) => /^(.+) (\d+)-\d{4}$/.exec(key)?.slice(1, 3) as [string, string] | undefined;

let actsByDay: Map<string, Indexed<NormEntry>[]> | null = null;

/**
 * A decree or order cited with its whole date and a number the text layer cut short («от 21 июня 2010 г. N 46» for
 * № 468): when the registry knows exactly one act of that issuer of that date and the cited number is the start of its
 * number, that act is the one cited. Nothing else is guessed: a year alone, another issuer or two acts of one day are not.
 */
function actOfDay(ref: NormRef): NormEntry | null {
  if (ref.type !== 'ПП' && ref.type !== 'ПРИКАЗ') return null;
  const day = actDay(ref.raw);
  const parts = actParts(ref.key);
  if (!day || !parts) return null;
  if (!actsByDay) {
    actsByDay = new Map();
    for (const list of registryIndex().stale.values())
      for (const c of list) {
        const p = (c.ref.type === 'ПП' || c.ref.type === 'ПРИКАЗ') && actParts(c.ref.key);
        const d = p ? actDay(c.ref.raw) : null;
        if (!p || !d) continue;
        const k = `${p[0]}|${d}`;
        actsByDay.set(k, [...(actsByDay.get(k) ?? []), c]);
      }
  }
  const same = actsByDay.get(`${parts[0]}|${day}`) ?? [];
  if (same.length !== 1) return null;
  const number = actParts(same[0]!.ref.key)![1];
  return number.length > parts[1].length && number.startsWith(parts[1]) ? same[0]!.entry : null;
}

/**
 * «номер прочитан как 46 — по дате это № 468»: said in the evidence when a decree or order was recognised by its date
 * (`actOfDay`) rather than by the number as written; null otherwise.
 */
export function numberReadAs(ref: NormRef, entry: { cited: string }): string | null {
  if (ref.type !== 'ПП' && ref.type !== 'ПРИКАЗ') return null;
  const cited = actParts(ref.key)?.[1];
  const own = /№ ?(\d+)/.exec(entry.cited)?.[1];
  return cited && own && cited !== own ? `номер прочитан как ${cited} — по дате это № ${own}` : null;
}

/** Registry entries whose designation parses, for tests and documentation. */
export function registryKeys(): string[] {
  return [...registryIndex().stale.keys()];
}
