/**
 * The volume citing thirty outdated norms (outdated-norms.ts), reviewed as an upload is: every one whose status the
 * registry has verified is reported as a finding (27 of the 30), none of the current norms it cites is called outdated or
 * nonexistent, and the three whose cancellation no source at hand states (СанПиН 2.2.1/2.1.1.1076-01, 2.1.2.2645-10,
 * 2.2.4.548-96) are named in the one warning of unconfirmed replacements rather than accused. Since registry 2026-12.3
 * СНиП 2.04.05-91* (the preface of СНиП 41-01-2003) and ГОСТ Р 21.1101-2009 (a list, and its next edition's existence) are
 * reported too.
 */
import { NO_SCHEMAS } from '../helpers/fixtures.ts';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { guessKind } from '../../src/ingest/index.ts';
import { DOCSET_ITEMS } from '../../src/kernel/docset.ts';
import { reviewSet } from '../../src/review/engine.ts';
import { loadConfig, readingSettingsOf } from '../../src/config.ts';
import { findNormRefs, prepareForNorms } from '../../src/review/norms/matcher.ts';
import { writePdf } from '../review/fixtures.ts';
import { CURRENT, OUTDATED, outdatedNormsVolume } from './outdated-norms.ts';

let root = '';
before(async () => {
  root = await mkdtemp(join(tmpdir(), 'drs-outdated-'));
});
after(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

/** The norm a finding's essence names first: «… документ СП 1.13130.2009 …». */
const keyOf = (text: string) => {
  const r = findNormRefs(prepareForNorms(text))[0];
  return r ? `${r.key}|${r.year}` : text;
};

test('thirty outdated norms: the 27 the registry verifies reported, the other three said in the warning, no current norm called outdated', {
  timeout: 120_000,
}, async () => {
  const path = join(root, '77-25-ПЗ.pdf');
  const pages = outdatedNormsVolume();
  await writePdf(path, pages);
  const first = pages[0]!.lines.map((l) => (typeof l === 'string' ? l : l.map((c) => c.text).join(' '))).join('\n');
  const outcome = await reviewSet(
    {
      documents: [
        {
          index: 1,
          name: '77-25-ПЗ.pdf',
          kind: guessKind('77-25-ПЗ.pdf', first),
          role: 'review',
          format: 'pdf',
          path,
          pdfPath: path,
          pages: pages.length,
          pageFrom: 1,
        },
      ],
      objectAddress: null,
      userRequest: null,
      profile: DOCSET_ITEMS.filter((it) => it.code === 'ПЗ').map((it) => ({ code: it.code, title: it.title, required: true })),
      workDir: join(root, 'work'),
    },
    undefined,
    { ...readingSettingsOf(loadConfig()), xsdDir: NO_SCHEMAS },
  );
  const norms = outcome.findings.filter((f) => f.check_id === 'norms.superseded' || f.check_id === 'norms.nonexistent');
  const named = new Set(norms.map((f) => keyOf(f.essence.replace(/^[^А-Я]*[^ ]* /, '').replace(/^.*?(?:документ|документа) /, ''))));
  const reported = OUTDATED.filter((o) => named.has(keyOf(o.cited)));
  const missed = OUTDATED.filter((o) => !named.has(keyOf(o.cited))).map((o) => o.cited);
  const wrong = CURRENT.filter((c) => named.has(keyOf(c)));
  const unconfirmed = outcome.warnings.find((w) => w.code === 'norms_unconfirmed')?.message ?? '';
  console.log(
    JSON.stringify({ reported: reported.length, of: OUTDATED.length, missed, wrong, significant: norms.filter((f) => f.importance === 'significant').length }),
  );
  assert.deepEqual(wrong, [], 'current norms called outdated or nonexistent');
  assert.ok(reported.length >= 27, `reported ${reported.length} of 30; missed: ${missed.join(', ')}`);
  // what is missed is at least said: named in the warning of unconfirmed replacements
  for (const m of missed) assert.ok(unconfirmed.includes(m.replace(/\*$/, '')), `${m} is neither reported nor named in the warning`);
});
