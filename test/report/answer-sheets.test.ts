/**
 * The answer loop checks the sheet an answer names, end to end: a volume with title blocks reviewed, the designer
 * answers that sheet 2 was corrected, and the corrected edition — sheet 2 changed, sheet 3 the same, sheet 4 added —
 * comes back in the bundle. Publication reads both editions again and compares their sheets; the remark gone from
 * sheet 2 is proposed «снято» with the answer confirmed by the changed sheet.
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
  stamp: n === 1 ? { cipher: '24-017-АР', sheet: 1, sheets: 4, roles: FULL_ROLES } : { cipher: '24-017-АР', sheet: n, short: true },
});
const TITLE = ['ООО «Проектное бюро»', 'Многоквартирный жилой дом', 'Раздел 3. Объемно-планировочные и архитектурные решения', '24-017-АР'];
const PLAN = ['План 1-го этажа. Высота этажа 3,0 м.'];

describe('the answer loop on the sheets of a corrected volume', () => {
  let server: InProcessServer;
  let api: Client;
  let dir: string;
  let norm: any;
  let second: any;

  const round = (pages: PageSpec[], name: string, bundleId: string) =>
    bundleRound(api, { path: join(dir, name), pages, file: '24-017-АР.pdf', kind: 'АР', bundleId });

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'answer-sheets-'));
    server = await startApp({ worker: true });
    const org = await server.createOrg({ checks: 5 });
    api = new Client(server.baseUrl, org.api_key);
    const bundleId = (await api.post('/bundles', { label: 'Дом на Чистопольской' })).json.bundle_id;
    const first = await round([sheet(1, TITLE), sheet(2, ['Снеговая нагрузка принята по СНиП 2.01.07-85*.']), sheet(3, PLAN)], 'round1.pdf', bundleId);
    norm = first.result.findings.find((f: any) => f.check_id === 'norms.superseded' && f.page_refs.some((r: any) => r.sheet === '2'));
    assert.ok(
      norm,
      `a superseded norm on sheet 2: ${first.result.findings.map((f: any) => `${f.check_id} ${f.page_refs.map((r: any) => r.sheet)}`).join('; ')}`,
    );
    await answerRegister(api, first.runId, { [norm.finding_id]: { answer: 'Ссылка заменена на СП 20.13330.2016', sheet: '2' } });
    second = await round(
      [sheet(1, TITLE), sheet(2, ['Снеговая нагрузка принята по СП 20.13330.2016.']), sheet(3, PLAN), sheet(4, ['План кровли.'])],
      'round2.pdf',
      bundleId,
    );
  });
  after(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('both editions read again: sheet 2 changed, 1 and 3 the same, 4 added', () => {
    const [ar] = second.result.revision.documents;
    assert.equal(ar.status, 'corrected');
    assert.deepEqual(ar.sheets, { changed: ['2'], unchanged: ['1', '3'], added: ['4'], removed: [] });
  });

  test('the remark gone from the sheet the answer names is «снято», the answer confirmed by the changed sheet', () => {
    const p = second.result.revision.answers.proposals.find((x: any) => x.previous_finding_id === norm.finding_id);
    assert.equal(p.proposal, 'closed');
    const why = p.reasons.join(' ');
    assert.match(why, /Том 24-017-АР представлен в новой редакции: лист 2 изменён\./);
    assert.match(why, /Ответ подтверждается: названный лист изменён/);
  });
});
