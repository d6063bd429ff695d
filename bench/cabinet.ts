/**
 * Cabinet benchmark, three parts (`--only runs-page|pictures|register`; all by default, one JSON line each):
 *
 * runs-page — server time of the runs page (GET /cabinet/runs?limit=200, what the list view loads) for an
 * organization with 200 finished runs of 12 documents and 60 findings each, against GET /api/v1/runs?limit=200 on
 * the same data in the same run (the baseline: same runs and documents, no counts of findings). Server time is the
 * request time the server logs for each request (Fastify's reply.elapsedTime; successful reads are logged at debug,
 * src/http/request-log.ts, so the server runs with LOG_LEVEL=debug).
 *
 * pictures — the findings screen up to its first picture, as the cabinet loads it (GET /runs/{id} and /features,
 * then /findings and /feedback, then the picture of the first cited page): on a cold cache (a run whose pictures
 * were never drawn: the page rendered in a child) and warm (the same screen again: the stored picture). Baselines
 * of the same run: the same page drawn by the same renderer called directly (the cold picture's own work), and
 * GET /runs/{id} (for the warm picture).
 *
 * register — the register of remarks (XLSX and DOCX) of a 1,000-finding run through the API, against GET
 * /runs/{id}/findings of the same run (the same findings as JSON) and against the same register written in this
 * process. The delay of the API's event loop (perf_hooks.monitorEventLoopDelay, 10 ms resolution) is recorded
 * during each: the API writes the register in a child (isolation/register-build.ts), so its loop should stay free.
 * The API runs in this process (test/helpers/app.ts, children as `drs serve` has them) so that its loop is measured.
 *
 * Usage: node --import tsx bench/cabinet.ts [--rounds 30] [--picture-rounds 5] [--register-rounds 3] [--only PART]
 */
import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startServer } from '../test/helpers/server.ts';
import { startApp } from '../test/helpers/app.ts';
import { insertPdfDocuments, insertResult, insertRun } from '../test/helpers/rows.ts';
import { bareRegisterContext, makeResult } from '../test/report/fixture.ts';
import { openStore } from '../src/store/db.ts';
import { createBlobStore } from '../src/blobs/index.ts';
import { isolatedPageRenderer } from '../src/isolation/page-render.ts';
import { buildRegister, renderRegister, type RegisterFormat } from '../src/report/register/index.ts';
import { writeDesignSet, PAGES_PER_DOC } from './design-set.ts';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '30' },
    'picture-rounds': { type: 'string', default: '5' },
    'register-rounds': { type: 'string', default: '3' },
    only: { type: 'string' },
  },
});
const rounds = Number(values.rounds);
const pictureRounds = Number(values['picture-rounds']);
const registerRounds = Number(values['register-rounds']);
const RUNS = 200;
const DOCS = 12;
const FINDINGS = 60;
function resultBody(runId: string) {
  const findings = Array.from({ length: FINDINGS }, (_, i) => ({
    n: i + 1,
    finding_id: randomUUID(),
    status: 'open',
    importance: ['critical', 'significant', 'minor'][i % 3],
    section: ['АР', 'КР', 'ПЗ', 'ИОС1'][i % 4],
    essence: `Ссылка на недействующий нормативный документ СНиП 2.01.07-85* в разделе ${i}. `.repeat(3),
    evidence_text: 'В документе «24-017-КР.pdf» (с. 12) указано: расчёт выполнен по СНиП 2.01.07-85*. '.repeat(4),
    action: 'Заменить ссылку на СП 20.13330.2016 и проверить принятые решения.',
    pages: [i + 1],
    page_refs: [{ page: i + 1, in_docset: true, kind: 'КР', doc_index: 1, doc_page: i + 1, label: `стр. ${i + 1}` }],
    sources: [{ type: 'document', title: '24-017-КР.pdf', doc_index: 1, page: i + 1 }],
    topic: 'norms',
    check_id: 'superseded_norms',
  }));
  return JSON.stringify({
    run_id: runId,
    findings,
    questions: [],
    warnings: [],
    reference_problems: [],
    counts: { total: FINDINGS, critical: 20, significant: 20, minor: 20 },
    parsed: true,
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round1 = (x: number) => Math.round(x * 10) / 10;
const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;

async function runsPage(): Promise<void> {
  const server = await startServer({ args: ['--no-worker'], env: { LOG_LEVEL: 'debug' } });
  try {
    const org = await server.createOrg({ checks: 1000, 'rate-limit-per-minute': 0 });
    const store = await openStore({ dataDir: server.dataDir, databaseUrl: server.env.DATABASE_URL ?? null });
    const t0 = Date.parse('2026-06-01T00:00:00Z');
    for (let r = 0; r < RUNS; r++) {
      const id = randomUUID();
      const at = new Date(t0 + r * 3_600_000).toISOString();
      await store.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('runs')
          .values({
            id,
            tenant_id: org.tenant_id,
            status: 'done',
            stage: 'done',
            stage_text: 'Готово',
            progress: JSON.stringify({ percent: 100, pages_total: 240, pages_done: 240, elapsed_s: 60, eta_s: 0 }),
            error: null,
            cancelled: 0,
            charged: 1,
            refunded: 0,
            double_volume: 0,
            volume_units: 1,
            user_request: null,
            object_address: `г. Казань, ул. Чистопольская, д. ${r}`,
            bundle_id: null,
            bundle_label: null,
            bundle_version: null,
            skipped: '[]',
            idempotency_key: null,
            key_id: org.key_id,
            attempts: 1,
            lease_owner: null,
            lease_expires_at: null,
            created_at: at,
            updated_at: at,
            started_at: at,
            finished_at: at,
            documents_deleted_at: null,
          })
          .execute();
        await trx
          .insertInto('documents')
          .values(
            Array.from({ length: DOCS }, (_, d) => ({
              run_id: id,
              idx: d + 1,
              name: `Том ${d + 1}/24-017-КР${d + 1}.pdf`,
              kind: 'КР',
              kind_chosen: 1,
              kind_guess: 'КР',
              role: 'review' as const,
              format: 'pdf',
              size: 1_000_000,
              sha256: 'x'.repeat(64),
              blob_key: `runs/${id}/docs/${d + 1}.pdf`,
              pdf_blob_key: null,
              pages: 20,
              converted: 0,
              page_from: d * 20 + 1,
              page_to: d * 20 + 20,
              warnings: '[]',
            })),
          )
          .execute();
        await trx
          .insertInto('results')
          .values({
            run_id: id,
            tenant_id: org.tenant_id,
            snapshot: randomUUID(),
            body: resultBody(id),
            report_md_key: `runs/${id}/report.md`,
            report_pdf_key: null,
            section_pdf_keys: '{}',
            theme_pdf_keys: '{}',
            report_zip_key: null,
            published_at: at,
          })
          .execute();
      });
    }
    await store.close();

    const origin = server.baseUrl.replace('/api/v1', '');
    const login = await fetch(`${origin}/cabinet/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: org.api_key }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;

    const serverMs = (path: string): number[] => {
      const out: number[] = [];
      for (const line of server.logs().split('\n')) {
        if (!line.includes('"request completed"')) continue;
        const rec = JSON.parse(line) as { url?: string; ms?: number };
        if (rec.url === path && typeof rec.ms === 'number') out.push(rec.ms);
      }
      return out;
    };
    const hit = async (path: string) => {
      const r = await fetch(`${origin}${path}`, { headers: { cookie } });
      if (r.status !== 200) throw new Error(`${path}: ${r.status} ${await r.text()}`);
      const body = (await r.json()) as { runs: unknown[] };
      if (body.runs.length !== RUNS) throw new Error(`${path}: ${body.runs.length} runs`);
    };
    const PAGE = '/cabinet/runs?limit=200';
    const BASE = '/api/v1/runs?limit=200';
    // The first request of the page reads every result body once (counts are cached per published snapshot).
    await hit(PAGE);
    for (let i = 0; i < rounds; i++) {
      await hit(BASE);
      await hit(PAGE);
    }
    await new Promise((r) => setTimeout(r, 300)); // let the last log lines arrive
    const page = serverMs(PAGE);
    const base = serverMs(BASE);
    const cold = page.shift()!;
    console.log(
      JSON.stringify({
        bench: 'cabinet-runs-page',
        runs: RUNS,
        documents_per_run: DOCS,
        findings_per_run: FINDINGS,
        rounds,
        page_first_ms: cold,
        page_median_ms: median(page),
        page_p95_ms: p95(page),
        api_runs_median_ms: median(base),
        ratio_to_api_runs: Math.round((median(page) / median(base)) * 100) / 100,
      }),
    );
  } finally {
    await server.stop();
  }
}

/**
 * The children of the in-process API start as under `drs serve`: without the TypeScript loader this benchmark runs
 * under (they inherit this process's flags; bin/drs.js loads the sources by itself when dist/ is not current, so
 * run `npm run build` first for the figures of a deployment).
 */
function childrenAsInProduction(): void {
  const kept = process.execArgv.filter(
    (flag, i, all) => !(flag === '--import' && all[i + 1] === 'tsx') && !(flag === 'tsx' && all[i - 1] === '--import') && flag !== '--import=tsx',
  );
  process.execArgv.splice(0, process.execArgv.length, ...kept);
}

/** The longest stall of this process's event loop while fn runs, and fn's wall time. */
async function onLoop<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number; loop_max_ms: number; loop_p99_ms: number }> {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  const t = performance.now();
  const value = await fn();
  const ms = performance.now() - t;
  // a stall is recorded when the monitor's timer next fires: let it fire once after fn
  await new Promise((r) => setTimeout(r, 25));
  h.disable();
  return { value, ms, loop_max_ms: round1(h.max / 1e6), loop_p99_ms: round1(h.percentile(99) / 1e6) };
}

/** A finding citing page `docPage` of document `doc` (as a review gives page_refs). */
function citing(n: number, doc: number, docPage: number, name: string) {
  const page = (doc - 1) * PAGES_PER_DOC + docPage;
  return {
    n,
    finding_id: randomUUID(),
    status: 'open',
    importance: 'significant',
    section: 'КР',
    essence: `Замечание ${n}: ссылка на отменённый СНиП 2.01.07-85* вместо СП 20.13330.2016.`,
    evidence_text: 'Расчет нагрузок выполнен по СП 20.13330.2016',
    action: 'Заменить ссылку.',
    pages: [page],
    page_refs: [{ page, in_docset: true, kind: 'КР', doc_index: doc, doc_page: docPage, label: `стр. ${page} (док. ${doc} «${name}», л. ${docPage})` }],
    sources: [{ type: 'document', title: name, doc_index: doc, page: docPage }],
    topic: 'norms',
    check_id: 'norms.superseded',
  };
}

async function pictures(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'drs-bench-pictures-'));
  const server = await startApp({ worker: true, env: { LOG_LEVEL: 'warn' } });
  try {
    const volumes = await writeDesignSet(dir, 4 * PAGES_PER_DOC);
    const pdfs = await Promise.all(volumes.map(async (v) => ({ name: v.name, content: await readFile(v.path), pages: PAGES_PER_DOC })));
    const org = await server.createOrg({ 'rate-limit-per-minute': 0 });
    const owner = { tenantId: org.tenant_id, keyId: org.key_id };
    const findings = volumes.map((v, i) => citing(i + 1, v.index, 7 + i, v.name));
    const result = { ...makeResult(0), findings, counts: { total: findings.length, critical: 0, significant: findings.length, minor: 0 } };
    const keys = { reportMdKey: 'none', reportPdfKey: null, sectionPdfKeys: {}, themePdfKeys: {}, reportZipKey: null };
    const blobs = await createBlobStore(server.config);
    // one run per cold round: each run's pictures are its own, so the first screen of a new run draws its page
    const runs: string[] = [];
    for (let r = 0; r < pictureRounds; r++) {
      const runId = await insertRun(server.store.db, owner);
      await insertPdfDocuments(server.store.db, blobs, runId, pdfs);
      await insertResult(server.store.db, { runId, tenantId: org.tenant_id }, result, keys);
      runs.push(runId);
    }
    const origin = server.baseUrl.replace('/api/v1', '');
    const headers = { authorization: `Bearer ${org.api_key}` };
    const get = async (path: string) => {
      const res = await fetch(`${origin}${path}`, { headers });
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res;
    };
    /** The findings screen as findings.js loads it, up to its first picture. */
    const screen = async (runId: string) => {
      const t0 = performance.now();
      await Promise.all([get(`/api/v1/runs/${runId}`).then((r) => r.json()), get('/api/v1/features').then((r) => r.json())]);
      const body = (await (await get(`/api/v1/runs/${runId}/findings`)).json()) as { findings: { page_refs: { doc_index: number; doc_page: number }[] }[] };
      await (await get(`/api/v1/runs/${runId}/feedback`)).json();
      const ref = body.findings[0]!.page_refs[0]!;
      const t1 = performance.now();
      const png = Buffer.from(await (await get(`/cabinet/runs/${runId}/documents/${ref.doc_index}/pages/${ref.doc_page}`)).arrayBuffer());
      if (png.subarray(1, 4).toString() !== 'PNG') throw new Error('not a PNG');
      const t2 = performance.now();
      return { total: t2 - t0, data: t1 - t0, picture: t2 - t1 };
    };
    const render = isolatedPageRenderer({ memoryMb: server.config.pageRenderMemoryMb, timeoutMs: server.config.pageRenderTimeoutMs });
    const cold: { total: number; data: number; picture: number }[] = [];
    const warm: { total: number; data: number; picture: number }[] = [];
    const direct: number[] = [];
    const runBaseline: number[] = [];
    for (const [r, runId] of runs.entries()) {
      // the baseline first, so that neither the renderer's nor the file's first use is charged to the service
      const t = performance.now();
      const out = await render({ input: volumes[0]!.path, mime: 'application/pdf', page: 7, longestSide: 1600, output: join(dir, `direct-${r}.png`) });
      if (out.kind !== 'rendered') throw new Error(`direct render: ${out.kind}`);
      direct.push(performance.now() - t);
      cold.push(await screen(runId));
      for (let w = 0; w < 5; w++) {
        warm.push(await screen(runId));
        const t3 = performance.now();
        await (await get(`/api/v1/runs/${runId}`)).json();
        runBaseline.push(performance.now() - t3);
      }
    }
    const m = (xs: number[]) => Math.round(median(xs));
    console.log(
      JSON.stringify({
        bench: 'cabinet-findings-first-picture',
        rounds: pictureRounds,
        page: 'A4 design volume page with title block, 1600 px longest side',
        cold_ms: {
          first_picture: m(cold.map((c) => c.total)),
          screen_data: m(cold.map((c) => c.data)),
          picture: m(cold.map((c) => c.picture)),
          max: Math.round(Math.max(...cold.map((c) => c.total))),
        },
        warm_ms: {
          first_picture: m(warm.map((c) => c.total)),
          screen_data: m(warm.map((c) => c.data)),
          picture: m(warm.map((c) => c.picture)),
          p95_picture: Math.round(p95(warm.map((c) => c.picture))),
        },
        direct_render_ms: m(direct),
        api_run_ms: m(runBaseline),
        ratio_cold_picture_to_direct_render: ratio(median(cold.map((c) => c.picture)), median(direct)),
        ratio_warm_picture_to_api_run: ratio(median(warm.map((c) => c.picture)), median(runBaseline)),
      }),
    );
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

async function register(): Promise<void> {
  childrenAsInProduction();
  const server = await startApp({ worker: true, env: { LOG_LEVEL: 'warn' } });
  try {
    const org = await server.createOrg({ 'rate-limit-per-minute': 0 });
    const result = makeResult(1000);
    const runId = await insertRun(server.store.db, { tenantId: org.tenant_id, keyId: org.key_id });
    await insertResult(server.store.db, { runId, tenantId: org.tenant_id }, result, {
      reportMdKey: 'none',
      reportPdfKey: null,
      sectionPdfKeys: {},
      themePdfKeys: {},
      reportZipKey: null,
    });
    const get = async (path: string) => {
      const res = await fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${org.api_key}` } });
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return Buffer.from(await res.arrayBuffer());
    };
    const out: Record<string, { ms: number[]; loop_max_ms: number[]; loop_p99_ms: number[]; bytes: number }> = {};
    const note = (name: string, m: { value: Buffer; ms: number; loop_max_ms: number; loop_p99_ms: number }) => {
      const o = (out[name] ??= { ms: [], loop_max_ms: [], loop_p99_ms: [], bytes: m.value.length });
      o.ms.push(m.ms);
      o.loop_max_ms.push(m.loop_max_ms);
      o.loop_p99_ms.push(m.loop_p99_ms);
    };
    // the first of each loads its libraries: not counted
    await get(`/runs/${runId}/findings`);
    for (const f of ['xlsx', 'docx'] as RegisterFormat[]) {
      await get(`/runs/${runId}/register.${f}`);
      await buildRegister(f, result, [], {}, bareRegisterContext(runId), { render: renderRegister });
    }
    for (let r = 0; r < registerRounds; r++) {
      note('findings_json', await onLoop(() => get(`/runs/${runId}/findings`)));
      for (const f of ['xlsx', 'docx'] as RegisterFormat[]) {
        note(`api_${f}`, await onLoop(() => get(`/runs/${runId}/register.${f}`)));
        // the same register written on this loop, as the API would without its child
        note(`on_loop_${f}`, await onLoop(async () => (await buildRegister(f, result, [], {}, bareRegisterContext(runId), { render: renderRegister })).body));
      }
    }
    const summary = Object.fromEntries(
      Object.entries(out).map(([k, o]) => [
        k,
        { median_ms: Math.round(median(o.ms)), loop_max_ms: Math.max(...o.loop_max_ms), loop_p99_ms: median(o.loop_p99_ms), kib: Math.round(o.bytes / 1024) },
      ]),
    );
    const med = (k: string) => median(out[k]!.ms);
    console.log(
      JSON.stringify({
        bench: 'cabinet-register-1000',
        findings: result.findings.length,
        rounds: registerRounds,
        ...summary,
        ratio_xlsx_to_findings_json: ratio(med('api_xlsx'), med('findings_json')),
        ratio_docx_to_findings_json: ratio(med('api_docx'), med('findings_json')),
        ratio_xlsx_to_on_loop: ratio(med('api_xlsx'), med('on_loop_xlsx')),
        ratio_docx_to_on_loop: ratio(med('api_docx'), med('on_loop_docx')),
      }),
    );
  } finally {
    await server.stop();
  }
}

const parts: Record<string, () => Promise<void>> = { 'runs-page': runsPage, pictures, register };
if (values.only !== undefined && !(values.only in parts)) throw new Error(`--only: one of ${Object.keys(parts).join(', ')}`);
for (const [name, part] of Object.entries(parts)) if (values.only === undefined || values.only === name) await part();
