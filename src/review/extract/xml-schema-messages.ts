/**
 * libxml2's schema-validation messages told in Russian: what is wrong with which element, and how much it matters.
 * The English wording is libxml2's own (xmlschemas.c); a message of a form not listed here is told in general words.
 */
import type { Importance } from '../../kernel/result.ts';

/** The Минстрой XML documents validated: the explanatory note and the design assignment. */
export type MinstroyDocument = 'ExplanatoryNote' | 'DesignAssignment';

export type ViolationKind =
  | 'not_well_formed'
  | 'wrong_root'
  | 'missing_element'
  | 'unexpected_element'
  | 'missing_attribute'
  | 'unexpected_attribute'
  | 'content'
  | 'value'
  | 'identity'
  | 'assertion'
  | 'other';

/** One fault of a document against its schema. */
export interface Violation {
  /** Element path («ExplanatoryNote/IssueAuthor/Organization/OrgOGRN», repeated elements with their 1-based index). */
  path: string;
  /** The attribute at fault, when the fault is in one. */
  attribute?: string;
  line: number;
  kind: ViolationKind;
  importance: Importance;
  /** What is wrong, in Russian, without the path («обязательный элемент OrgINN отсутствует»). */
  text: string;
}

/**
 * Importance by what the fault breaks: a document whose structure departs from the schema cannot be read by the
 * expertise's systems at all (a missing or unknown element, a missing attribute) — critical; a value out of its format
 * spoils one field (an ОГРН of the wrong length) — significant.
 */
const IMPORTANCE: Record<ViolationKind, Importance> = {
  not_well_formed: 'critical',
  wrong_root: 'critical',
  missing_element: 'critical',
  unexpected_element: 'critical',
  missing_attribute: 'critical',
  unexpected_attribute: 'critical',
  content: 'critical',
  value: 'significant',
  identity: 'significant',
  assertion: 'significant',
  other: 'significant',
};

const names = (list: string) =>
  list
    .split(',')
    .map((s) => s.trim().replace(/^\{[^}]*\}/, ''))
    .filter(Boolean);
const oneOf = (list: string) => {
  const n = names(list);
  return n.length === 1 ? `элемент ${n[0]}` : `один из элементов: ${n.join(', ')}`;
};
const local = (qname: string) => qname.replace(/^\{[^}]*\}/, '');

type Reader = [RegExp, ViolationKind, (m: RegExpExecArray) => string];

/** Message bodies after «Element 'X'[, attribute 'A']: ». */
const READERS: Reader[] = [
  [
    /^This element is not expected\. Expected is (?:one of )?\( ([^)]*) \)/,
    'unexpected_element',
    (m) => `на этом месте схема ожидает ${oneOf(m[1]!)}: пропущен обязательный элемент, элемент лишний или нарушен порядок элементов`,
  ],
  [/^This element is not expected\./, 'unexpected_element', () => 'элемент не предусмотрен схемой в этом месте (лишний элемент или нарушен порядок элементов)'],
  [
    /^Missing child element\(s\)\. Expected is (?:one of )?\( ([^)]*) \)/,
    'missing_element',
    (m) => `не хватает обязательного вложенного элемента: ожидается ${oneOf(m[1]!)}`,
  ],
  [/^Missing child element\(s\)/, 'missing_element', () => 'не хватает обязательных вложенных элементов'],
  [/^The attribute '([^']*)' is required but missing/, 'missing_attribute', (m) => `отсутствует обязательный атрибут ${local(m[1]!)}`],
  [/^The attribute '([^']*)' is not allowed/, 'unexpected_attribute', (m) => `атрибут ${local(m[1]!)} не предусмотрен схемой`],
  [/^No matching global declaration available for the validation root/, 'wrong_root', () => 'корневой элемент не соответствует схеме'],
  [
    /^Character content other than whitespace is not allowed/,
    'content',
    () => 'в элементе записан текст, а схема предусматривает в нём только вложенные элементы',
  ],
  [
    /^Element content is not allowed, because the content type is (?:a simple type definition|empty)/,
    'content',
    () => 'в элементе вложены элементы, а схема предусматривает в нём только значение',
  ],
  [
    /^Element content is not allowed, because the type definition is simple/,
    'content',
    () => 'в элементе вложены элементы, а схема предусматривает в нём только значение',
  ],
  [
    /^\[facet 'pattern'\] The value '([^']*)' is not accepted by the pattern '([^']*)'/,
    'value',
    (m) => `значение «${m[1]}» не соответствует формату (шаблон ${m[2]})`,
  ],
  [
    /^\[facet 'enumeration'\] The value '([^']*)' is not an element of the set \{([^}]*)\}/,
    'value',
    (m) => `значение «${m[1]}» не входит в перечень допустимых (${shortSet(m[2]!)})`,
  ],
  [
    /^\[facet 'length'\] The value(?: '([^']*)')? has a length of '(\d+)'; this differs from the allowed length of '(\d+)'/,
    'value',
    (m) => `${quotedValue(m[1])}длина ${m[2]} символов, а требуется ровно ${m[3]}`,
  ],
  [
    /^\[facet 'minLength'\] The value(?: '([^']*)')? has a length of '(\d+)'; this underruns the allowed minimum length of '(\d+)'/,
    'value',
    (m) => (m[2] === '0' ? 'значение не заполнено' : `${quotedValue(m[1])}длина ${m[2]} символов, а нужно не меньше ${m[3]}`),
  ],
  [
    /^\[facet 'maxLength'\] The value(?: '([^']*)')? has a length of '(\d+)'; this exceeds the allowed maximum length of '(\d+)'/,
    'value',
    (m) => `длина значения ${m[2]} символов больше допустимой (${m[3]})`,
  ],
  [
    /^\[facet 'minInclusive'\] The value '([^']*)' is less than the minimum value allowed \('([^']*)'\)/,
    'value',
    (m) => `значение ${m[1]} меньше допустимого минимума ${m[2]}`,
  ],
  [
    /^\[facet 'maxInclusive'\] The value '([^']*)' is greater than the maximum value allowed \('([^']*)'\)/,
    'value',
    (m) => `значение ${m[1]} больше допустимого максимума ${m[2]}`,
  ],
  [/^\[facet 'minExclusive'\] The value '([^']*)' must be greater than '([^']*)'/, 'value', (m) => `значение ${m[1]} должно быть больше ${m[2]}`],
  [/^\[facet 'maxExclusive'\] The value '([^']*)' must be less than '([^']*)'/, 'value', (m) => `значение ${m[1]} должно быть меньше ${m[2]}`],
  [
    /^\[facet 'totalDigits'\] The value '([^']*)' has more digits than are allowed \('([^']*)'\)/,
    'value',
    (m) => `в значении ${m[1]} больше цифр, чем допускается (${m[2]})`,
  ],
  [
    /^\[facet 'fractionDigits'\] The value '([^']*)' has more fractional digits than are allowed \('([^']*)'\)/,
    'value',
    (m) => `в значении ${m[1]} больше знаков после запятой, чем допускается (${m[2]})`,
  ],
  [/^'([^']*)' is not a valid value of the (?:local )?(?:atomic|list|union) type '?([^'.]*)'?/, 'value', (m) => typeText(m[1]!, m[2] ?? '')],
  [/^'([^']*)' is not a valid value of the (?:local )?(?:atomic|list|union) type/, 'value', (m) => typeText(m[1]!, '')],
  [
    /^The value '([^']*)' does not match the fixed value constraint '([^']*)'/,
    'value',
    (m) => `значение «${m[1]}» не совпадает с установленным схемой значением «${m[2]}»`,
  ],
  [
    /^Duplicate key-sequence \[([^\]]*)\] in (?:unique|key) identity-constraint '([^']*)'/,
    'identity',
    (m) => `значение ${m[1]} повторяется, а схема требует его уникальности (ограничение ${m[2]})`,
  ],
  [
    /^No match found for key-sequence \[([^\]]*)\] of keyref '([^']*)'/,
    'identity',
    (m) => `ссылка ${m[1]} не указывает ни на один элемент документа (ограничение ${m[2]})`,
  ],
];

const quotedValue = (v: string | undefined) => (v !== undefined ? `значение «${v}»: ` : '');
const shortSet = (set: string) => {
  const items = set.split(/',\s*'/).map((s) => s.replace(/^'|'$/g, ''));
  return items.length > 8 ? `${items.slice(0, 8).join(', ')} и ещё ${items.length - 8}` : items.join(', ');
};

/** The XML Schema built-in types a Минстрой field is most often declared with, as a designer would name them. */
const BUILT_IN: Record<string, string> = {
  'xs:date': 'дата в формате ГГГГ-ММ-ДД',
  'xs:dateTime': 'дата и время',
  'xs:gYear': 'год из четырёх цифр',
  'xs:decimal': 'число (дробная часть через точку)',
  'xs:integer': 'целое число',
  'xs:int': 'целое число',
  'xs:positiveInteger': 'целое положительное число',
  'xs:nonNegativeInteger': 'целое неотрицательное число',
  'xs:boolean': 'true или false',
};
function typeText(value: string, type: string): string {
  const t = type.replace(/^\{http:\/\/www\.w3\.org\/2001\/XMLSchema\}/, 'xs:');
  if (value === '') return 'значение не заполнено';
  return `значение «${value}» не соответствует типу ${BUILT_IN[t] ? `(${BUILT_IN[t]})` : t ? `${t} схемы` : 'поля по схеме'}`;
}

/** One libxml2 diagnostic as a violation with its element path and a Russian explanation. */
export function explainViolation(d: { message: string; line: number; xpath?: string }): Violation {
  const msg = d.message.trim();
  const head = /^Element '([^']*)'(?:, attribute '([^']*)')?: ([\s\S]*)$/.exec(msg);
  const body = head ? head[3]! : msg;
  const attribute = head?.[2] ? local(head[2]) : undefined;
  const path = (d.xpath ?? '').replace(/^\//, '') || (head ? local(head[1]!) : '');
  for (const [re, kind, say] of READERS) {
    const m = re.exec(body);
    if (!m) continue;
    const text = say(m);
    return {
      path,
      ...(attribute ? { attribute } : {}),
      line: d.line,
      kind,
      importance: IMPORTANCE[kind],
      text: attribute ? `атрибут ${attribute}: ${text}` : text,
    };
  }
  return {
    path,
    ...(attribute ? { attribute } : {}),
    line: d.line,
    kind: 'other',
    importance: IMPORTANCE.other,
    text: `${attribute ? `атрибут ${attribute}: ` : ''}содержимое не соответствует схеме`,
  };
}
