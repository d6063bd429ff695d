import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toReportKeys } from './results.ts';

test('the report keys of a results row: the section and theme maps parsed, the absent PDFs null', () => {
  const built = toReportKeys({
    report_md_key: 'r/report.md',
    report_pdf_key: 'r/report.pdf',
    section_pdf_keys: '{"КР":"r/sections/КР.pdf"}',
    theme_pdf_keys: '{"norms":"r/themes/norms.pdf"}',
    report_zip_key: 'r/report.zip',
  });
  assert.deepEqual(built, {
    reportMdKey: 'r/report.md',
    reportPdfKey: 'r/report.pdf',
    sectionPdfKeys: { КР: 'r/sections/КР.pdf' },
    themePdfKeys: { norms: 'r/themes/norms.pdf' },
    reportZipKey: 'r/report.zip',
  });
  const failed = toReportKeys({ report_md_key: 'r/report.md', report_pdf_key: null, section_pdf_keys: '{}', theme_pdf_keys: '{}', report_zip_key: null });
  assert.deepEqual([failed.reportPdfKey, failed.sectionPdfKeys, failed.themePdfKeys, failed.reportZipKey], [null, {}, {}, null]);
});
