/**
 * Bounded work under the probe's attacks (issue 40): another organization's polling and page pictures while one or
 * two organizations flood the node, against the same with nothing else going on (the baseline), in the same run on
 * the same server (`drs serve --no-worker`, the real program with its children). Every phase lasts `--seconds`:
 *
 * - baseline: the victim alone — `--pollers` loops of GET /runs/{id} (a finished run, a 20 ms pause between polls)
 *   and its page pictures one after another, each a page not rendered before (a drawing sheet of some weight);
 * - registers: one organization asks twenty registers at once of a 3,000-finding run, again as each answer comes —
 *   DOCX and XLSX, with and without rejected findings, by theme (ten different files, so joining does not hide
 *   the builds), waiting out each Retry-After (at most 2 s);
 * - pages: two organizations keep 24 requests each for hostile pages (a kilobyte each that would take a core for
 *   hours, ended at PAGE_RENDER_TIMEOUT_MS);
 * - previews: two organizations keep eight previews each of a nested archive (five levels of ZIPs of PDFs).
 *
 * The server is restarted after each attack, so what one attack left queued does not meet the next baseline.
 * Printed (one JSON line): per attack, the victim's polling p50 / p99 and picture median under the attack and in the
 * baseline before it, their ratios; the attackers' answers by status; the peak resident memory of the server and
 * all its children, and the bound it must stay under: the idle server plus every slot's child at its memory limit
 * (2 × PAGE_RENDER_SLOTS × PAGE_RENDER_MEMORY_MB, the overdue pages beside the slots counted, + (REPORT_BUILD_SLOTS + REGISTER_BUILD_SLOTS + ARCHIVE_PREVIEW_SLOTS) ×
 * RUN_MEMORY_MB: previews unpack in the same kept report children).
 *
 * Usage: node --import tsx bench/bounds.ts [--seconds 15] [--pollers 2] [--only registers,pages,previews]
 */
import { readdir, readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { openStore } from '../src/store/db.ts';
import { LocalBlobStore } from '../src/blobs/local-blob-store.ts';
import { renderMarkdown } from '../src/report/markdown.ts';
import { startServer, type CreatedOrg } from '../test/helpers/server.ts';
import { insertPdfDocuments, insertResult, insertRun, insertSlowPageRuns } from '../test/helpers/rows.ts';
import { makeSimplePdf, makeZip, slowPagePdf } from '../test/helpers/fixtures.ts';
import type { AttackOrder, Flood } from './bounds-attacker.ts';
import { makeResult, META } from '../test/report/fixture.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '15' },
    pollers: { type: 'string', default: '2' },
    only: { type: 'string', default: 'registers,pages,previews' },
  },
});
const SECONDS = Number(values.seconds);
const POLLERS = Number(values.pollers);
const ATTACKS = values.only.split(',');
const PAGE_TIMEOUT_MS = 10_000;
/** The probe's large run. */
const FINDINGS = 3000;
const VICTIM_FILLS = 300;
const HOSTILE_DOCS = 60;

const ATTACKER = new URL('./bounds-attacker.ts', import.meta.url);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const pct = (xs: number[], p: number) => (xs.length ? sorted(xs)[Math.min(xs.length - 1, Math.floor(xs.length * p))]! : Number.NaN);
const ms = (x: number) => Math.round(x * 10) / 10;
const ratio = (a: number, b: number) => Number((a / b).toFixed(2));

/** Resident memory (MiB) of a process and all its descendants, from /proc. */
async function treeRssMb(root: number): Promise<number> {
  const parent = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    const ppid = /PPid:\s+(\d+)/.exec(status)?.[1];
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    if (ppid) parent.set(pid, Number(ppid));
    if (kb) rss.set(pid, Number(kb));
  }
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid, hops = 0; p !== undefined && hops < 20; p = parent.get(p), hops++) if (p === root) return true;
    return false;
  };
  let kb = 0;
  for (const [pid, k] of rss) if (inTree(pid)) kb += k;
  return Math.round(kb / 1024);
}

const METRICS_TOKEN = 'bench-bounds-metrics';
const env = {
  LOG_LEVEL: 'warn',
  METRICS_TOKEN,
  PAGE_RENDER_TIMEOUT_MS: String(PAGE_TIMEOUT_MS),
};
const server = await startServer({ args: ['--no-worker'], env });
try {
  const api = server.baseUrl;
  const origin = api.replace('/api/v1', '');
  const unlimited = { 'rate-limit-per-minute': 0 };
  const victim = await server.createOrg({ name: 'ООО «Соседи»', ...unlimited });
  const attackers = [await server.createOrg({ name: 'ООО «Нагрузка 1»', ...unlimited }), await server.createOrg({ name: 'ООО «Нагрузка 2»', ...unlimited })];

  const store = await openStore({ dataDir: server.dataDir, databaseUrl: server.env.DATABASE_URL ?? null });
  const blobs = new LocalBlobStore(join(server.dataDir, 'blobs'));
  const publish = async (org: CreatedOrg, findings: number) => {
    const runId = await insertRun(store.db, { tenantId: org.tenant_id, keyId: org.key_id });
    const result = makeResult(findings);
    const keys = { reportMdKey: `runs/${runId}/report/report.md`, reportPdfKey: null, sectionPdfKeys: {}, themePdfKeys: {}, reportZipKey: null };
    await blobs.putBuffer(keys.reportMdKey, renderMarkdown(result, { ...META, run_id: runId }));
    await insertResult(store.db, { runId, tenantId: org.tenant_id }, result, keys);
    return runId;
  };
  const victimRun = await publish(victim, 36);
  // every picture of the victim is a page not rendered before: a document per picture
  await insertPdfDocuments(
    store.db,
    blobs,
    victimRun,
    Array.from({ length: 400 }, (_, i) => ({ name: `Лист-${i + 1}.pdf`, content: slowPagePdf(VICTIM_FILLS), pages: 1 })),
  );
  const bigRun = await publish(attackers[0]!, FINDINGS);
  const pageRuns = await insertSlowPageRuns(store.db, blobs, attackers, HOSTILE_DOCS);
  await store.close();
  const sheet = await makeSimplePdf(40);
  let nested = await makeZip([{ name: 'КР.pdf', content: sheet }]);
  for (let level = 0; level < 4; level++) {
    nested = await makeZip([
      { name: `уровень-${level}.zip`, content: nested },
      ...Array.from({ length: 5 }, (_, i) => ({ name: `ПЗ-${level}-${i}.pdf`, content: sheet })),
    ]);
  }

  const bearer = (org: CreatedOrg) => ({ authorization: `Bearer ${org.api_key}` });
  let victimDoc = 0;

  /** The victim for one phase: polling loops and pictures one after another, until `until`. */
  /** The server's event-loop delay p99 (ms) since the last scrape: prom-client starts its histogram anew on each. */
  const serverLoopP99Ms = async () => {
    const text = await (await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    return Number(/^nodejs_eventloop_lag_p99_seconds (\S+)$/m.exec(text)?.[1] ?? NaN) * 1000;
  };

  async function victimPhase(until: number) {
    // the benchmark's own event loop, which the victim's clients share with its bookkeeping: its delay is the
    // client's, not the server's, which the server's own p99 beside it tells apart
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    await serverLoopP99Ms();
    const polls: number[] = [];
    const pictures: number[] = [];
    const failures: Record<string, number> = {};
    const poller = async () => {
      while (Date.now() < until) {
        const t0 = performance.now();
        const r = await fetch(`${api}/runs/${victimRun}`, { headers: bearer(victim) });
        await r.arrayBuffer();
        if (r.status === 200) polls.push(performance.now() - t0);
        else failures[`poll_${r.status}`] = (failures[`poll_${r.status}`] ?? 0) + 1;
        await sleep(20);
      }
    };
    const viewer = async () => {
      while (Date.now() < until) {
        const t0 = performance.now();
        const r = await fetch(`${origin}/cabinet/runs/${victimRun}/documents/${++victimDoc}/pages/1`, { headers: bearer(victim) });
        await r.arrayBuffer();
        if (r.status === 200) pictures.push(performance.now() - t0);
        else failures[`picture_${r.status}`] = (failures[`picture_${r.status}`] ?? 0) + 1;
      }
    };
    await Promise.all([...Array.from({ length: POLLERS }, poller), viewer()]);
    loop.disable();
    return { polls, pictures, failures, clientLoopP99Ms: loop.percentile(99) / 1e6, serverLoopP99Ms: await serverLoopP99Ms() };
  }

  /** An attack's clients in their own thread (bench/bounds-attacker.ts), their answers counted by status. */
  const attack = (floods: Flood[], until: number): Promise<Record<string, number>> =>
    new Promise((resolve, reject) => {
      // a worker thread does not inherit the main thread's `--import tsx`: it registers the loader before the module
      const entry = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(ATTACKER.href)}); })`;
      const worker = new Worker(entry, { eval: true, workerData: { floods, until } satisfies AttackOrder });
      worker.once('message', resolve);
      worker.once('error', reject);
    });

  const variants = ['docx', 'xlsx'].flatMap((f) =>
    ['', '?include_rejected=true', '?theme=norms', '?theme=construction', '?theme=engineering'].map((q) => `register.${f}${q}`),
  );
  const attacks: Record<string, Flood[]> = {
    registers: [{ askers: 20, urls: variants.map((v) => `${api}/runs/${bigRun}/${v}`), stride: 1, headers: bearer(attackers[0]!) }],
    pages: attackers.map((org, a) => ({
      askers: 24,
      urls: Array.from({ length: HOSTILE_DOCS }, (_, d) => `${origin}/cabinet/runs/${pageRuns[a]}/documents/${d + 1}/pages/1`),
      stride: 7,
      headers: bearer(org),
    })),
    previews: attackers.map((org) => ({
      askers: 8,
      urls: [`${api}/imports/preview`],
      stride: 0,
      headers: bearer(org),
      upload: { field: 'file', name: 'архив.zip', content: nested },
    })),
  };

  let peakMb = 0;
  const watchMemory = () => {
    let on = true;
    const sampling = (async () => {
      while (on) {
        peakMb = Math.max(peakMb, await treeRssMb(server.process.pid!).catch(() => 0));
        await sleep(250);
      }
    })();
    return async () => {
      on = false;
      await sampling;
    };
  };

  await sleep(2000);
  const idleMb = await treeRssMb(server.process.pid!);
  const boundMb = idleMb + 2 * 2 * 512 + (2 + 2 + 2) * 1024;
  const out: Record<string, unknown> = { bench: 'bounds', seconds: SECONDS, pollers: POLLERS, idle_rss_mb: idleMb, memory_bound_mb: boundMb };
  for (const name of ATTACKS) {
    const floods = attacks[name];
    if (!floods) throw new Error(`no attack ${name}`);
    const base = await victimPhase(Date.now() + SECONDS * 1000);
    peakMb = 0;
    const stopWatch = watchMemory();
    const until = Date.now() + SECONDS * 1000;
    const attacking = attack(floods, until + 2000);
    // the attack fills its share first
    await sleep(2000);
    const under = await victimPhase(until);
    const answers = await attacking;
    await stopWatch();
    const baseP99 = pct(base.polls, 0.99);
    const underP99 = pct(under.polls, 0.99);
    const basePic = pct(base.pictures, 0.5);
    const underPic = pct(under.pictures, 0.5);
    out[name] = {
      polls: {
        baseline: { n: base.polls.length, p50_ms: ms(pct(base.polls, 0.5)), p99_ms: ms(baseP99) },
        attacked: { n: under.polls.length, p50_ms: ms(pct(under.polls, 0.5)), p99_ms: ms(underP99) },
      },
      poll_p99_ratio: ratio(underP99, baseP99),
      server_loop_p99_ms: { baseline: ms(base.serverLoopP99Ms), attacked: ms(under.serverLoopP99Ms) },
      client_loop_p99_ms: { baseline: ms(base.clientLoopP99Ms), attacked: ms(under.clientLoopP99Ms) },
      pictures: {
        baseline: { n: base.pictures.length, median_ms: ms(basePic) },
        attacked: { n: under.pictures.length, median_ms: ms(underPic), max_ms: ms(Math.max(...under.pictures)) },
      },
      picture_ratio: ratio(underPic, basePic),
      victim_failures: { ...base.failures, ...Object.fromEntries(Object.entries(under.failures).map(([k, v]) => [`attacked_${k}`, v])) },
      attacker_answers: answers,
      peak_rss_mb: peakMb,
      within_memory_bound: peakMb <= boundMb,
    };
    await server.restart();
  }
  out.load_average = loadavg().map((l) => Number(l.toFixed(1)));
  console.log(JSON.stringify(out));
} finally {
  await server.stop();
}
