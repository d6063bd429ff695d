/**
 * The registers printed as a specialist prints them: the XLSX and the DOCX of both variants converted to PDF by
 * LibreOffice (`soffice --headless --convert-to pdf`) and drawn to pictures (`pdftoppm`). Row heights and column
 * widths must hold every word: the last words of the longest remark and the answer columns' headers are found whole
 * in the printed text (a row one line high would cut them off), the pages are A4 landscape, and nothing internal —
 * the hidden id column, a key id — is printed. The pictures are kept in .tmp/register-print/ to be looked at.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildRegister, type RegisterContext } from '../../src/report/register/index.ts';
import { storedDecision } from '../helpers/decisions.ts';
import { ROOT } from '../helpers/server.ts';
import { makeResult } from './fixture.ts';

const run = promisify(execFile);
const OUT = join(ROOT, '.tmp', 'register-print');
let dir: string;

const CTX: RegisterContext = {
  runId: '11111111-2222-3333-4444-555555555555',
  organization: 'ГАУ «Управление государственной экспертизы проектной документации»',
  objectAddress: 'Республика Татарстан, г. Казань, ул. Чистопольская, д. 20',
  bundleLabel: 'Дело № 16-1-1-3-004217-2026',
  round: 2,
  at: '2026-12-01T09:00:00.000Z',
  expert: 'Иванова Анна Петровна',
  authors: new Map([['key:k1', 'Петров С. В.']]),
};

const LONG_END = 'ЗАВЕРШЕНИЕ';

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'drs-register-print-'));
  await mkdir(OUT, { recursive: true });
});
after(() => rm(dir, { recursive: true, force: true }));

async function printed(format: 'xlsx' | 'docx', variant: 'designer' | 'specialist'): Promise<{ text: string; pages: number; landscape: boolean }> {
  const result = makeResult(12);
  const sorted = [...result.findings].sort((a, b) => a.n - b.n);
  // one remark far longer than the rest, ending in a word of its own
  sorted[1]!.essence = `${'Раздел не содержит обоснования принятых решений по обеспечению нормативных требований пожарной безопасности. '.repeat(6)}${LONG_END}.`;
  const decisions = [{ ...storedDecision(sorted[0]!.finding_id, 'key:k1', 1, 'accepted'), reason: 'Исправить на листе 4' }];
  const file = await buildRegister(format, result, decisions, { variant }, CTX);
  const base = `${variant}-${format}`;
  const source = join(dir, `${base}.${format}`);
  await writeFile(source, file.body);
  await run('soffice', [`-env:UserInstallation=file://${join(dir, `profile-${base}`)}`, '--headless', '--convert-to', 'pdf', '--outdir', dir, source], {
    timeout: 120_000,
  });
  const pdf = join(dir, `${base}.pdf`);
  const info = (await run('pdfinfo', [pdf])).stdout;
  const [, w, h] = info.match(/Page size:\s+([\d.]+) x ([\d.]+)/) ?? [];
  const pages = Number(info.match(/Pages:\s+(\d+)/)?.[1] ?? 0);
  await run('pdftoppm', ['-r', '70', '-png', pdf, join(OUT, base)]);
  const text = (await run('pdftotext', ['-raw', pdf, '-'])).stdout;
  return { text, pages, landscape: Number(w) > Number(h) };
}

for (const format of ['xlsx', 'docx'] as const) {
  for (const variant of ['designer', 'specialist'] as const) {
    test(`${variant} ${format}: printed legibly on A4 landscape, every word whole, nothing internal`, { timeout: 180_000 }, async () => {
      const { text, pages, landscape } = await printed(format, variant);
      assert.ok(pages >= 1, 'a PDF was printed');
      assert.ok(landscape, 'A4 landscape');
      const flat = text.replace(/\s+/g, ' ');
      assert.ok(flat.includes(LONG_END), 'the longest remark is printed to its last word: the row is as high as its text');
      assert.match(flat, /Ответ проектировщика/, 'the answer column is wide enough for its header');
      assert.match(flat, /Снято \/ не снято/);
      assert.match(flat, variant === 'designer' ? /Лист с исправлением/ : /Решение специалиста/, 'headers whole');
      if (variant === 'specialist') assert.match(flat, /Незначительное|Существенное|Критическое/, 'the importance whole');
      assert.match(flat, /Экспертная организация: ГАУ|Экспертная организация: ГАУ/);
      assert.match(flat, /Эксперт _+ \/ Иванова Анна Петровна \//);
      assert.doesNotMatch(flat, /11111111-2222|drs-register|00000000-0000-4000/, 'no internal id is printed');
      assert.doesNotMatch(flat, /key:k1/);
      if (variant === 'specialist') assert.match(flat, /Петров С\. В\./, 'the decision by the name of the key');
      const pictures = (await readdir(OUT)).filter((n) => n.startsWith(`${variant}-${format}`) && n.endsWith('.png'));
      assert.equal(pictures.length, pages, 'one picture per printed page');
    });
  }
}
