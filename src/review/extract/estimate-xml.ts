/**
 * An estimate in the Минстрой's XML schemas of estimate documentation (root `Construction`, `Meta/File/Type` ЛС, ОСР or
 * ССР; the schema named by `noNamespaceSchemaLocation`: «LocalEstimate…», «ObjectEstimate», «SummaryEstimate»), which
 * ГРАНД-Смета and other programs write as .gge or .xml. It is read into the model of a printed estimate that a ГРАНД-Смета
 * export is read into (grand-smeta.ts), and printed by the same form, so the readers of an estimate's facts — its
 * number, basis, date, level of prices, norms in the names of its positions, «Составил» and «Проверил» — take it as
 * they take any other estimate.
 *
 * Parsed by the one parser of the Минстрой schemas (xml-note.ts) once the markup is known to be well-formed, after
 * decodeXml has refused what it refuses; only MAX_POSITIONS positions are printed.
 */
import { MAX_POSITIONS, type EstimateForm, type GrandSmetaFacts } from './grand-smeta.ts';
import { findAll, isObj, minstroyXmlParser, str, type Obj } from './xml-note.ts';

const FORMS: Record<string, EstimateForm> = { ЛС: 'local', ЛСР: 'local', ОС: 'object', ОСР: 'object', ССР: 'summary' };

/** The kind of estimate an XML text with this root is, by its own Meta/File/Type or schema; null when it is none. */
export function estimateXmlForm(xml: string, root: string | null): EstimateForm | null {
  if (root !== 'Construction') return null;
  const head = xml.slice(0, 4000);
  const type = /<File>\s*<Type>\s*([А-ЯЁ]+)\s*<\/Type>/u.exec(head)?.[1];
  if (type && FORMS[type]) return FORMS[type];
  const schema = /noNamespaceSchemaLocation\s*=\s*["']([^"']+)["']/.exec(head)?.[1] ?? '';
  if (/^LocalEstimate/i.test(schema)) return 'local';
  if (/^ObjectEstimate/i.test(schema)) return 'object';
  if (/^SummaryEstimate/i.test(schema)) return 'summary';
  return null;
}

/** The elements the three schemas repeat: sections and their items, and a chapter's or object's estimates. */
const ARRAYS = new Set(['Section', 'Item', 'LocalEstimate', 'ObjectEstimate', 'Calculation', 'Addition']);
const parser = minstroyXmlParser(ARRAYS);

/** «2025-11-27» or Year / Month / Day elements, as ISO. */
function dateOf(v: unknown): string | null {
  if (!isObj(v)) return str(v);
  const [y, m, d] = [str(v.Year), str(v.Month), str(v.Day)];
  return y && m && d ? `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}` : null;
}

/** A level of prices as the form words it: «4 квартал 2023 г.», «01.2022». */
function priceLevel(v: unknown): string | null {
  if (!isObj(v)) return null;
  const [y, q, m] = [str(v.Year), str(v.Quarter), str(v.Month)];
  if (!y) return null;
  return q ? `${q} квартал ${y} г.` : m ? `${m.padStart(2, '0')}.${y}` : `${y} г.`;
}

/** The person a signature element names: its Name (with Position, where given) or its text. */
function signer(v: unknown): string {
  if (!isObj(v)) return str(v) ?? '';
  return [str(v.Position), str(v.Name)].filter(Boolean).join(' ');
}

/** Reads the estimate; throws for markup that is not well-formed (a cut file), which the parser alone would take as far as it goes. */
export function parseEstimateXml(xml: string, form: EstimateForm): GrandSmetaFacts {
  // the parser's own validation in the same pass: it throws for markup that is not well-formed
  const tree = parser.parse(xml, true) as Obj;
  const root = isObj(tree.Construction) ? tree.Construction : {};
  const object = isObj(root.Object) ? root.Object : {};
  const estimate = isObj(object.Estimate) ? object.Estimate : {};
  // the local estimate's own fields stand in Object/Estimate, an object estimate's in Object, the summary's in the root
  const own = form === 'local' ? estimate : form === 'object' ? object : root;
  const signatures = isObj(own.Signatures) ? own.Signatures : {};
  const f: GrandSmetaFacts = { form, properties: {}, norms: null, basePrices: null, dates: {}, indexes: [], chapters: [], items: [], positions: 0 };
  const set = (k: string, v: string | null) => {
    if (v) f.properties[k] = v;
  };
  set('LocNum', str(own.Num) ?? str(root.Num));
  set('Constr', str(root.Name));
  if (form !== 'summary') set('Object', str(object.Name));
  if (form === 'local') set('Description', str(estimate.Name));
  if (form !== 'summary') f.items.push({ caption: 'Основание', value: str(own.Reason) ?? '' });
  if (str(root.Customer)) f.items.push({ caption: 'Заказчик', value: str(root.Customer)! });
  const created = dateOf(own.Date) ?? str(own.Created);
  if (created) f.dates.CreationDate = created;
  if (str(own.Approved)) f.dates.ApprovalDate = str(own.Approved)!;
  // a local estimate states both levels; an object or summary estimate one PriceLevel, marked BasicPrice when it is the base
  const single = isObj(own.PriceLevel) ? own.PriceLevel : null;
  const basic = ['1', 'true'].includes(str(single?.BasicPrice) ?? '');
  const current = priceLevel(own.PriceLevelCur) ?? (basic ? null : priceLevel(single));
  const base = priceLevel(own.PriceLevelBase) ?? (basic ? priceLevel(single) : null);
  if (current) f.dates.CurrPriceDate = current;
  else if (base) f.dates.BasePriceDate = base;
  const legal = isObj(estimate.Legal)
    ? Object.values(estimate.Legal)
        .map((v) => (isObj(v) ? str(v.Name) : null))
        .filter((n): n is string => !!n)
    : [];
  if (legal.length) f.norms = legal.join('; ');
  for (const [key, value] of Object.entries(signatures)) {
    const who = signer(value);
    const caption = SIGNERS[key];
    if (caption) f.items.push({ caption, value: who });
  }
  if (form === 'local') {
    for (const section of findAll(estimate.Sections, 'Section')) {
      if (!isObj(section)) continue;
      const chapter = { caption: [str(section.Code), str(section.Name)].filter(Boolean).join('. '), lines: [] as string[], positions: 0 };
      for (const item of findAll(section.Items, 'Item')) for (const line of itemLines(item)) add(f, chapter, line);
      f.chapters.push(chapter);
    }
  } else {
    const chapters =
      form === 'summary'
        ? Object.entries(root)
            .filter(([k]) => /^Chapter\d+$/.test(k))
            .map(([, v]) => v)
        : [object];
    for (const c of chapters) {
      if (!isObj(c)) continue;
      const caption = isObj(c.ChapterName) ? (str(c.ChapterName.ConstantNameChapter) ?? str(c.ChapterName.Name) ?? '') : '';
      const chapter = { caption, lines: [] as string[], positions: 0 };
      for (const kind of ['LocalEstimate', 'ObjectEstimate', 'Calculation', 'Addition'])
        for (const e of findAll(c, kind)) if (isObj(e)) add(f, chapter, [str(e.Num) ?? '', str(e.Reason) ?? '', str(e.Name) ?? ''].join('\t'));
      f.chapters.push(chapter);
    }
  }
  return f;
}

/** Signature elements of the three schemas and the captions the printed forms give them. */
const SIGNERS: Record<string, string> = {
  ComposeFIO: 'Составил',
  VerifyFIO: 'Проверил',
  Composer: 'Составил',
  Verifier: 'Проверил',
  ChiefProjectEngineer: 'Главный инженер проекта',
  Chief: 'Руководитель',
  ProjectOrg: 'Проектная организация',
  Customer: 'Заказчик (утверждение)',
};

/** The positions an item of a local estimate holds — works, materials, machines — each a line: number, code, name, unit, quantity. */
function itemLines(item: unknown): string[] {
  if (!isObj(item)) return [];
  const out: string[] = [];
  for (const value of Object.values(item)) {
    for (const p of Array.isArray(value) ? value : [value]) {
      if (!isObj(p) || !str(p.Name)) continue;
      out.push([str(p.Num) ?? '', str(p.Code) ?? '', str(p.Name) ?? '', str(p.Unit) ?? '', str(p.Quantity) ?? str(p.Consumption) ?? ''].join('\t'));
    }
  }
  return out;
}

function add(f: GrandSmetaFacts, chapter: { lines: string[]; positions: number }, line: string): void {
  f.positions++;
  chapter.positions++;
  if (f.positions <= MAX_POSITIONS) chapter.lines.push(line);
}
