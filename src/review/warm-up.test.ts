import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reviewSample, warmUpReview } from './warm-up.ts';

test('the warm-up sample goes through every step a real page does: title blocks, each kind of fact, the checks', () => {
  const { docs, outcome } = reviewSample();
  const [pz] = docs;
  assert.equal(pz!.pagesRead, 40);
  assert.equal(pz!.stamps.length, 40);
  assert.deepEqual([pz!.stamps[6]!.sheet, pz!.stamps[6]!.sheets, pz!.stamps[6]!.roles['Н. контр.']], [7, 40, 'filled']);
  assert.equal(pz!.cipher?.cipher, '24-101-ПЗ');
  assert.ok(pz!.norms.size > 0 && pz!.values.length > 0 && pz!.addresses.length > 0 && pz!.cadastral.length > 0);
  assert.ok(pz!.sheetRefs.length > 0 && pz!.cipherRefs.length > 0 && pz!.objectNames.length > 0);
  // the finders of loads, issued documents, bounds and heights run on it too: their expressions are compiled before a review
  assert.ok(pz!.resources.length >= 3 && pz!.techConditions.length > 0 && pz!.gpzu.length > 0 && pz!.requirements.length > 0, JSON.stringify(pz!.requirements));
  assert.ok(
    pz!.values.some((v) => v.kind === 'fire_height'),
    JSON.stringify(pz!.values.map((v) => v.kind)),
  );
  // the sample's СНиП, whose replacement the registry holds unconfirmed, is named in a warning: the checks ran on what was read
  assert.ok(
    outcome.warnings.some((w) => w.code === 'norms_unconfirmed' && /СНиП 21-01-97/.test(w.message)),
    JSON.stringify(outcome.warnings),
  );
});

test('warming up happens once per process and never fails', async () => {
  const first = warmUpReview({ tesseractBin: 'tesseract' });
  assert.equal(warmUpReview({ tesseractBin: 'tesseract' }), first);
  await first;
});
