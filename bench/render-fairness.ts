/**
 * Page-picture fairness: how long another organization waits for its page pictures while one organization keeps
 * the renders busy with hostile pages (each a kilobyte that would take a core for hours; ended at
 * PAGE_RENDER_TIMEOUT_MS), against the same pictures with nothing else rendering (the baseline), in the same run
 * on the same server. Rounds alternate baseline and attack; the attacker keeps its share of renders queued the
 * whole time (re-asking after each 429 and each failure), and the server is restarted after each attack round
 * (SIGTERM: its queued hostile renders are given up at once, cabinet/page-image.ts close()).
 *
 * The promise (README, Reliability): another organization's picture waits at most its own render time plus one
 * slot — with one hostile organization, not at all. `--hostile-orgs 2` puts two attackers on the two slots: then
 * every picture waits for one slot to free. Printed: the victim's latency per picture in both phases (median, p95,
 * each one under attack), their ratio, the bound (the slowest baseline picture + one slot = the render time limit),
 * the attackers' answers (429 / 503), and the peak count of render scratch directories (copies of sources).
 *
 * Usage: node --import tsx bench/render-fairness.ts [--rounds 3] [--pages 6] [--timeout-ms 30000] [--hostile-orgs 1]
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openStore } from '../src/store/db.ts';
import { LocalBlobStore } from '../src/blobs/local-blob-store.ts';
import { startServer, type CreatedOrg } from '../test/helpers/server.ts';
import { insertPdfDocuments, insertRun, insertSlowPageRuns } from '../test/helpers/rows.ts';
import { slowPagePdf } from '../test/helpers/fixtures.ts';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    pages: { type: 'string', default: '6' },
    'timeout-ms': { type: 'string', default: '30000' },
    'hostile-orgs': { type: 'string', default: '1' },
  },
});
const rounds = Number(values.rounds);
const pagesPerPhase = Number(values.pages);
const timeoutMs = Number(values['timeout-ms']);
const hostileOrgs = Number(values['hostile-orgs']);
/** Documents of each attacker: more than it can have queued, so that it always has a new page to ask for. */
const HOSTILE_DOCS = 60;
/** The victim's page: a drawing sheet of some weight (about half a second of mupdf on an idle core). */
const VICTIM_FILLS = 300;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => sorted(xs)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;

const server = await startServer({ args: ['--no-worker'], env: { LOG_LEVEL: 'warn', PAGE_RENDER_TIMEOUT_MS: String(timeoutMs) } });
try {
  const origin = server.baseUrl.replace('/api/v1', '');
  const victim = await server.createOrg({ name: 'ООО «Обычные листы»', 'rate-limit-per-minute': 0 });
  const attackers: CreatedOrg[] = [];
  for (let i = 0; i < hostileOrgs; i++) attackers.push(await server.createOrg({ name: `ООО «Тяжёлые листы ${i + 1}»`, 'rate-limit-per-minute': 0 }));

  // Every picture the victim asks for is a page not rendered before: a document per picture.
  const store = await openStore({ dataDir: server.dataDir, databaseUrl: server.env.DATABASE_URL ?? null });
  const blobs = new LocalBlobStore(join(server.dataDir, 'blobs'));
  const victimRun = await insertRun(store.db, { tenantId: victim.tenant_id, keyId: victim.key_id });
  const victimPdf = slowPagePdf(VICTIM_FILLS);
  await insertPdfDocuments(
    store.db,
    blobs,
    victimRun,
    Array.from({ length: rounds * 2 * pagesPerPhase }, (_, i) => ({ name: `Лист-${i + 1}.pdf`, content: victimPdf, pages: 1 })),
  );
  const attackerRuns = await insertSlowPageRuns(store.db, blobs, attackers, HOSTILE_DOCS);
  await store.close();

  const picture = (org: CreatedOrg, runId: string, doc: number) =>
    fetch(`${origin}/cabinet/runs/${runId}/documents/${doc}/pages/1`, { headers: { authorization: `Bearer ${org.api_key}` } });

  let victimDoc = 0;
  /** The victim's answers other than 200 (its own render over the time limit on a crowded machine). */
  const victimFailures: Record<string, number> = {};
  /** The victim's pictures one after another (as a person paging through findings), each a new page. */
  async function victimPictures(): Promise<number[]> {
    const times: number[] = [];
    for (let i = 0; i < pagesPerPhase; i++) {
      const t0 = performance.now();
      const res = await picture(victim, victimRun, ++victimDoc);
      await res.arrayBuffer();
      if (res.status === 200) times.push(performance.now() - t0);
      else victimFailures[res.status] = (victimFailures[res.status] ?? 0) + 1;
    }
    return times;
  }

  const baseline: number[] = [];
  const attacked: number[] = [];
  const answers: Record<string, number> = {};
  let scratchPeak = 0;
  for (let round = 0; round < rounds; round++) {
    baseline.push(...(await victimPictures()));

    // The attackers: many askers each, each asking for the next hostile page as soon as its last answer came.
    let attacking = true;
    const askers = attackers.flatMap((org, a) => {
      let next = 0;
      return Array.from({ length: 24 }, async () => {
        while (attacking) {
          const res = await picture(org, attackerRuns[a]!, (next++ % HOSTILE_DOCS) + 1).catch(() => null);
          if (!res) return; // the server is restarting
          answers[res.status] = (answers[res.status] ?? 0) + 1;
          await res.arrayBuffer().catch(() => undefined);
          if (res.status === 429) await sleep(Number(res.headers.get('retry-after') ?? 1) * 1000);
        }
      });
    });
    const scratch = join(server.dataDir, 'tmp', 'render');
    const watch = setInterval(() => {
      void readdir(scratch)
        .then((d) => (scratchPeak = Math.max(scratchPeak, d.length)))
        .catch(() => undefined);
    }, 100);
    // Let the attack fill its share first.
    await sleep(1500);
    attacked.push(...(await victimPictures()));
    attacking = false;
    clearInterval(watch);
    await server.restart();
    await Promise.all(askers);
  }

  const base = median(baseline);
  const under = median(attacked);
  // its own render time (the slowest seen alone) plus one slot (a hostile render lasts the time limit)
  const bound = Math.max(...baseline) + timeoutMs;
  console.log(
    JSON.stringify({
      bench: 'render-fairness',
      rounds,
      pictures_per_phase: pagesPerPhase,
      hostile_orgs: hostileOrgs,
      render_timeout_ms: timeoutMs,
      baseline_ms: { median: Math.round(base), p95: Math.round(p95(baseline)) },
      attacked_ms: { median: Math.round(under), p95: Math.round(p95(attacked)), max: Math.round(Math.max(...attacked)), each: attacked.map(Math.round) },
      ratio_median: Number((under / base).toFixed(2)),
      ratio_p95: Number((p95(attacked) / p95(baseline)).toFixed(2)),
      bound_ms: Math.round(bound),
      within_bound: Math.max(...attacked) <= bound,
      victim_failures: victimFailures,
      attacker_answers: answers,
      scratch_dirs_peak: scratchPeak,
    }),
  );
} finally {
  await server.stop();
}
