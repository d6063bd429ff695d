/**
 * Cabinet benchmark: server time of the runs page (GET /cabinet/runs?limit=200, what the list view loads) for an
 * organization with 200 finished runs of 12 documents and 60 findings each, against GET /api/v1/runs?limit=200 on
 * the same data in the same run (the baseline: same runs and documents, no counts of findings).
 * Server time is the request time the server logs for each request (Fastify's reply.elapsedTime).
 * Usage: node --import tsx bench/cabinet.ts [--rounds 30]
 */
import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import { startServer } from '../test/helpers/server.ts';
import { openStore } from '../src/store/db.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '30' } } });
const rounds = Number(values.rounds);
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
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;

const server = await startServer({ args: ['--no-worker'], env: { LOG_LEVEL: 'info' } });
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
