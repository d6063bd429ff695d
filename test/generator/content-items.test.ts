/**
 * The content items of the Положение in generated sets, read back by the review engine: a clean set discloses every
 * item of each volume (nothing asked, nothing reported), an item taken out is asked about or reported as the planted
 * defect says, and the traps — the item in other words, as a drawing's title, in a table — are found, not asked about.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReviewOutcome } from '../../src/kernel/result.ts';
import { loadConfig, readingSettingsOf } from '../../src/config.ts';
import { reviewSet } from '../../src/review/engine.ts';
import type { ReviewInput } from '../../src/review/types.ts';
import { reviewInput } from '../quality/review-input.ts';
import { detected } from '../quality/measure.ts';
import { generateSet } from './generate.ts';
import { DEFECTS } from './defects/index.ts';
import type { ContentTrap, GeneratedSet, SetSpec } from './types.ts';

const XSD_DIR = fileURLToPath(new URL('../fixtures/xsd/', import.meta.url));

async function reviewed(spec: SetSpec): Promise<{ set: GeneratedSet; input: ReviewInput; outcome: ReviewOutcome; index: (name: string) => number }> {
  const dir = await mkdtemp(join(tmpdir(), 'drs-gen-content-'));
  try {
    const set = await generateSet(spec, join(dir, 'set'));
    await mkdir(join(dir, 'work'), { recursive: true });
    const input = reviewInput(set, join(dir, 'work'), () => null);
    const outcome = await reviewSet(input, undefined, { ...readingSettingsOf(loadConfig()), xsdDir: XSD_DIR });
    const index = (name: string) => input.documents.find((d) => d.name === name)!.index;
    return { set, input, outcome, index };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const notFound = (o: ReviewOutcome) =>
  (o.content_map ?? []).flatMap((v) => v.items.filter((i) => i.status === 'not_found').map((i) => `${v.section} ${i.id}: ${i.requirement}`));
const contentFindings = (o: ReviewOutcome) => o.findings.filter((f) => f.check_id === 'content.items_missing');
const contentQuestions = (o: ReviewOutcome) => o.questions.filter((q) => /Положением о составе разделов/.test(q.text));

// the current edition (the generator's own years) and the former one (a set dated 2021)
for (const year of [undefined, 2021]) {
  test(`a clean set${year ? ` dated ${year}` : ''} discloses every item of its volumes: none asked about, none reported`, async () => {
    const { outcome } = await reviewed({ seed: 61, formats: ['pdf', 'docx'], defects: [], withXmlNote: true, ...(year ? { year } : {}) });
    assert.deepEqual(notFound(outcome), []);
    assert.deepEqual(contentFindings(outcome), []);
    assert.deepEqual(contentQuestions(outcome), []);
    // the former edition's items are known for its sections: the maps were made and found something
    if (year)
      assert.ok(
        (outcome.content_map ?? []).some((v) => v.counts.found > 0),
        'no content map with a found item',
      );
  });
}

for (let variant = 0; variant < DEFECTS['content.items_missing'].variants; variant++) {
  for (const format of ['pdf', 'docx'] as const) {
    test(`an item taken out of a volume (variant ${variant}, ${format}) is raised as planted, nothing else is`, async () => {
      const { set, input, outcome, index } = await reviewed({
        seed: 70 + variant,
        formats: [format],
        defects: [{ kind: 'content.items_missing', variant, format }],
      });
      const d = set.planted[0]!;
      const planted = d.contentItem;
      assert.ok(planted, 'a content item planted');
      const volume = (outcome.content_map ?? []).find((v) => v.doc_index === index(d.docName));
      const item = volume?.items.find((i) => i.id === planted.id);
      assert.equal(item?.status, 'not_found', `${d.detail}: ${item?.status} (${item?.evidence})`);
      assert.equal(item?.raised?.kind, planted.raised, d.detail);
      assert.deepEqual(notFound(outcome), [`${volume!.section} ${planted.id}: ${item!.requirement}`]);
      // the quality measurement counts it detected
      assert.ok(detected(d, { id: 'content', clean: false, hasXml: false, planted: set.planted, input, outcome }));
    });
  }
}

const EVIDENCE: Record<ContentTrap, string[]> = {
  content_other_words: ['heading'],
  content_drawing: ['drawings', 'contents'],
  content_table: ['text', 'heading'],
};

for (const trap of Object.keys(EVIDENCE) as ContentTrap[]) {
  test(`trap ${trap}: the item disclosed otherwise is found, not asked about`, async () => {
    const { set, outcome, index } = await reviewed({ seed: 80, formats: ['pdf', 'docx'], defects: [], year: 2021, traps: [trap] });
    assert.equal(set.contentTraps.length, 1, 'the trap is set');
    const [t] = set.contentTraps;
    const item = (outcome.content_map ?? []).find((v) => v.doc_index === index(t!.docName))?.items.find((i) => i.id === t!.item);
    assert.equal(item?.status, 'found');
    assert.ok(EVIDENCE[trap].includes(item!.evidence_kind!), `${t!.item} found by ${item!.evidence_kind}: ${item!.evidence}`);
    assert.deepEqual(notFound(outcome), []);
    assert.deepEqual(contentQuestions(outcome), []);
  });
}
