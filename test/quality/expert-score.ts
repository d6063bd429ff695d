/**
 * Scores runs of the expert's objects (real-corpus-run.ts --expert) against what the state expert wrote: per object,
 * the remarks found of those written and the traps held, by the project's reading of each remark (expert-matches.json).
 *
 *   node --import tsx test/quality/expert-score.ts --results /work/corpus/out-expert [--remarks ../shared/quality/expert-remarks.json] [--list]
 *
 * --list also prints each remark and trap with what matched it, so a changed figure can be read back to its finding.
 */
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Finding, Question, ResultWarning } from '../../src/kernel/result.ts';
import type { ExpertObject } from './real-corpus.ts';

/** One way a result's item says what a remark says (or what a trap forbids). */
export interface Alternative {
  kind?: 'finding' | 'question' | 'warning';
  check?: string;
  text?: string;
  doc?: string;
  importance?: string[];
}

export interface Matches {
  remarks: Record<string, Alternative[]>;
  traps: Record<string, Alternative[]>;
}

/** What scoring reads of a run's result.json. */
export interface RunResult {
  documents: { index: number; name: string }[];
  findings: Pick<Finding, 'check_id' | 'importance' | 'essence' | 'evidence_text' | 'page_refs'>[];
  questions: Pick<Question, 'text' | 'reason'>[];
  warnings: Pick<ResultWarning, 'code' | 'message' | 'doc_index'>[];
}

interface Item {
  kind: 'finding' | 'question' | 'warning';
  check: string;
  importance: string | null;
  words: string;
  docs: string[];
  /** How the item is shown in --list. */
  label: string;
}

function itemsOf(r: RunResult): Item[] {
  const name = (i: number | undefined) => (i ? (r.documents.find((d) => d.index === i)?.name ?? '') : '');
  return [
    ...r.findings.map((f, k) => ({
      kind: 'finding' as const,
      check: f.check_id,
      importance: f.importance,
      // the essence says what the finding is; its evidence quotes the page, which may name other norms or figures
      words: f.essence,
      docs: [...new Set(f.page_refs.map((p) => name(p.doc_index)))],
      label: `F${k + 1} ${f.check_id}`,
    })),
    ...r.questions.map((q, k) => ({ kind: 'question' as const, check: '', importance: null, words: `${q.text}\n${q.reason}`, docs: [], label: `Q${k + 1}` })),
    ...r.warnings.map((w) => ({
      kind: 'warning' as const,
      check: w.code,
      importance: null,
      words: w.message,
      docs: w.doc_index ? [name(w.doc_index)] : [],
      label: `W ${w.code}`,
    })),
  ];
}

const rx = (s: string) => new RegExp(s, 'iu');

function matches(a: Alternative, item: Item): boolean {
  if ((a.kind ?? 'finding') !== item.kind) return false;
  if (a.check && !rx(a.check).test(item.check)) return false;
  if (a.text && !rx(a.text).test(item.words)) return false;
  if (a.doc && !item.docs.some((d) => d.includes(a.doc!))) return false;
  if (a.importance && !a.importance.includes(item.importance ?? '')) return false;
  return true;
}

/** The items of a result one of the alternatives matches. */
function matched(alternatives: Alternative[], items: Item[]): Item[] {
  return items.filter((item) => alternatives.some((a) => matches(a, item)));
}

export interface ObjectScore {
  id: string;
  remarks: { id: string; found: string[] }[];
  traps: { id: string; broken: string[] }[];
}

/** Scores one object's result; an id the matches do not know is an error, so a new remark is never silently missed. */
export function scoreObject(object: Pick<ExpertObject, 'id' | 'remarks' | 'traps'>, result: RunResult, m: Matches): ObjectScore {
  const items = itemsOf(result);
  const known = (table: Record<string, Alternative[]>, id: string) => {
    const a = table[id];
    if (!a) throw new Error(`expert-matches.json does not read ${id}`);
    return a;
  };
  return {
    id: object.id,
    remarks: object.remarks.map((r) => ({ id: r.id, found: matched(known(m.remarks, r.id), items).map((i) => i.label) })),
    traps: object.traps.map((t) => ({ id: t.id, broken: matched(known(m.traps, t.id), items).map((i) => i.label) })),
  };
}

/** «17 / 26 (65 %)». */
export const share = (n: number, of: number) => `${n} / ${of}${of ? ` (${Math.round((100 * n) / of)} %)` : ''}`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values: args } = parseArgs({
    options: {
      results: { type: 'string' },
      remarks: { type: 'string', default: resolve(import.meta.dirname, '../../../shared/quality/expert-remarks.json') },
      list: { type: 'boolean', default: false },
    },
  });
  if (!args.results) {
    console.error('usage: expert-score.ts --results <folder of <object>/result.json> [--remarks <expert-remarks.json>] [--list]');
    process.exit(2);
  }
  const expert = JSON.parse(await readFile(args.remarks!, 'utf8')) as { objects: ExpertObject[] };
  const m = JSON.parse(await readFile(join(import.meta.dirname, 'expert-matches.json'), 'utf8')) as Matches;
  let found = 0;
  let written = 0;
  let held = 0;
  let traps = 0;
  console.log('| object | remarks found | traps held |\n|---|---|---|');
  const lists: string[] = [];
  for (const o of expert.objects) {
    const file = join(resolve(args.results), o.id, 'result.json');
    if (!existsSync(file)) {
      console.log(`| ${o.id} | not run | — |`);
      continue;
    }
    const s = scoreObject(o, JSON.parse(await readFile(file, 'utf8')) as RunResult, m);
    const f = s.remarks.filter((r) => r.found.length).length;
    const h = s.traps.filter((t) => !t.broken.length).length;
    found += f;
    written += s.remarks.length;
    held += h;
    traps += s.traps.length;
    console.log(`| ${o.id} | ${share(f, s.remarks.length)} | ${share(h, s.traps.length)} |`);
    lists.push(
      `${o.id}:`,
      ...s.remarks.map((r) => `  ${r.found.length ? '+' : '-'} ${r.id}${r.found.length ? ` ← ${r.found.join(', ')}` : ''}`),
      ...s.traps.map((t) => `  ${t.broken.length ? '✗' : '✓'} ${t.id}${t.broken.length ? ` ← ${t.broken.join(', ')}` : ''}`),
    );
  }
  console.log(`| **all** | **${share(found, written)}** | **${share(held, traps)}** |`);
  if (args.list) console.log(`\n${lists.join('\n')}`);
}
