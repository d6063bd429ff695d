// Builds src/review/data/content-requirements.generated.ts (npm run content:build): what each section of ПД must disclose
// under ПП РФ № 87. The edition of 09.04.2021 is split here from the reading copy of the decree's text, point → letter →
// text or graphic part, and joined with the project's own data in scripts/content-sources/ (the sections of each point,
// the conditions, the words designers write); the edition from 01.09.2022 is the hand list items-2022.json, every entry
// checked against the checklist or the schema annotation it names. `--check` only compares and exits 1 when the
// generated file is not what the sources build; `--dump` prints the split, point by point, and writes nothing. The
// reading copies are not part of the project: pass their folder as the first argument or CONTENT_SOURCES (default
// ../shared/domain/sources).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { writeGenerated } from './generated-file.ts';
import type { ContentCondition, ContentRequirement } from '../src/review/content/types.ts';

const ROOT = resolve(import.meta.dirname, '..');
const SOURCES = resolve(ROOT, process.argv.slice(2).find((a) => !a.startsWith('--')) ?? process.env.CONTENT_SOURCES ?? '../shared/domain/sources');
const DATA = join(ROOT, 'scripts/content-sources');
const GENERATED = join(ROOT, 'src/review/data/content-requirements.generated.ts');

// the draft machine split of the README: compared with this split, never read as data
const DRAFT_2021 = 'pp87_red-2021-04-09_structured_DRAFT.json';

const CONDITIONS: readonly ContentCondition[] = [
  'reconstruction_or_repair',
  'new_construction',
  'demolition',
  'production',
  'nonproduction',
  'residential',
  'underground',
  'budget_funded',
  'unknown',
];

interface SourceEntry {
  key: string;
  title: string;
  edition: string;
  file: string;
  repository: string;
  commit: string;
  path: string;
  usedFor: string;
}
interface PointData {
  objects: 'nonlinear' | 'linear';
  /** The words of the point's opening sentence that name its section: the mapping is checked against the text. */
  heading: string;
  sections: string[];
  /** A point without letters that is itself one item; false for a point that only states the composition. */
  item?: boolean;
  /** Letters whose section differs from the point's (п. 15 lists the subsections). */
  letterSections?: Record<string, string[]>;
  when?: ContentCondition;
  condition?: string;
}
interface ConditionData {
  when: ContentCondition;
  condition: string;
}
/** An item of the current edition as items-2022.json holds it: `line`, a checklist's quote of the letter, is only checked. */
type Item2022 = Omit<ContentRequirement, 'id' | 'edition'> & { line?: string };

const readJson = <T>(file: string): T => JSON.parse(readFileSync(join(DATA, file), 'utf8')) as T;
const sources = readJson<SourceEntry[]>('sources.json');
const points = readJson<Record<string, PointData>>('points.json');
const terms = readJson<Record<string, string[]>>('terms.json');
const conditions = readJson<Record<string, ConditionData>>('conditions.json');
const items2022 = readJson<Item2022[]>('items-2022.json');
const sourceOf = (key: string) => {
  const s = sources.find((x) => x.key === key);
  if (!s) throw new Error(`sources.json has no key «${key}»`);
  return s;
};
const sourceText = (key: string) => readFileSync(join(SOURCES, sourceOf(key).file), 'utf8');

/** The order of the decree's letters (й, ъ, ы, ь are not used), then the number of an inserted letter («б(1)», «б.1»). */
const ALPHABET = 'абвгдежзиклмнопрстуфхцчшщэюя';
function letterKey(letter: string): [number, number] {
  const m = /^([а-я])(?:\((\d+)\)|\.(\d+)|_(\d+))?$/.exec(letter);
  if (!m) throw new Error(`not a letter: «${letter}»`);
  return [ALPHABET.indexOf(m[1]!), Number(m[2] ?? m[3] ?? m[4] ?? 0)];
}
/** «27(1)» after «27», before «28». */
const pointKey = (point: string): [number, number] => {
  const m = /^(\d+)(?:\((\d+)\))?$/.exec(point);
  if (!m) throw new Error(`not a point: «${point}»`);
  return [Number(m[1]), Number(m[2] ?? 0)];
};
const cmpPair = (a: [number, number], b: [number, number]) => a[0] - b[0] || a[1] - b[1];

interface Split {
  point: string;
  letter: string | null;
  part: 'text' | 'graphic' | null;
  text: string;
  page: number;
  notes: string[];
}

/** A Consultant note: «(пп. "б(1)" введен …)», «(в ред. Постановления …)», «(абзац введен …)», «(п. 27(1) в ред. …)». */
const NOTE_START = /^\((?:пп\.|п\.|абзац|в ред\.)/;
const REPEALED = /^\d+\(\d+\)\s*-\s*\d+\(\d+\)\.\s*Утратил/;
const POINT_LINE = /^(\d+(?:\(\d+\))?)\.\s+(.*)$/;
const LETTER_LINE = /^([а-я](?:\(\d+\)|\.\d+)?)\)\s+(.*)$/;
const PART_LINE = /^в (текстовой|графической) части:?$/;

/**
 * п. 10–42 of the Положение (sections II and III) split into points, letters and parts. A line opens a point only in
 * the order of the points, and a letter only in the order of the alphabet, so a wrapped line that happens to begin with
 * «в) » inside a letter's text cannot open a letter.
 */
function split2021(text: string): { splits: Split[]; headings: Map<string, string> } {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.startsWith('II. Состав разделов проектной документации'));
  if (start < 0) throw new Error(`${sourceOf('pp87-2021').file}: no section II`);
  const splits: Split[] = [];
  const headings = new Map<string, string>();
  let page = 0;
  for (let i = 0; i < start; i++) page = Number(/^<!-- стр\. (\d+) из/.exec(lines[i]!)?.[1] ?? page);
  let point: string | null = null;
  let part: Split['part'] = null;
  let current: Split | null = null;
  let heading: string[] = [];
  let inHeading = false;
  let pointPage = page;
  let note: string[] | null = null;
  let sectionHeading = true;
  const pointBody: string[] = [];
  const close = () => {
    if (current) splits.push({ ...current, text: current.text.replace(/\s+/g, ' ').trim() });
    current = null;
  };
  const closePoint = () => {
    close();
    // a point without letters is one item: its opening sentence and what follows
    if (point && !splits.some((s) => s.point === point))
      splits.push({ point, letter: null, part: null, text: [...heading, ...pointBody].join(' ').replace(/\s+/g, ' ').trim(), page: pointPage, notes: [] });
    pointBody.length = 0;
  };
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i]!.trim();
    const pageMark = /^<!-- стр\. (\d+) из/.exec(line);
    if (pageMark) {
      page = Number(pageMark[1]);
      continue;
    }
    if (/^Приложение/.test(line)) break;
    // the heading of section III runs over several lines up to its first point
    if (/^III?\. /.test(line)) sectionHeading = true;
    if (sectionHeading && !POINT_LINE.test(line)) continue;
    sectionHeading = false;
    if (!line) continue;
    if (note) {
      note.push(line);
      if (line.endsWith(')')) {
        (current ?? splits[splits.length - 1])?.notes.push(note.join(' '));
        note = null;
      }
      continue;
    }
    if (NOTE_START.test(line) || REPEALED.test(line)) {
      if (line.endsWith(')') || REPEALED.test(line)) (current ?? splits[splits.length - 1])?.notes.push(line);
      else note = [line];
      continue;
    }
    const p = POINT_LINE.exec(line);
    if (p && (point === null || cmpPair(pointKey(p[1]!), pointKey(point)) > 0) && pointKey(p[1]!)[0] >= 9 && pointKey(p[1]!)[0] <= 42) {
      closePoint();
      if (point) headings.set(point, heading.join(' '));
      point = p[1]!;
      pointPage = page;
      heading = [p[2]!];
      inHeading = !/:\s*$/.test(p[2]!) && !/\.\s*$/.test(p[2]!);
      part = /в текстовой части:\s*$/.test(p[2]!) ? 'text' : null;
      continue;
    }
    if (!point) continue;
    const partLine = PART_LINE.exec(line);
    if (partLine) {
      close();
      inHeading = false;
      part = partLine[1] === 'текстовой' ? 'text' : 'graphic';
      continue;
    }
    const l = LETTER_LINE.exec(line);
    const last = current ?? [...splits].reverse().find((s) => s.point === point && s.letter);
    if (l && (!last?.letter || cmpPair(letterKey(l[1]!), letterKey(last.letter)) > 0)) {
      close();
      inHeading = false;
      current = { point, letter: l[1]!, part, text: l[2]!, page, notes: [] };
      continue;
    }
    if (current) (current as Split).text += ` ${line}`;
    else if (inHeading) {
      heading.push(line);
      if (/[:.]\s*$/.test(line)) {
        inHeading = false;
        if (/в текстовой части:\s*$/.test(line)) part = 'text';
      }
    } else pointBody.push(line);
  }
  closePoint();
  if (point) headings.set(point, heading.join(' '));
  // a point's heading is its first sentence up to the colon; a point without letters keeps its whole text as the body
  for (const [k, h] of headings) headings.set(k, h.replace(/\s+/g, ' ').trim());
  return { splits, headings };
}

/**
 * What must be disclosed, in the decree's words, short: up to the colon that opens a list or the end of the first
 * sentence, and under about 200 characters cut after a comma or a word.
 */
function requirementOf(text: string): string {
  let t = text.replace(/\s+/g, ' ').trim();
  // a colon opens the list of what the item covers; a lead-in that says nothing alone («…, обеспечивающих:», «…, а также:») keeps its list
  const colon = t.indexOf(':');
  if (colon >= 60 && !/(?:а также|обеспечивающих|с отображением|включающий|в том числе)$/.test(t.slice(0, colon).trim())) t = t.slice(0, colon);
  const sentence = /\.\s+(?=[А-ЯЁ])/.exec(t);
  if (sentence && sentence.index >= 40) t = t.slice(0, sentence.index);
  t = t.replace(/[;:.,\s]+$/, '');
  if (t.length <= 200) return t;
  const head = t.slice(0, 200);
  const comma = Math.max(head.lastIndexOf(', '), head.lastIndexOf('; '), head.lastIndexOf(' - '));
  const cut = comma >= 100 ? comma : head.lastIndexOf(' ');
  return `${t.slice(0, cut).replace(/[;:,\s-]+$/, '')}…`;
}

const PART_WORDS = { text: 'в текстовой части', graphic: 'в графической части' } as const;
const norm = (s: string) => s.toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ');

function build2021(): { requirements: ContentRequirement[]; held: string[]; repealed: string[]; splits: Split[] } {
  const { splits, headings } = split2021(sourceText('pp87-2021'));
  if (process.argv.includes('--dump')) {
    for (const [p, h] of headings) console.log(`## ${p} ${h}`);
    for (const s of splits) console.log(`${s.point}:${s.letter} [${s.part}] p${s.page} ${s.notes.length}n | ${requirementOf(s.text)}\n      ${s.text}`);
    process.exit(0);
  }
  const requirements: ContentRequirement[] = [];
  const held: string[] = [];
  const repealed: string[] = [];
  const seenPoints = new Set(splits.map((s) => s.point));
  for (const [point, data] of Object.entries(points)) {
    const heading = headings.get(point);
    if (heading === undefined) throw new Error(`points.json: п. ${point} is not in the text`);
    if (!norm(heading).includes(norm(data.heading))) throw new Error(`points.json: п. ${point} opens «${heading}», not «${data.heading}»`);
  }
  for (const point of seenPoints) if (!points[point]) throw new Error(`points.json lacks п. ${point}`);
  for (const s of splits) {
    const data = points[s.point]!;
    if (s.letter === null && !data.item) continue;
    // a letter the decree repealed («д) утратил силу. - Постановление …») keeps its place in the list, no requirement
    if (/^утратил силу/i.test(s.text)) {
      repealed.push(`${s.point}:${s.letter}`);
      continue;
    }
    const key = s.letter === null ? s.point : `${s.point}:${s.letter}`;
    held.push(key);
    const id = `2021:${key}`;
    const phrases = terms[id];
    if (!phrases?.length) throw new Error(`terms.json: no phrases for ${id}`);
    const cond = conditions[id] ?? (data.when ? { when: data.when, condition: data.condition! } : undefined);
    if (cond) {
      if (!CONDITIONS.includes(cond.when)) throw new Error(`conditions.json: ${id}: unknown condition «${cond.when}»`);
      const quoted = norm(cond.condition).replace(/…/g, '');
      if (!norm(`${headings.get(s.point)} ${s.text}`).includes(quoted))
        throw new Error(`conditions.json: ${id}: «${cond.condition}» is not the decree's words`);
    }
    const sections = (s.letter && data.letterSections?.[s.letter]) || data.sections;
    const where = `п. ${s.point}${s.letter ? ` подп. «${s.letter}»` : ''}${s.part ? `, ${PART_WORDS[s.part]}` : ''} (стр. ${s.page} из 49)`;
    requirements.push({
      id,
      edition: 'before_2022_09_01',
      objects: data.objects,
      point: s.point,
      letter: s.letter,
      part: s.part,
      sections: [...sections],
      requirement: requirementOf(s.text),
      terms: phrases,
      ...(cond ? { when: cond.when, condition: cond.condition } : {}),
      source: { key: 'pp87-2021', where },
    });
  }
  for (const id of Object.keys(terms))
    if (id.startsWith('2021:') && !requirements.some((r) => r.id === id)) throw new Error(`terms.json: ${id} is no item of the text`);
  for (const id of Object.keys(conditions)) if (!requirements.some((r) => r.id === id)) throw new Error(`conditions.json: ${id} is no item of the text`);
  return { requirements, held, repealed, splits };
}

/**
 * The items of the edition from 01.09.2022, each as its source gives it: a checklist factor must cite its point and
 * letter («пункта 23», «ф_1)») on the page it names; a schema item must be the element the annotation names.
 */
function build2022(): ContentRequirement[] {
  const pages = sourceText('moge-checklists-2026').split('\f').map(norm);
  const xsd = sourceText('minstroy-xsd-pz-01-07');
  return items2022.map((item) => {
    // a schema item has no letter: its element names it («xsd-climate-conditions» for ClimateConditions)
    const element = item.source.where.split('/').pop()!;
    const id = `2022:${item.point}:${item.letter ?? `xsd-${element.replace(/[A-Z]/g, (c, k) => (k ? '-' : '') + c.toLowerCase())}`}`;
    if (item.source.key === 'moge-checklists-2026') {
      const page = Number(/стр\. (\d+)/.exec(item.source.where)?.[1]);
      const text = pages[page - 1];
      if (!text) throw new Error(`items-2022.json: ${id}: no page ${page} in the checklists`);
      // a checklist that lists the letters of its section quotes the letter's opening words (`line`); one that cites the
      // point names it in its justification column
      const cited = item.line
        ? text.includes(norm(`${item.letter}) ${item.line}`))
        : new RegExp(
            String.raw`подпункт\S*\s+${item.letter!.replace(/_/g, '[_ ]?')}\)\s+пункта\s+${item.point}\b|п\.\s*${item.point}\s*\(?${item.letter!.replace(/_/g, '[_ ]?')}\)`,
          ).test(text);
      if (!cited)
        throw new Error(`items-2022.json: ${id}: page ${page} of the checklists has no п. ${item.point} «${item.letter}»${item.line ? ` «${item.line}»` : ''}`);
    } else if (item.source.key === 'minstroy-xsd-pz-01-07') {
      const [type, element] = item.source.where.split('/');
      const block = xsd.split('\n## ').find((b) => b.startsWith(`${type}:`));
      if (!block || !new RegExp(String.raw`^- ${element} \(`, 'm').test(block))
        throw new Error(`items-2022.json: ${id}: the schema has no ${item.source.where}`);
    } else throw new Error(`items-2022.json: ${id}: source ${item.source.key} is not a source of the current edition`);
    if (!item.terms.length) throw new Error(`items-2022.json: ${id}: no terms`);
    if (item.when && !CONDITIONS.includes(item.when)) throw new Error(`items-2022.json: ${id}: unknown condition`);
    const { line: _quote, ...requirement } = item;
    return { id, edition: 'from_2022_09_01', ...requirement };
  });
}

/**
 * Items none of whose phrases is found in the decree's own text of the item, read as the matcher reads a page (each stem
 * begins a word, all stems of a phrase within 8 words): a check of the data, expected only for items that refer to
 * other points («сведения, указанные в подпунктах "з" - "л"… пункта 10»).
 */
function termsMissingOwnText(requirements: readonly ContentRequirement[], splits: readonly Split[]): string[] {
  const words = (t: string) =>
    norm(t)
      .split(/[^а-яa-z0-9-]+/)
      .filter(Boolean);
  const found = (phrase: string, w: string[]) => {
    const stems = phrase.split(' ');
    return w.some((_, i) => stems.every((s) => w.slice(Math.max(0, i - 8), i + 9).some((x) => x.startsWith(s))) && stems.some((s) => w[i]!.startsWith(s)));
  };
  return requirements
    .filter((r) => {
      const split = splits.find((s) => s.point === r.point && s.letter === r.letter)!;
      const w = words(split.text);
      return !r.terms.some((p) => found(p, w));
    })
    .map((r) => r.id);
}

/** Where the draft split differs from this one: letters it lacks or adds, and parts it gives otherwise. */
function draftDifferences(splits: readonly Split[]): string[] {
  const file = join(SOURCES, DRAFT_2021);
  if (!existsSync(file)) return ['no draft split in the sources folder'];
  const draft = JSON.parse(readFileSync(file, 'utf8')) as { paragraphs: { n: string; subs: { letter: string; part: string | null; text: string }[] }[] };
  const out: string[] = [];
  const flat = (t: string) => t.replace(/\s+/g, ' ').trim();
  const ours = new Map<string, Split>(splits.filter((s) => s.letter).map((s) => [`${s.point}:${s.letter}`, s]));
  const theirs = new Map<string, { part: string | null; text: string }>(
    draft.paragraphs.flatMap((p) => p.subs.map((s) => [`${p.n}:${s.letter}`, s] as [string, { part: string | null; text: string }])),
  );
  for (const [k, s] of ours) {
    const t = theirs.get(k);
    if (!t) out.push(`п. ${k}: in the text, not in the draft`);
    else if ((t.part ?? null) !== s.part) out.push(`п. ${k}: part ${s.part} in the text, ${t.part} in the draft`);
    else if (flat(t.text) !== flat(s.text)) {
      const a = flat(s.text);
      const b = flat(t.text);
      let i = 0;
      while (i < a.length && a[i] === b[i]) i++;
      out.push(`п. ${k}: the draft's text goes on after «…${a.slice(Math.max(0, i - 30), i)}» with «${b.slice(i, i + 60)}…»`);
    }
  }
  for (const k of theirs.keys()) if (!ours.has(k)) out.push(`п. ${k}: in the draft, not in the text`);
  return out;
}

const order = (a: ContentRequirement, b: ContentRequirement) =>
  (a.edition < b.edition ? -1 : a.edition > b.edition ? 1 : 0) ||
  cmpPair(pointKey(a.point), pointKey(b.point)) ||
  (a.letter === null ? -1 : 0) - (b.letter === null ? -1 : 0) ||
  (a.letter && b.letter ? cmpPair(letterKey(a.letter), letterKey(b.letter)) : 0) ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const { requirements, held, repealed, splits } = build2021();
const all = [...requirements, ...build2022()].sort(order);
const ids = new Set<string>();
for (const r of all) {
  if (ids.has(r.id)) throw new Error(`two items with the id ${r.id}`);
  ids.add(r.id);
}
const line = (o: unknown) => `  ${JSON.stringify(o)},`;
const text = [
  '// Generated by scripts/build-content-requirements.ts from scripts/content-sources/ and the reading copies of ../shared/domain/sources/',
  '// (npm run content:build). Do not edit: rebuild. Every entry names its source (scripts/content-sources/sources.json) and the place in it.',
  "import type { ContentRequirement } from '../content/types.ts';",
  '',
  '/** The items of ПП РФ № 87: the text of 09.04.2021 split point by point, the current edition as the checklists and the schema give it. */',
  'export const GENERATED_REQUIREMENTS: readonly ContentRequirement[] = [',
  ...all.map(line),
  '];',
  '',
  '/** Every point and letter of п. 10–42 the 2021 text holds, as the split read it («13:б(1)»; a point without letters alone). */',
  `export const POINTS_2021: readonly string[] = ${JSON.stringify(held)};`,
  '',
  '/** Letters of п. 10–42 the 2021 text lists as repealed («утратил силу»): no item. */',
  `export const REPEALED_2021: readonly string[] = ${JSON.stringify(repealed)};`,
  '',
  '/** The sources of the entries (scripts/content-sources/sources.json). */',
  `export const GENERATED_SOURCES: readonly { key: string; title: string; edition: string }[] = ${JSON.stringify(sources.map((s) => ({ key: s.key, title: s.title, edition: s.edition })))};`,
  '',
].join('\n');

writeGenerated(GENERATED, text, 'content:build');
const count = (edition: string) => {
  const out: Record<string, number> = {};
  for (const r of all.filter((x) => x.edition === edition)) for (const s of r.sections) out[`${r.objects} ${s}`] = (out[`${r.objects} ${s}`] ?? 0) + 1;
  return out;
};
console.log(
  JSON.stringify(
    {
      items2021: requirements.length,
      items2022: all.length - requirements.length,
      perSection2021: count('before_2022_09_01'),
      perSection2022: count('from_2022_09_01'),
      termsMissingOwnText: termsMissingOwnText(requirements, splits),
      draftDifferences: draftDifferences(splits),
    },
    null,
    1,
  ),
);
