/**
 * Hostile text in reports: long unbroken words (an address of 100,000 letters took pdfkit minutes and
 * gigabytes before words were broken for it), controls and line breaks in Markdown headings.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buffer } from 'node:stream/consumers';
import { renderPdf } from '../../src/report/pdf/render.ts';
import { renderMarkdown } from '../../src/report/markdown.ts';
import { breakLongWords, MAX_UNBROKEN } from '../../src/report/pdf/breaks.ts';
import { makeResult, META } from '../report/fixture.ts';
import { pdfText } from '../report/inspect.ts';

test('long words get a break opportunity every MAX_UNBROKEN characters; short words and astral characters stay whole', () => {
  assert.equal(breakLongWords('г. Москва, ул. Тверская, д. 1'), 'г. Москва, ул. Тверская, д. 1');
  const broken = breakLongWords('x'.repeat(MAX_UNBROKEN * 2 + 1));
  assert.deepEqual(
    broken.split('\u200B').map((p) => p.length),
    [MAX_UNBROKEN, MAX_UNBROKEN, 1],
  );
  const emoji = '😀'.repeat(MAX_UNBROKEN + 1);
  assert.equal(breakLongWords(emoji).replace(/\u200B/g, ''), emoji);
  assert.ok(!/[\uD800-\uDBFF]\u200B/.test(breakLongWords(emoji)), 'a surrogate pair is never split');
});

test('a PDF report with a 100,000-letter address, task and document name is built in seconds', async () => {
  const long = 'а'.repeat(100_000);
  const meta = {
    ...META,
    object_address: long,
    user_request: 'б'.repeat(20_000),
    documents: [{ ...META.documents[0]!, name: `${'в'.repeat(1000)}.pdf` }, ...META.documents.slice(1)],
  };
  const result = makeResult(3);
  result.findings[0]!.essence = 'г'.repeat(5000);
  const started = Date.now();
  const pdf = await buffer(renderPdf(result, meta));
  const seconds = (Date.now() - started) / 1000;
  assert.ok(seconds < 30, `built in ${seconds} s`);
  const text = await pdfText(pdf);
  assert.match(text, /Адрес объекта: а{20,}/);
  assert.ok(!text.includes('\u200B'), 'break opportunities are invisible in the text');
});

test('Markdown: control characters do not reach the report and a value cannot open a heading or end a row', () => {
  const md = renderMarkdown(makeResult(1), { ...META, object_address: 'ул. Ленина\u0000, д. 1\r# не заголовок | не ячейка' });
  assert.ok(!/[\u0000-\u0008\u000B-\u001F]/.test(md));
  assert.ok(!/^# не заголовок/m.test(md), 'a line break inside a value does not start a heading');
  assert.match(md, /\\# не заголовок \\\| не ячейка/);
});
