/**
 * The answer loop checks the norm an answer names, end to end: a volume citing two superseded norms is reviewed, the
 * designer answers both were replaced, and the corrected edition comes back in the bundle with one replaced (sheet 2:
 * СП 30.13330.2020 instead of СНиП 2.04.01-85*) and the other still cited (sheet 3: СНиП 2.01.07-85*). Publication
 * reads the volume again with the review's norm parser; the remark whose norm was replaced is proposed «снято» with the
 * sheet where the new norm stands, the other «не снято» with the sheet where the old one still does.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApp, type InProcessServer } from '../helpers/app.ts';
import { bundleRound } from '../helpers/bundle-round.ts';
import { Client } from '../helpers/client.ts';
import { FULL_ROLES, type PageSpec } from '../review/fixtures.ts';
import { answerRegister } from '../feedback/designer-register.ts';

const sheet = (n: number, lines: string[]): PageSpec => ({
  lines,
  stamp: n === 1 ? { cipher: '24-017-ИОС2', sheet: 1, sheets: 3, roles: FULL_ROLES } : { cipher: '24-017-ИОС2', sheet: n, short: true },
});
const TITLE = ['ООО «Проектное бюро»', 'Многоквартирный жилой дом', 'Подраздел 2. Система водоснабжения', '24-017-ИОС2'];

describe('the answer loop on the norms an answer names', () => {
  let server: InProcessServer;
  let api: Client;
  let dir: string;
  let water: any;
  let snow: any;
  let second: any;

  const round = (pages: PageSpec[], name: string, bundleId: string) =>
    bundleRound(api, { path: join(dir, name), pages, file: '24-017-ИОС2.pdf', kind: 'ИОС2', bundleId });
  const superseded = (result: any, norm: RegExp) =>
    result.findings.find((f: any) => f.check_id === 'norms.superseded' && norm.test(f.essence + f.evidence_text));

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'answer-norms-'));
    server = await startApp({ worker: true });
    const org = await server.createOrg({ checks: 5 });
    api = new Client(server.baseUrl, org.api_key);
    const bundleId = (await api.post('/bundles', { label: 'Дом на Чистопольской' })).json.bundle_id;
    const first = await round(
      [
        sheet(1, TITLE),
        sheet(2, ['Внутренний водопровод запроектирован по СНиП 2.04.01-85*.']),
        sheet(3, ['Снеговая нагрузка на кровлю принята по СНиП 2.01.07-85*.']),
      ],
      'round1.pdf',
      bundleId,
    );
    water = superseded(first.result, /2\.04\.01/);
    snow = superseded(first.result, /2\.01\.07/);
    assert.ok(water && snow, `both superseded norms found: ${first.result.findings.map((f: any) => `${f.check_id}: ${f.essence}`).join('; ')}`);
    // answered in the designer's register, without naming a sheet: the norms alone are checked
    await answerRegister(api, first.runId, {
      [water.finding_id]: { answer: 'Ссылка на СНиП 2.04.01-85* заменена на СП 30.13330.2020' },
      [snow.finding_id]: { answer: 'СНиП 2.01.07-85* заменён на СП 20.13330.2016' },
    });
    second = await round(
      [
        sheet(1, TITLE),
        sheet(2, ['Внутренний водопровод запроектирован по СП 30.13330.2020.']),
        sheet(3, ['Снеговая нагрузка на кровлю принята по СНиП 2.01.07-85*. Уточнено.']),
      ],
      'round2.pdf',
      bundleId,
    );
  });
  after(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('the volume read again: the norms it cites, where, and the one only its previous edition cited', () => {
    const [doc] = second.result.revision.documents;
    assert.equal(doc.status, 'corrected');
    const cited = doc.norms.cited.map((c: any) => `${c.key} ${c.year} ${c.places.map((p: any) => p.sheet).join(',')}`);
    assert.ok(cited.includes('СП 30.13330 2020 2'), cited.join('; '));
    assert.ok(cited.includes('СНИП 2.01.07 1985 3'), cited.join('; '));
    assert.deepEqual(
      doc.norms.dropped.map((n: any) => n.key),
      ['СНИП 2.04.01'],
    );
  });

  test('the norm replaced as the answer says: «снято», the sheet where the new one is cited', () => {
    const p = second.result.revision.answers.proposals.find((x: any) => x.previous_finding_id === water.finding_id);
    assert.equal(p.proposal, 'closed');
    const why = p.reasons.join(' ');
    assert.match(why, /СНиП 2\.04\.01-85\* в томе 24-017-ИОС2 больше не приводится\./);
    assert.match(why, /СП 30\.13330\.2020 приводится в томе 24-017-ИОС2: лист 2 \(с\. 2\)\./);
  });

  test('the norm the answer says was replaced is still cited: «не снято», the sheet where it stands', () => {
    const p = second.result.revision.answers.proposals.find((x: any) => x.previous_finding_id === snow.finding_id);
    assert.equal(p.proposal, 'not_closed');
    const why = p.reasons.join(' ');
    assert.match(why, /СНиП 2\.01\.07-85\* в томе 24-017-ИОС2 по-прежнему приводится: лист 3 \(с\. 3\)\./);
    assert.match(why, /СП 20\.13330\.2016 в томе 24-017-ИОС2 не приводится\./, 'the registry names the replacement, the volume does not cite it');
  });
});
