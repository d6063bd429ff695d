/**
 * An estimate exported from ГРАНД-Смета as XML (root `Document` with `Generator="GrandSmeta"`, the program's
 * `GrandSmetaSign` or its document type GUID), read into the text its printed form shows — the construction and the
 * object, «Локальный сметный расчет № …», «Основание», the level of prices, the indices with their sources, the
 * chapters with their positions (number, code, name, unit, quantity), the totals and the signature lines — so the
 * readers of an estimate's facts take it as they take a PDF or an XLSX estimate, with no rules of their own.
 *
 * The export holds no printed totals (the program computes them as it prints), so the totals say how many positions
 * each chapter and the estimate hold, and no sum. Resources, price-book catalogues and coefficients are not printed:
 * they are the price book's wording, not the estimate's.
 *
 * Hostile input is bounded: the file is read by a streaming parser (saxes) that builds no tree and expands no entity
 * beyond XML's own five and character references; a DOCTYPE (a ГРАНД-Смета export has none) refuses the file, nesting
 * deeper than MAX_DEPTH stops it, and only MAX_POSITIONS positions are printed, the rest counted.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';

/** The program's document type of an estimate (ЛСР), as every export of it states. */
const ESTIMATE_TYPE_GUID = '{2B0470FD-477C-4359-9F34-EEBE36B7D340}';

/** An export nests about six levels deep (Document/Chapters/Chapter/Position/Resources/Mat/PriceBase). */
export const MAX_DEPTH = 64;
/** Positions printed; a larger estimate's further positions are counted and said to be left out. */
export const MAX_POSITIONS = 10_000;
/** A caption longer than this is cut: a printed cell holds a few lines, not a book. */
const MAX_CAPTION = 1_000;

/** Whether an XML text with this root is a ГРАНД-Смета export: by the root element's own markers, never the file name. */
export function isGrandSmeta(xml: string, root: string | null): boolean {
  if (root !== 'Document') return false;
  const open = /<Document\b[^>]*>/.exec(xml.slice(0, 4000))?.[0] ?? '';
  return /\bGenerator\s*=\s*["']GrandSmeta["']/.test(open) || /\bGrandSmetaSign\s*=/.test(open) || open.includes(ESTIMATE_TYPE_GUID);
}

interface Position {
  number: string;
  code: string;
  caption: string;
  units: string;
  quantity: string;
  /** The price book's order the item comes from («Приказ Минстроя России от 30.12.2016 №1039/пр»), as the form prints it under the code. */
  basis: string;
}

interface Chapter {
  caption: string;
  /** Positions and group headers in document order, as lines. */
  lines: string[];
  positions: number;
}

/** Which printed form an estimate is: a local, an object or the summary estimate (МДС 81-35.2004, формы № 4, 3 and 1). */
export type EstimateForm = 'local' | 'object' | 'summary';

export interface GrandSmetaFacts {
  /** The form it prints as; a ГРАНД-Смета export is a local estimate. */
  form?: EstimateForm;
  /** Properties: LocNum (the estimate's number), Constr (construction), Object, Description, Stage, RegNum. */
  properties: Record<string, string>;
  /** RegionInfo/@RegionName: the estimate norms it is priced by («ГЭСН-2017, ФЕР-2017 (с Изм. 1)»). */
  norms: string | null;
  /** Parameters/@BasePrices: the year of the base level of prices («2001»). */
  basePrices: string | null;
  /** DocDates attributes as written (CreationDate, ApprovalDate, CurrPriceDate, BasePriceDate). */
  dates: Record<string, string>;
  /** Indices (Indexes/IndexesPos|IndexesRes/Index): their caption — the source they come from — and values by cost item. */
  indexes: { caption: string; values: [string, string][] }[];
  chapters: Chapter[];
  /** GsDocSignatures/Item: caption and value as written, empty when the field was left blank. */
  items: { caption: string; value: string }[];
  /** Positions in the estimate, printed or not. */
  positions: number;
}

/** Cost items an index is given for, by the attribute the export names them with, as the printed form words them. */
const INDEX_ITEMS: [string, string][] = [
  ['SMR', 'к СМР'],
  ['OZ', 'к оплате труда'],
  ['EM', 'к эксплуатации машин'],
  ['ZM', 'к оплате труда машинистов'],
  ['MT', 'к материалам'],
  ['OB', 'к оборудованию'],
  ['PR', 'к прочим затратам'],
];

/** DocDates attributes with their printed labels; CreationDate is also written with a Cyrillic «С» by some versions. */
const DATE_LABELS: [string, string][] = [
  ['CreationDate', 'Дата составления'],
  ['СreationDate', 'Дата составления'],
  ['ApprovalDate', 'Дата утверждения'],
];

const clip = (s: string | undefined) => {
  const t = (s ?? '').replace(/\s+/g, ' ').trim();
  return t.length > MAX_CAPTION ? `${t.slice(0, MAX_CAPTION)}…` : t;
};

/** Why a file is not read, told in Russian (the review's warning quotes it as it is). */
export class GrandSmetaRefused extends Error {}

/** Reads the export in one streaming pass; throws a Russian explanation for a file it refuses, the parser's own words for one that is not well-formed. */
export function parseGrandSmeta(xml: string): GrandSmetaFacts {
  const f: GrandSmetaFacts = { properties: {}, norms: null, basePrices: null, dates: {}, indexes: [], chapters: [], items: [], positions: 0 };
  const path: string[] = [];
  let position: Position | null = null;
  let item: { caption: string; value: string } | null = null;
  const chapter = (): Chapter => {
    if (!f.chapters.length) f.chapters.push({ caption: '', lines: [], positions: 0 });
    return f.chapters.at(-1)!;
  };
  const parser = new SaxesParser({ xmlns: false });
  parser.on('doctype', () => {
    throw new GrandSmetaRefused('в файле есть объявление типа документа (<!DOCTYPE …>) с его сущностями, которого выгрузка ГРАНД-Сметы не содержит');
  });
  parser.on('opentag', (tag) => {
    const { name } = tag;
    const a = (tag as SaxesTagPlain).attributes as Record<string, string>;
    const parent = path.at(-1);
    path.push(name);
    if (path.length > MAX_DEPTH) throw new GrandSmetaRefused(`вложенность элементов глубже ${MAX_DEPTH} уровней, чего в выгрузке ГРАНД-Сметы не бывает`);
    if (path.length === 2) {
      if (name === 'Properties') for (const [k, v] of Object.entries(a)) f.properties[k] = clip(v);
      else if (name === 'RegionInfo') f.norms = clip(a.RegionName) || null;
      else if (name === 'Parameters') f.basePrices = clip(a.BasePrices) || null;
      else if (name === 'DocDates') for (const [k, v] of Object.entries(a)) f.dates[k] = clip(v);
      return;
    }
    if (name === 'Index' && path[1] === 'Indexes') {
      const values = INDEX_ITEMS.flatMap(([attr, label]): [string, string][] => (a[attr] ? [[label, clip(a[attr])]] : []));
      if (values.length) f.indexes.push({ caption: clip(a.Caption), values });
    } else if (name === 'Item' && parent === 'GsDocSignatures') {
      item = { caption: clip(a.Caption).replace(/:$/, ''), value: clip(a.Value) };
    } else if (path[1] === 'Chapters' && name === 'Chapter') {
      f.chapters.push({ caption: clip(a.Caption), lines: [], positions: 0 });
    } else if (path[1] === 'Chapters' && name === 'Header' && parent === 'Chapter') {
      if (a.Caption) chapter().lines.push(clip(a.Caption));
    } else if (path[1] === 'Chapters' && name === 'Position' && parent === 'Chapter') {
      position = {
        number: clip(a.Number),
        code: clip(a.Code),
        caption: clip(a.Caption),
        units: clip(a.Units),
        quantity: clip(a.Quantity),
        basis: clip(a.DBComment),
      };
    } else if (position && name === 'Quantity' && parent === 'Position' && a.Result) {
      // the computed quantity («3,2»), rather than the formula it was typed as («320 / 100»)
      position.quantity = clip(a.Result);
    }
  });
  parser.on('text', (text) => {
    // an item's value may stand as its text rather than its Value attribute
    if (item && !item.value && path.at(-1) === 'Item') item.value = clip(text);
  });
  parser.on('closetag', (tag) => {
    path.pop();
    if (tag.name === 'Item' && item) {
      f.items.push(item);
      item = null;
    } else if (tag.name === 'Position' && position) {
      f.positions++;
      const c = chapter();
      c.positions++;
      if (f.positions <= MAX_POSITIONS) c.lines.push(positionLine(position));
      position = null;
    }
  });
  parser.write(xml).close();
  return f;
}

function positionLine(p: Position): string {
  const code = p.basis ? `${p.code} (${p.basis})` : p.code;
  return [p.number, code, p.caption, p.units, p.quantity].join('\t');
}

/** A blank where the form leaves a field to fill in. */
const BLANK = '________________';

/** Each form's heading and the words under it, as printed. */
const FORM_HEADINGS: Record<EstimateForm, [string, string]> = {
  local: ['ЛОКАЛЬНЫЙ СМЕТНЫЙ РАСЧЕТ', '(локальная смета)'],
  object: ['ОБЪЕКТНЫЙ СМЕТНЫЙ РАСЧЕТ', '(объектная смета)'],
  summary: ['СВОДНЫЙ СМЕТНЫЙ РАСЧЕТ СТОИМОСТИ СТРОИТЕЛЬСТВА', '(сводный сметный расчет)'],
};

/** «01.01.2000» from «01.01.2000», «2000-01-01» or «2000-01-01T00:00:00»; anything else as written. */
function printedDate(s: string): string {
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  return iso ? `${iso[3]}.${iso[2]}.${iso[1]}` : s;
}

/**
 * The estimate as its printed form reads (МДС 81-35.2004, форма № 4): what the export states, in the order the form
 * states it; a field the export leaves blank is printed blank, and the two signature lines are always printed.
 */
export function grandSmetaText(f: GrandSmetaFacts): string {
  const p = f.properties;
  const field = (caption: string) => f.items.find((i) => i.caption.toLowerCase() === caption.toLowerCase());
  const lines: string[] = [];
  if (p.Constr) lines.push(/^[«"]/.test(p.Constr) ? p.Constr : `«${p.Constr}»`, '(наименование стройки)');
  if (p.Object) lines.push(p.Object, '(наименование объекта)');
  const [heading, subtitle] = FORM_HEADINGS[f.form ?? 'local'];
  lines.push(`${heading} № ${p.LocNum || BLANK}`, subtitle);
  if (p.Description) lines.push(`на ${p.Description}`);
  // «Этап 3.»: the stage of construction as the program's user typed it
  if (p.Stage) lines.push(p.Stage);
  // the summary estimate's form (№ 1) has no «Основание» and is signed by the designer's and the customer's heads, not by «Составил» / «Проверил»
  const ownForm = f.form !== 'summary';
  if (ownForm) lines.push(`Основание: ${field('Основание')?.value || BLANK}`);
  // the level of prices as the export dates it: current prices when it names their date, else base prices
  if (f.dates.CurrPriceDate) lines.push(`Составлен(а) в текущих ценах по состоянию на ${printedDate(f.dates.CurrPriceDate)}`);
  else if (f.dates.BasePriceDate) lines.push(`Составлен(а) в базисных ценах по состоянию на ${printedDate(f.dates.BasePriceDate)}`);
  for (const [attr, label] of DATE_LABELS) if (f.dates[attr]) lines.push(`${label}: ${printedDate(f.dates[attr])}`);
  const own = new Set(['основание', 'составил', 'проверил']);
  for (const i of f.items) if (!own.has(i.caption.toLowerCase())) lines.push(`${i.caption}: ${i.value || BLANK}`);
  if (f.norms) lines.push(`Сметные нормативы: ${f.norms}${f.basePrices ? `, базисный уровень цен ${f.basePrices} г.` : ''}`);
  for (const i of f.indexes) lines.push(`Индекс ${i.values.map(([label, v]) => `${label} ${v}`).join(', ')}${i.caption ? ` (${i.caption})` : ''}`);
  lines.push(['№ пп', 'Обоснование', 'Наименование', 'Ед. изм.', 'Кол.'].join('\t'));
  f.chapters.forEach((c, n) => {
    const title = c.caption ? `Раздел ${n + 1}. ${c.caption}` : '';
    if (title) lines.push(title);
    lines.push(...c.lines);
    lines.push(`Итого по разделу${c.caption ? ` ${n + 1} «${c.caption}»` : ''}: позиций — ${c.positions}`);
  });
  if (f.positions > MAX_POSITIONS) lines.push(`(позиции после ${MAX_POSITIONS}-й не выведены: всего их ${f.positions})`);
  lines.push(`ВСЕГО по смете: позиций — ${f.positions}, разделов — ${f.chapters.length}`);
  if (ownForm)
    for (const role of ['Составил', 'Проверил']) lines.push(`${role}: ${BLANK} ${field(role)?.value ?? ''}`.trimEnd(), '(должность, подпись, расшифровка)');
  return lines.join('\n');
}
