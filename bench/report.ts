/**
 * Report benchmark: 1,000 findings with page references spread over a 2,000-page set of 20 documents.
 * 1. The overall PDF alone (render + store), with its page count and size.
 * 2. Everything buildReports does at publication (Markdown, overall, per-section and per-theme PDFs, ZIP).
 * Prints JSON: wall and CPU time, peak RSS of this process (VmHWM), the longest event-loop stall while building.
 * Usage: node --import tsx bench/report.ts [--findings 1000] [--pages 2000]
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { execFileSync } from 'node:child_process';
import { LocalBlobStore } from '../src/blobs/local-blob-store.ts';
import { availableSections, countFindings, THEMES, type Finding, type Importance, type PublishedResult, type Theme } from '../src/kernel/result.ts';
import { buildReports, renderPdf } from '../src/report/index.ts';
import type { ReportMeta } from '../src/report/types.ts';

const { values } = parseArgs({ options: { findings: { type: 'string', default: '1000' }, pages: { type: 'string', default: '2000' } } });
const FINDINGS = Number(values.findings);
const PAGES = Number(values.pages);
const DOCS = 20;
const PER_DOC = Math.ceil(PAGES / DOCS);

const SECTIONS: [string, Theme][] = [
  ['ОБЩ', 'unassigned'],
  ['ПЗ', 'norms'],
  ['ПЗУ', 'construction'],
  ['АР', 'construction'],
  ['КР', 'construction'],
  ['ИОС1', 'engineering'],
  ['ИОС2', 'engineering'],
  ['ИОС4', 'engineering'],
  ['ПОС', 'construction'],
  ['ПБ', 'norms'],
];
const LEVELS: Importance[] = ['critical', 'significant', 'minor'];

/** Deterministic pseudo-random numbers, so every run lays out the same report. */
function lcg(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

function makeSet(): { result: PublishedResult; meta: ReportMeta } {
  const rnd = lcg(42);
  const documents = Array.from({ length: DOCS }, (_, i) => ({
    index: i + 1,
    name: `24-017-${SECTIONS[i % SECTIONS.length]![0]}${i + 1}. Том ${i + 1}.pdf`,
    kind: SECTIONS[i % SECTIONS.length]![0],
    pages: PER_DOC,
    role: 'review' as const,
    page_from: i * PER_DOC + 1,
    page_to: (i + 1) * PER_DOC,
  }));
  const findings: Finding[] = Array.from({ length: FINDINGS }, (_, i) => {
    const [section, topic] = SECTIONS[i % SECTIONS.length]!;
    const refs = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => {
      const page = 1 + Math.floor(rnd() * PAGES);
      const doc = documents[Math.min(DOCS - 1, Math.floor((page - 1) / PER_DOC))]!;
      const docPage = page - doc.page_from + 1;
      return {
        page,
        in_docset: true,
        kind: doc.kind,
        doc_index: doc.index,
        doc_page: docPage,
        label: `стр. ${page} (док. ${doc.index} «${doc.name}», с. ${docPage})`,
      };
    });
    return {
      n: i + 1,
      finding_id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
      status: 'open',
      importance: LEVELS[Math.floor(rnd() * 3)]!,
      section,
      essence: `Значение площади застройки в разделе ${section} (${(1000 + rnd() * 500).toFixed(1)} м²) не совпадает со значением в ПЗ; в тексте приведена ссылка на отменённый СНиП 2.01.07-85* вместо СП 20.13330.2016.`,
      evidence_text: `На листе ${refs[0]!.doc_page}: «площадь застройки — ${(1000 + rnd() * 500).toFixed(1)} м²; нагрузки по СНиП 2.01.07-85*».`,
      action: 'Привести значения к единому, заменить ссылку на действующий свод правил и откорректировать текстовую и графическую части.',
      pages: refs.map((r) => r.page),
      page_refs: refs,
      sources: [
        { type: 'norm', title: 'СП 20.13330.2016 «Нагрузки и воздействия»' },
        { type: 'document', title: refs[0]!.label, doc_index: refs[0]!.doc_index, page: refs[0]!.doc_page },
      ],
      topic,
      check_id: `bench-${section}`,
    };
  });
  const result: PublishedResult = {
    findings,
    questions: [{ n: 1, question_id: 'q1', section: 'АР', text: 'Какая площадь верна?', reason: 'Расхождение ПЗ и АР.', pages: [12] }],
    warnings: [{ code: 'ocr', message: 'Часть страниц распознана с изображения', doc_index: 3, page: 4 }],
    reference_problems: [{ reference: 'лист 12', problem: 'лист отсутствует', doc_index: 2, page: 3 }],
    usage: { pages_read: PAGES, characters_read: PAGES * 2500, ocr_pages: 0, seconds: 0 },
    counts: countFindings(findings),
    available_sections: availableSections(findings),
    available_themes: THEMES.filter((t) => findings.some((f) => f.topic === t)),
    parsed: true,
    feedback_snapshot: 'bench',
  };
  const meta: ReportMeta = {
    run_id: '00000000-0000-4000-8000-00000000b0b0',
    organization: 'ООО «Экспертстрой»',
    object_address: 'г. Казань, ул. Чистопольская, д. 20/12',
    object_name: 'Многоквартирный жилой дом',
    user_request: 'Проверить комплект на соответствие ПП РФ № 87.',
    created_at: '2026-11-21T09:00:00Z',
    published_at: '2026-11-21T10:00:00Z',
    documents,
  };
  return { result, meta };
}

/** VmHWM (peak resident set) of this process, in MiB. */
function peakRssMiB(): number {
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024);
}

/** Wall and CPU time (user + system) of fn; CPU time is the steadier figure on a shared machine. */
async function measure<T>(fn: () => Promise<T>): Promise<{ value: T; seconds: number; cpu_seconds: number; max_event_loop_stall_ms: number }> {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  const t = performance.now();
  const cpu = process.cpuUsage();
  const value = await fn();
  const used = process.cpuUsage(cpu);
  const seconds = Math.round(performance.now() - t) / 1000;
  h.disable();
  return { value, seconds, cpu_seconds: Math.round((used.user + used.system) / 1000) / 1000, max_event_loop_stall_ms: Math.round(h.max / 1e6) };
}

const dir = await mkdtemp(join(tmpdir(), 'drs-bench-report-'));
try {
  const blobs = new LocalBlobStore(dir);
  const { result, meta } = makeSet();
  const rssBefore = peakRssMiB();
  const overall = await measure(() => blobs.putStream('overall/report.pdf', renderPdf(result, meta)));
  const pdfPath = join(dir, 'overall', 'report.pdf');
  const pages = Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [pdfPath], { encoding: 'utf8' }))?.[1]);
  const bytes = (await stat(pdfPath)).size;
  const rssAfterOverall = peakRssMiB();
  const all = await measure(() => buildReports(result, meta, blobs, 'all/report'));
  const zipBytes = (await readFile(join(dir, 'all', 'report', 'report.zip'))).length;
  console.log(
    JSON.stringify(
      {
        findings: FINDINGS,
        set_pages: PAGES,
        overall_pdf: {
          seconds: overall.seconds,
          cpu_seconds: overall.cpu_seconds,
          pages,
          bytes,
          cpu_ms_per_finding: Math.round((overall.cpu_seconds * 10_000) / FINDINGS) / 10,
          max_event_loop_stall_ms: overall.max_event_loop_stall_ms,
        },
        peak_rss_mib: { before: rssBefore, after_overall_pdf: rssAfterOverall, after_all_reports: peakRssMiB() },
        all_reports: {
          seconds: all.seconds,
          cpu_seconds: all.cpu_seconds,
          pdfs: 1 + Object.keys(all.value.sectionPdfKeys).length + Object.keys(all.value.themePdfKeys).length,
          zip_bytes: zipBytes,
          max_event_loop_stall_ms: all.max_event_loop_stall_ms,
        },
        node: process.version,
      },
      null,
      2,
    ),
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
