/**
 * Layout under stress: very long texts wrap, a long unbroken token is split, a set of 150 documents breaks
 * the table across pages with its header repeated, and no word leaves the printable area of A4.
 */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buffer } from 'node:stream/consumers';
import { renderPdf } from '../../src/report/pdf/render.ts';
import type { ReportMeta } from '../../src/report/types.ts';
import { makeResult, META } from './fixture.ts';
import { pdfInfo, pdfText, wordBoxes, type WordBox } from './inspect.ts';

const A4 = { width: 595.28, height: 841.89 };
const TOKEN = `https://example.ru/${'очень_длинный_путь_к_документу/'.repeat(12)}КР.pdf`;
const LONG = 'Несущая способность монолитной плиты перекрытия на отметке +12,600 не подтверждена расчётом; '.repeat(60);

describe('PDF layout of long content', () => {
  let pdf: Buffer;
  let words: WordBox[];
  let pages: number;
  const meta: ReportMeta = {
    ...META,
    user_request: `Задание: ${'проверить соответствие требованиям СП 54.13330.2022 и СП 4.13130.2013; '.repeat(40)}конец задания.`,
    documents: Array.from({ length: 150 }, (_, i) => ({
      index: i + 1,
      name: `Том ${i + 1}. 24-017-КР${i + 1} Конструктивные решения, книга ${i + 1}, корпус ${(i % 3) + 1}, секции 1–4, с изменениями № 1, 2.pdf`,
      kind: 'КР',
      pages: 10,
      role: 'review' as const,
      page_from: i * 10 + 1,
      page_to: i * 10 + 10,
    })),
  };

  before(async () => {
    const result = makeResult(8);
    result.findings[0]!.essence = LONG;
    result.findings[1]!.evidence_text = TOKEN;
    result.findings[1]!.page_refs = [];
    pdf = await buffer(renderPdf(result, meta));
    words = await wordBoxes(pdf);
    pages = (await pdfInfo(pdf)).pages;
  });

  test('no word leaves the printable area', () => {
    assert.ok(words.length > 1000);
    const outside = words.filter((w) => w.xMin < 49 || w.xMax > A4.width - 49 || w.yMin < 40 || w.yMax > A4.height - 20);
    assert.deepEqual(outside.slice(0, 5), []);
  });

  test('long texts are printed whole, the unbroken token split over lines', async () => {
    const text = await pdfText(pdf);
    // Footers interrupt a text that runs over a page break.
    const compact = text.replace(/\s+/g, '').replace(/Страница\d+из\d+/g, '');
    assert.ok(compact.includes(TOKEN.replace(/\s+/g, '')), 'the whole token');
    assert.ok(compact.includes(LONG.replace(/\s+/g, '')), 'the whole long essence');
    assert.ok(compact.includes('конецзадания.'), 'the end of the task');
  });

  test('the document table breaks across pages and repeats its header', async () => {
    const headerPages = new Set(words.filter((w) => w.text === 'комплекте').map((w) => w.page));
    assert.ok(headerPages.size >= 3, `header on pages ${[...headerPages].join(', ')}`);
    const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
    assert.ok(text.includes('1491–1500'), 'the last row');
    assert.ok(text.includes(`Страница ${pages} из ${pages}`));
  });
});
