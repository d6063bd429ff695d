/**
 * The review on hand-written hold-out sets (holdout-sets.ts): every expected finding and question is published on
 * its document and page, and nothing else is — a clean set gets no finding at all. Documents are classified as the
 * pipeline does (guessKind from the file name and first page), so the sets go through the same path as an upload.
 */
import { NO_SCHEMAS } from '../helpers/fixtures.ts';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Finding, ReviewOutcome } from '../../src/kernel/result.ts';
import { guessKind } from '../../src/ingest/index.ts';
import { DOCSET_ITEMS } from '../../src/kernel/docset.ts';
import { reviewSet } from '../../src/review/engine.ts';
import { loadConfig, readingSettingsOf } from '../../src/config.ts';
import type { ReviewDocument, ReviewInput } from '../../src/review/types.ts';
import { writePdf } from '../review/fixtures.ts';
import { HOLDOUT_SETS, type Expected, type HoldoutSet } from './holdout-sets.ts';

let root = '';

async function review(set: HoldoutSet): Promise<{ input: ReviewInput; outcome: ReviewOutcome }> {
  const dir = await mkdtemp(join(root, `${set.id}-`));
  const documents: ReviewDocument[] = [];
  let pageFrom = 1;
  for (const [i, d] of set.docs.entries()) {
    const path = join(dir, d.name);
    if (d.xml !== undefined) {
      await writeFile(path, d.xml);
      documents.push({ index: i + 1, name: d.name, kind: null, role: 'review', format: 'xml', path, pdfPath: null, pages: null, pageFrom: null });
      continue;
    }
    const pages = d.pages ?? [];
    await writePdf(path, pages);
    const first = pages[0]?.lines.map((l) => (typeof l === 'string' ? l : l.map((c) => c.text).join(' '))).join('\n') ?? '';
    documents.push({
      index: i + 1,
      name: d.name,
      kind: guessKind(d.name, first),
      role: d.role ?? 'review',
      format: 'pdf',
      path,
      pdfPath: path,
      pages: pages.length,
      pageFrom,
    });
    pageFrom += pages.length;
  }
  const profile = DOCSET_ITEMS.filter((it) => set.profile.includes(it.code)).map((it) => ({ code: it.code, title: it.title, required: true }));
  const input: ReviewInput = { documents, objectAddress: set.objectAddress, userRequest: set.userRequest, profile, workDir: join(dir, 'work') };
  // hand-written XML notes, not written to the official schemas: read with a schema folder that holds none
  return { input, outcome: await reviewSet(input, undefined, { ...readingSettingsOf(loadConfig()), xsdDir: NO_SCHEMAS }) };
}

function matches(f: Finding, e: Expected, input: ReviewInput): boolean {
  if (f.check_id !== e.check) return false;
  if (e.says && !f.essence.includes(e.says)) return false;
  if (e.doc === undefined) return true;
  const doc = input.documents.find((d) => d.name === e.doc);
  return !!doc && f.page_refs.some((r) => r.doc_index === doc.index && (e.page === undefined || r.doc_page === e.page));
}

const describeFinding = (f: Finding) => `${f.check_id} [${f.section}] ${f.essence} (${f.page_refs.map((r) => r.label).join('; ')})`;

describe('review on hand-written hold-out sets', { timeout: 5 * 60_000 }, () => {
  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'drs-holdout-'));
  });
  after(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  for (const set of HOLDOUT_SETS) {
    const said = set.findings.length ? `${set.findings.length} expected findings, no others` : 'no finding';
    test(`${set.id}: ${said}, ${set.questions.length ? `questions on ${set.questions.join(', ')}` : 'no question'}`, async () => {
      const { input, outcome } = await review(set);
      const missed = set.findings.filter((e) => !outcome.findings.some((f) => matches(f, e, input)));
      const extra = outcome.findings.filter((f) => !set.findings.some((e) => matches(f, e, input)));
      assert.deepEqual(missed, [], `expected findings not published:\n${JSON.stringify(missed, null, 1)}`);
      assert.deepEqual(extra.map(describeFinding), [], 'findings nobody planted');
      assert.deepEqual(outcome.questions.map((q) => q.section).sort(), [...set.questions].sort());
      // set_model is on every result: the hold-out holds the other warnings
      const codes = outcome.warnings.map((w) => w.code).filter((c) => c !== 'set_model');
      assert.deepEqual(codes, set.warnings ?? [], outcome.warnings.map((w) => w.message).join('\n'));
    });
  }
});
