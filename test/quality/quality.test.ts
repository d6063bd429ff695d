/**
 * Quality of the review engine on generated sets: recall of every check on planted defects and false positives on clean
 * sets and on sets where a check has nothing planted. Prints the table (and keeps it in .tmp/quality-report.json).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { reviewSet } from '../../src/review/engine.ts';
import { loadConfig, readingSettingsOf } from '../../src/config.ts';
import { generateSet } from '../generator/generate.ts';
import { CHECK_IDS, type GeneratedSet } from '../generator/types.ts';
import { convertAll, sofficeAvailable } from './convert.ts';
import { formatReport, measure, type QualityReport, type ReviewedSet } from './measure.ts';
import { qualityPlan } from './plan.ts';
import { reviewInput } from './review-input.ts';

const MIN_RECALL = 0.95;
/** QUALITY_SEED=<n> measures on other seeds than the default 1000, to see whether results hold beyond the usual sets. */
const SEED_BASE = Number(process.env.QUALITY_SEED ?? 1000);
let root = '';
let report: QualityReport;
const failures: string[] = [];

describe('review quality on generated documentation sets', { timeout: 20 * 60_000 }, () => {
  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'drs-quality-'));
    const plan = qualityPlan(SEED_BASE);
    const generated: { id: string; clean: boolean; dir: string; set: GeneratedSet; hasXml: boolean }[] = [];
    for (const p of plan) {
      const dir = join(root, p.id);
      const set = await generateSet(p.spec, dir);
      generated.push({ id: p.id, clean: p.clean, dir, set, hasXml: set.files.some((f) => f.format === 'xml') });
    }
    const docx = generated.flatMap((g) => g.set.files.filter((f) => f.format === 'docx').map((f) => ({ path: f.path, outDir: g.dir })));
    const pdfs = sofficeAvailable() ? await convertAll(docx) : new Map<string, string>();
    const runs: ReviewedSet[] = [];
    for (const g of generated) {
      const workDir = join(g.dir, 'work');
      await mkdir(workDir, { recursive: true });
      const input = reviewInput(g.set, workDir, (path) => pdfs.get(path) ?? null);
      // A set the engine cannot review counts as all its defects missed, and is reported.
      const outcome = await reviewSet(input, undefined, readingSettingsOf(loadConfig())).catch((err: unknown) => {
        failures.push(`${g.id}: ${err instanceof Error ? err.message : String(err)}`);
        return { findings: [], questions: [], warnings: [], reference_problems: [], usage: { pages_read: 0, characters_read: 0, ocr_pages: 0, seconds: 0 } };
      });
      runs.push({ id: g.id, clean: g.clean, hasXml: g.hasXml, planted: g.set.planted, input, outcome });
    }
    report = measure(runs);
    console.log(`seed base ${SEED_BASE}; LibreOffice conversion: ${pdfs.size ? 'yes' : 'no (DOCX read as OOXML)'}\n${formatReport(report)}`);
    // QUALITY_REPORT moves the report (a second measurement running beside this one keeps its own)
    const reportPath = process.env.QUALITY_REPORT ?? join('.tmp', 'quality-report.json');
    await mkdir(dirname(reportPath), { recursive: true });
    await writeFile(reportPath, JSON.stringify(report, null, 2));
  });

  after(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  test('the engine reviews every set', () => {
    assert.deepEqual(failures, []);
  });

  test('every check id is planted at least six times', () => {
    for (const r of report.rows) assert.ok(r.planted >= 6, `${r.check}: ${r.planted} planted`);
  });

  test('clean sets produce no findings and no questions', () => {
    const fps = report.falsePositives.filter((f) => f.set.startsWith('clean-'));
    assert.equal(report.findingsOnCleanSets + report.questionsOnCleanSets, 0, fps.map((f) => `${f.set} ${f.check}: ${f.essence}`).join('\n'));
  });

  for (const check of CHECK_IDS) {
    test(`${check}: recall ≥ ${MIN_RECALL}`, () => {
      const r = report.rows.find((x) => x.check === check);
      assert.ok(r);
      assert.ok(
        r.recall >= MIN_RECALL,
        `${check}: ${r.detected}/${r.planted}\n${r.misses.map((m) => `${m.set} ${m.doc} p.${m.page}: ${m.detail}${m.firedElsewhere ? ' (fired elsewhere)' : ''}`).join('\n')}`,
      );
    });
  }
});
