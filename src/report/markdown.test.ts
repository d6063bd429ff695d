import { test } from 'node:test';
import assert from 'node:assert/strict';
import { escapeMarkdown, renderMarkdown } from './markdown.ts';
import { makeResult, META } from '../../test/report/fixture.ts';

test('the Markdown has the structure of the PDF: facts, summary, set, contents, findings by section, the rest', () => {
  const md = renderMarkdown(makeResult(12), META);
  const headings = md.split('\n').filter((l) => /^##? /.test(l));
  assert.deepEqual(headings, [
    '# Отчёт о проверке проектной документации',
    '## Сводка',
    '## Состав комплекта',
    '## Содержание',
    '## Замечания',
    '## Вопросы',
    '## Предупреждения',
    '## Проблемы ссылок',
  ]);
  assert.match(md, /\| Организация \| ООО «Экспертстрой» \|/);
  assert.match(md, /\| 6 \| Задание на проектирование\.docx \| — \| 5 \| 236–240 \| справочный \|/);
  assert.match(md, /^- КР — Раздел 4\. Конструктивные решения — 2 замечания$/m);
  assert.match(md, /^### КР — Раздел 4\. Конструктивные решения \(2\)$/m);
  assert.equal((md.match(/^#### № \d+ · /gm) ?? []).length, 12);
  assert.match(md, /^- \*\*Место:\*\* стр\. 105 \(док\. 3 «24-017-КР\.pdf», л\. 5\); стр\. 107/m);
});

test('a section filter keeps the overall numbers and the section questions only', () => {
  const md = renderMarkdown(makeResult(36), META, { section: 'КР' });
  assert.match(md, /\*\*Отчёт по разделу КР — Раздел 4\. Конструктивные решения\*\*/);
  const numbers = [...md.matchAll(/^#### № (\d+) · /gm)].map((m) => Number(m[1])).sort((a, b) => a - b);
  assert.deepEqual(numbers, [4, 10, 16, 22, 28, 34]);
  assert.match(md, /Вопрос 2 · КР/);
  assert.doesNotMatch(md, /Вопрос 1 · /);
});

test('a theme filter keeps only that theme, critical findings first', () => {
  const md = renderMarkdown(makeResult(36), META, { theme: 'engineering' });
  const numbers = [...md.matchAll(/^#### № (\d+) · /gm)].map((m) => Number(m[1]));
  // Engineering findings are 5, 11, 17, 23, 29, 35; 17 and 35 are critical, 11 and 29 significant.
  assert.deepEqual(numbers, [17, 35, 11, 29, 5, 23]);
  assert.match(md, /Отчёт по тематической группе «Инженерные системы и технологические решения»/);
});

test('markup in texts is escaped; table cells keep one line', () => {
  assert.equal(escapeMarkdown('a*b_c|d [x](y) <b>'), 'a\\*b\\_c\\|d \\[x\\](y) \\<b\\>');
  const result = makeResult(1);
  result.findings[0]!.essence = 'строка 1\nстрока 2 | **жирный**';
  const md = renderMarkdown(result, { ...META, documents: [{ ...META.documents[0]!, name: 'a|b\nc.pdf' }] });
  assert.match(md, /^- \*\*Суть:\*\* строка 1 {2}\n {2}строка 2 \\\| \\\*\\\*жирный\\\*\\\*$/m);
  assert.match(md, /\| 1 \| a\\\|b<br>c\.pdf \|/);
});
