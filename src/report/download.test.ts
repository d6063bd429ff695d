import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '../kernel/errors.ts';
import { httpStatusOf } from '../http/error-handler.ts';
import { downloadBase, parseReportQuery, storedReport } from './download.ts';
import type { ReportKeys } from './types.ts';

const code = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof AppError);
    return `${httpStatusOf(e)} ${e.code}`;
  }
  return 'no error';
};

const KEYS: ReportKeys = {
  reportMdKey: 'r/report.md',
  reportPdfKey: 'r/report.pdf',
  sectionPdfKeys: { КР: 'r/sections/КР.pdf', ОБЩ: 'r/sections/ОБЩ.pdf' },
  themePdfKeys: { norms: 'r/themes/norms.pdf' },
  reportZipKey: 'r/report.zip',
};

test('parseReportQuery: Markdown by default, PDF filters, synonyms and the set-level section', () => {
  assert.deepEqual(parseReportQuery({}, false), { kind: 'markdown' });
  assert.deepEqual(parseReportQuery({ section: '  ' }, false), { kind: 'markdown' });
  assert.deepEqual(parseReportQuery({}, true), { kind: 'pdf' });
  assert.deepEqual(parseReportQuery({ section: ' КР ' }, true), { kind: 'pdf', section: 'КР' });
  assert.deepEqual(parseReportQuery({ section: 'КЖ' }, true), { kind: 'pdf', section: 'КР' });
  assert.deepEqual(parseReportQuery({ section: 'ОБЩ' }, true), { kind: 'pdf', section: 'ОБЩ' });
  assert.deepEqual(parseReportQuery({ theme: 'norms' }, true), { kind: 'pdf', theme: 'norms' });
});

test('parseReportQuery: filter errors', () => {
  assert.equal(
    code(() => parseReportQuery({ section: 'КР', theme: 'norms' }, true)),
    '400 conflicting_filters',
  );
  assert.equal(
    code(() => parseReportQuery({ section: 'КР', theme: 'norms' }, false)),
    '400 conflicting_filters',
  );
  assert.equal(
    code(() => parseReportQuery({ section: 'КР' }, false)),
    '400 section_pdf_only',
  );
  assert.equal(
    code(() => parseReportQuery({ theme: 'norms' }, false)),
    '400 section_pdf_only',
  );
  assert.equal(
    code(() => parseReportQuery({ section: 'KR' }, true)),
    '400 bad_section',
  );
  assert.equal(
    code(() => parseReportQuery({ theme: 'Norms' }, true)),
    '400 bad_theme',
  );
});

test('storedReport: keys, names and content types', () => {
  assert.deepEqual(storedReport(KEYS, { kind: 'markdown' }, 'report-id'), {
    key: 'r/report.md',
    fileName: 'report-id.md',
    contentType: 'text/markdown; charset=utf-8',
  });
  assert.deepEqual(storedReport(KEYS, { kind: 'pdf' }, 'report-id'), { key: 'r/report.pdf', fileName: 'report-id.pdf', contentType: 'application/pdf' });
  assert.equal(storedReport(KEYS, { kind: 'pdf', section: 'КР' }, 'report-id').fileName, 'report-id-КР.pdf');
  assert.equal(storedReport(KEYS, { kind: 'pdf', theme: 'norms' }, 'id').key, 'r/themes/norms.pdf');
  // a theme is named in words, as the cabinet and the registers name it
  assert.equal(storedReport(KEYS, { kind: 'pdf', theme: 'norms' }, 'report-id').fileName, 'report-id Нормативные требования и оформление.pdf');
  assert.deepEqual(storedReport(KEYS, { kind: 'zip' }, 'report-id'), { key: 'r/report.zip', fileName: 'report-id.zip', contentType: 'application/zip' });
});

test('downloadBase: the cipher, else the name, else the address, with the date in Moscow time; the id only when nothing names the object', () => {
  assert.equal(downloadBase({ cipher: '24-017', name: 'Жилой дом' }, 'г. Казань', '2026-11-26T22:30:00Z', 'id'), '24-017 2026-11-27');
  assert.equal(downloadBase({ cipher: null, name: 'Школа № 12 / корпус "А"' }, null, '2026-11-26T10:00:00Z', 'id'), 'Школа № 12 корпус А 2026-11-26');
  assert.equal(downloadBase(undefined, 'г. Казань,\nул. Чистопольская', null, 'id'), 'г. Казань, ул. Чистопольская');
  assert.equal(downloadBase({ cipher: null, name: null }, null, '2026-11-26T10:00:00Z', 'run-1'), 'run-1 2026-11-26');
  // 21:30 UTC is already the next day in Moscow, not yet in Kaliningrad
  assert.equal(downloadBase({ cipher: '24-017', name: null }, null, '2026-11-26T21:30:00Z', 'id', 'Europe/Kaliningrad'), '24-017 2026-11-26');
});

test('storedReport: 409 without a binding, 503 when the PDFs were not built', () => {
  assert.equal(
    code(() => storedReport(KEYS, { kind: 'pdf', section: 'АР' }, 'id')),
    '409 section_unavailable',
  );
  assert.equal(
    code(() => storedReport(KEYS, { kind: 'pdf', theme: 'engineering' }, 'id')),
    '409 thematic_unavailable',
  );
  const failed: ReportKeys = { ...KEYS, reportPdfKey: null, sectionPdfKeys: {}, themePdfKeys: {}, reportZipKey: null };
  assert.equal(
    code(() => storedReport(failed, { kind: 'pdf', section: 'АР' }, 'id')),
    '503 pdf_unavailable',
  );
  assert.equal(
    code(() => storedReport(failed, { kind: 'zip' }, 'id')),
    '503 pdf_unavailable',
  );
  assert.equal(storedReport(failed, { kind: 'markdown' }, 'id').key, 'r/report.md');
});
