/** Russian plural forms and dates of the cabinet's format module (a browser module, pure enough for Node). */
import { test } from 'node:test';
import assert from 'node:assert/strict';

const format: any = await import('../../src/cabinet/static/format.js' as string);
const { displayName } = await import('../../src/kernel/display-name.ts');
const { THEME_LABELS } = await import('../../src/report/labels.ts');

test('the cabinet names the themes as the PDFs and their file names do (one set: src/report/labels.ts)', () => {
  assert.deepEqual(format.THEME, THEME_LABELS);
});

test('the cabinet shows a name as the reports do (src/kernel/display-name.ts): invisible characters removed, a blank name named', () => {
  const names = [
    'АР\u202Efdp.exe',
    'АР\u0085.pdf',
    '\u061CКР.pdf',
    'П\u3164З.pdf',
    '\u3164\u3164.pdf',
    '\u0085\u061C\u3164',
    'Том 1/\u200F.pdf',
    'ИОС\u034F1.pdf',
    'Том 1/ИОС 5.2 — схема.pdf',
  ];
  for (const name of names) assert.equal(format.shownName(name), displayName(name), JSON.stringify(name));
  assert.equal(format.shownName('\u3164\u3164.pdf'), 'Документ без имени.pdf');
});

test('plural forms of Russian', () => {
  const forms = ['замечание', 'замечания', 'замечаний'];
  const cases: [number, string][] = [
    [0, 'замечаний'],
    [1, 'замечание'],
    [2, 'замечания'],
    [4, 'замечания'],
    [5, 'замечаний'],
    [11, 'замечаний'],
    [12, 'замечаний'],
    [14, 'замечаний'],
    [21, 'замечание'],
    [22, 'замечания'],
    [111, 'замечаний'],
    [101, 'замечание'],
    [1002, 'замечания'],
  ];
  for (const [n, form] of cases) assert.equal(format.plural(n, forms, false), form, String(n));
  assert.equal(format.plural(1500, forms), '1\u00a0500 замечаний');
});

test('dates in Russian; days of usage are UTC calendar dates', () => {
  assert.match(format.fmtDate('2026-11-24T10:00:00Z'), /^24 ноября 2026/);
  assert.equal(format.fmtShortDate('2026-03-01'), '1 мар.');
  assert.equal(format.fmtDateTime(null), '—');
});

test('sizes and estimates', () => {
  assert.equal(format.fmtBytes(0), '0 байт');
  assert.equal(format.fmtBytes(1536), '1,5 КБ');
  assert.equal(format.fmtEta(30), '≈ 30 секунд');
  assert.equal(format.fmtEta(125), '≈ 2 минуты');
});

test('times in the organization time zone (Moscow by default), named after the time', () => {
  assert.match(format.fmtDateTime('2026-11-26T21:30:00Z'), /^27 ноября 2026.*00:30 МСК$/);
  format.setTimeZone('Asia/Yekaterinburg');
  try {
    assert.match(format.fmtDateTime('2026-11-26T21:30:00Z'), /^27 ноября 2026.*02:30 Asia\/Yekaterinburg$/);
  } finally {
    format.setTimeZone();
  }
});

test('names of codes and other cases of plurals', () => {
  assert.equal(`в ${format.plural(4, format.W.filesIn)}`, 'в 4 файлах');
  assert.equal(`в ${format.plural(1, format.W.filesIn)}`, 'в 1 файле');
  assert.equal(`из ${format.plural(21, format.W.findingsOf)}`, 'из 21 замечания');
  assert.equal(format.label(format.NOTE_STATUS, 'candidate'), 'Предложена');
});

test('a run is named by its address, else the object from the result, else its first file', () => {
  const run = { object: { address: null }, documents: [{ name: '24-017-ПЗ.pdf' }] };
  assert.equal(format.runTitle(run, { cipher: '24-017', name: 'Жилой дом' }), 'Жилой дом (24-017)');
  assert.equal(format.runTitle(run, { cipher: '24-017', name: null }), '24-017');
  assert.equal(format.runTitle(run, null), '24-017-ПЗ.pdf');
  assert.equal(format.runTitle({ ...run, object: { address: 'г. Казань' } }, { cipher: '24-017', name: null }), 'г. Казань');
});
