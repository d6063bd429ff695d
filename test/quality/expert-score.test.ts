import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type Matches, type RunResult, scoreObject } from './expert-score.ts';
import type { ExpertObject } from './real-corpus.ts';

// tests run from the checkout; the expert's remarks sit beside it, outside the project
const REMARKS = resolve('../shared/quality/expert-remarks.json');
const matches = async () => JSON.parse(await readFile(new URL('./expert-matches.json', import.meta.url), 'utf8')) as Matches;

test('every remark and trap the expert wrote is read by expert-matches.json, and it reads nothing else', {
  skip: !existsSync(REMARKS) && 'no ../shared/quality',
}, async () => {
  const expert = JSON.parse(await readFile(REMARKS, 'utf8')) as { objects: ExpertObject[] };
  const m = await matches();
  const remarks = expert.objects.flatMap((o) => o.remarks.map((r) => r.id)).sort();
  const traps = expert.objects.flatMap((o) => o.traps.map((t) => t.id)).sort();
  assert.deepEqual(Object.keys(m.remarks).sort(), remarks);
  assert.deepEqual(Object.keys(m.traps).sort(), traps);
  for (const alternatives of [...Object.values(m.remarks), ...Object.values(m.traps)])
    for (const a of alternatives) for (const s of [a.check, a.text]) if (s) new RegExp(s, 'iu');
});

const result: RunResult = {
  documents: [
    { index: 1, name: 'Раздел ПД №9 ПБ.pdf' },
    { index: 2, name: 'Раздел ПД №8 ООС.pdf' },
  ],
  findings: [
    {
      check_id: 'norms.superseded',
      importance: 'significant',
      essence: 'Ссылка на недействующий нормативный документ СНиП 23-03-2003: он заменён.',
      evidence_text: 'с. 3: «… СП 51.13330.2011 …»',
      page_refs: [{ doc_index: 2, doc_page: 3 } as RunResult['findings'][number]['page_refs'][number]],
    },
  ],
  questions: [{ text: 'Где климатический район?', reason: '' }],
  warnings: [{ code: 'norms_unconfirmed', message: 'СНиП 11-01-95 — по непроверенным сведениям отменён', doc_index: 2 }],
};
const object = {
  id: 'o',
  remarks: [
    { id: 'noise', remark: '' },
    { id: 'noise-elsewhere', remark: '' },
    { id: 'district', remark: '' },
    { id: 'old-snip', remark: '' },
    { id: 'quoted', remark: '' },
  ],
  traps: [
    { id: 'current', not_a_remark: '' },
    { id: 'minor-only', not_a_remark: '' },
  ],
};

test('a remark is found by the check, the words of the essence and the document; a trap breaks on a finding of its importances', () => {
  const m: Matches = {
    remarks: {
      noise: [{ check: '^norms', text: 'СНиП 23-03-2003', doc: 'ООС' }],
      'noise-elsewhere': [{ check: '^norms', text: 'СНиП 23-03-2003', doc: 'ПБ' }],
      district: [{ kind: 'question', text: 'климатическ' }],
      'old-snip': [{ kind: 'warning', text: 'СНиП 11-01-95' }],
      // the evidence quotes the page and is not read
      quoted: [{ text: 'СП 51\\.13330' }],
    },
    traps: { current: [{ check: 'norms', text: '23-03' }], 'minor-only': [{ check: 'norms', importance: ['minor'] }] },
  };
  const s = scoreObject(object, result, m);
  assert.deepEqual(
    s.remarks.map((r) => [r.id, r.found.length > 0]),
    [
      ['noise', true],
      ['noise-elsewhere', false],
      ['district', true],
      ['old-snip', true],
      ['quoted', false],
    ],
  );
  assert.deepEqual(
    s.traps.map((t) => [t.id, t.broken]),
    [
      ['current', ['F1 norms.superseded']],
      ['minor-only', []],
    ],
  );
});

test('a remark the matches do not read is an error, not a miss', () => {
  assert.throws(() => scoreObject(object, result, { remarks: {}, traps: {} }), /does not read noise/);
});
