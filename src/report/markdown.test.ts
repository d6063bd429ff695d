import { test } from 'node:test';
import assert from 'node:assert/strict';
import { escapeMarkdown, renderMarkdown } from './markdown.ts';
import { makeResult, makeResultWithContentMap, META, META_WITH_PZU } from '../../test/report/fixture.ts';
import { DOCUMENTS_UNREAD } from '../kernel/result.ts';

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

test('documents that could not be read are said in the summary, before the counts', () => {
  const result = makeResult(0);
  const unread = 'Не прочитаны документы (1 из 6): «24-017-АР.pdf» — файл не является PDF. Замечания по ним не сформированы.';
  result.warnings.unshift({ code: DOCUMENTS_UNREAD, message: unread });
  const md = renderMarkdown(result, META);
  const summary = md.slice(md.indexOf('## Сводка'), md.indexOf('## Состав комплекта'));
  const lines = summary.split('\n').filter((l) => l.startsWith('- '));
  const at = lines.findIndex((l) => l.includes('Не прочитаны документы (1 из 6)'));
  assert.ok(at >= 0, summary);
  assert.ok(at < lines.findIndex((l) => l.startsWith('- Замечаний в отчёте')), 'before the counts');
  assert.doesNotMatch(renderMarkdown(makeResult(0), META).slice(0, 2000), /Не прочитаны документы/, 'only when there are such documents');
});

test('the cover prints the object the review established, and its address when the request gave none', () => {
  const statement = (value: string) => ({ value, source: 'title', doc_index: 2, page: 1, quote: value, documents: 3 });
  const result = makeResult(1);
  result.set = {
    stage: 'П',
    edition: 'from_2022_09_01',
    edition_basis: '',
    reference_date: null,
    reference_date_source: null,
    reference_date_text: null,
    reference_doc_index: null,
    reference_page: null,
    documents: [],
    summary: '',
    object: {
      name: statement('Строительство МБОУ СОШ № 12'),
      institution: 'школа № 12',
      address: statement('г. Тверь, ул. Ленина, д. 5'),
      cadastral_numbers: [],
      cipher_base: null,
      customer: null,
      designer: null,
      chief_engineer: null,
    },
  };
  const md = renderMarkdown(result, { ...META, object_name: 'не классифицируется, размер санитарно', object_address: null });
  assert.match(md, /\| Объект \| Строительство МБОУ СОШ № 12 \|/);
  assert.match(md, /\| Адрес объекта \| г\. Тверь, ул\. Ленина, д\. 5 \|/);
  // an older result without the object keeps the name it was published with
  assert.match(renderMarkdown(makeResult(1), META), /\| Объект \| Многоквартирный жилой дом со встроенными помещениями \|/);
});

test('against the previous round the summary counts new, persisting and resolved findings within the filter, and each finding says which it is', () => {
  const result = makeResult(12);
  const kr = result.findings.filter((f) => f.section === 'КР');
  result.findings.forEach((f, i) => {
    f.revision = i === 0 || f === kr[0] ? { status: 'persisting', previous_finding_id: `p${i}`, previous_n: 40 + i } : { status: 'new' };
  });
  const resolved = (n: number, section: string) => ({
    finding_id: `r${n}`,
    n,
    importance: 'minor' as const,
    section,
    topic: 'norms' as const,
    check_id: 'norms.superseded',
    essence: `Устранённое ${n}.`,
    place: '',
  });
  result.revision = {
    previous_run_id: '11111111-2222-3333-4444-555555555555',
    previous_published_at: '2026-11-20T09:30:00.000Z',
    counts: { new: 10, persisting: 2, resolved: 2 },
    resolved: [resolved(3, 'КР'), resolved(8, 'АР')],
  };
  const md = renderMarkdown(result, META);
  assert.match(
    md,
    /^- Сравнение с предыдущей проверкой комплекта \(результат от 20\.11\.2026 12:30 МСК\): новых замечаний — 10, повторных — 2, устранено — 2\.$/m,
  );
  assert.match(md, /^- Устранены замечания прошлой проверки: № 3 \(КР — [^)]+\) — Устранённое 3\.; № 8 \(АР — [^)]+\) — Устранённое 8\.$/m);
  assert.match(md, /\*\*С прошлой проверки:\*\* повторное \(№ 40 прошлой проверки\)/);
  assert.match(md, /\*\*С прошлой проверки:\*\* новое/);
  const section = renderMarkdown(result, META, { section: 'КР' });
  assert.match(section, /новых замечаний — \d+, повторных — 1, устранено — 1\./);
  assert.doesNotMatch(md, /11111111-/, 'the previous run is named by its date, not by its id');
  assert.doesNotMatch(renderMarkdown(makeResult(12), META), /прошлой проверки/, 'a run compared with none says nothing of it');

  result.revision = {
    ...result.revision,
    counts: { new: 10, persisting: 2, resolved: 1, not_resubmitted: 1 },
    resolved: [resolved(3, 'КР')],
    not_resubmitted: [resolved(8, 'АР')],
    documents: [
      {
        doc_index: 1,
        name: 'АР изм1.pdf',
        section: 'АР',
        cipher: '24-017-АР',
        status: 'corrected',
        matched_by: 'cipher',
        previous_doc_index: 2,
        previous_name: 'АР.pdf',
      },
      { doc_index: 2, name: 'ИОС3.pdf', section: 'ИОС3', cipher: null, status: 'added' },
    ],
    dropped: [{ doc_index: 5, name: 'ИОС1.2.pdf', section: 'ИОС1', cipher: '24-017-ИОС1.2' }],
  };
  const rounds = renderMarkdown(result, META);
  assert.match(rounds, /устранено — 1, по томам, не представленным повторно, — 1\./);
  assert.match(rounds, /^- Исправленные тома: 24-017-АР, АР \(«АР изм1\.pdf»\)\.$/m);
  assert.match(rounds, /^- Добавлены: ИОС3 \(«ИОС3\.pdf»\)\.$/m);
  assert.match(rounds, /^- Не представлены повторно: 24-017-ИОС1\.2, ИОС1 \(«ИОС1\.2\.pdf»\)\.$/m);
  assert.match(rounds, /^- Том не представлен повторно — замечания прошлой проверки не сняты: № 8 \(АР — [^)]+\) — Устранённое 8\.$/m);
  assert.doesNotMatch(rounds, /Устранены замечания прошлой проверки: [^\n]*№ 8/, 'a remark on a volume that did not come back is never resolved');
});

test('times are given in the zone of the organization the report was published for; Moscow for reports made before zones', () => {
  const moscow = renderMarkdown(makeResult(3), META);
  assert.match(moscow, /\| Комплект принят \| 21\.11\.2026 12:15 МСК \|/);
  assert.match(moscow, /\| Результат опубликован \| 21\.11\.2026 12:42 МСК \|/);

  const result = makeResult(3);
  result.revision = {
    previous_run_id: 'prev',
    previous_published_at: '2026-11-20T21:30:00.000Z',
    counts: { new: 3, persisting: 0, resolved: 0 },
    resolved: [],
  };
  const samara = renderMarkdown(result, { ...META, time_zone: 'Europe/Samara' });
  assert.match(samara, /\| Комплект принят \| 21\.11\.2026 13:15 Europe\/Samara \|/);
  assert.match(samara, /\| Результат опубликован \| 21\.11\.2026 13:42 Europe\/Samara \|/);
  // past midnight in Samara, still the day before in UTC
  assert.match(samara, /результат от 21\.11\.2026 01:30 Europe\/Samara\)/);
  assert.doesNotMatch(samara, /МСК/);
});

test('the content map is an appendix: per volume its edition, reading and counts, then a table — not found first, then found — and the items that do not apply in one line', () => {
  const md = renderMarkdown(makeResultWithContentMap(12), META_WITH_PZU);
  const headings = md.split('\n').filter((l) => /^##? /.test(l));
  assert.equal(headings.at(-1), '## Приложение. Карта содержания томов', 'after everything else the report says');
  assert.match(md, /^- Приложение\. Карта содержания томов — 2 тома$/m, 'in the contents');
  assert.match(md, /^- Карта содержания томов \(приложение\): томов — 2, пунктов Положения о составе разделов ПД, сведения по которым не найдены, — 2\.$/m);
  assert.match(md, /^### Том 1 «24-017-ПЗ\.pdf» — ПЗ — Раздел 1\. Пояснительная записка$/m);
  assert.match(md, /^### Том 7 «24-017-ПЗУ\.pdf» — ПЗУ — /m);
  assert.match(md, /^- Требования: состав разделов до 01\.09\.2022\. Том прочитан не полностью: часть страниц не прочитана или распознана\.$/m);
  assert.match(md, /^- Не найдено: 1; найдено: 3; при условии: 1; не применяется: 1\.$/m);
  assert.match(md, /^\| П\.\/подп\. \| Часть \| Что требуется \| Статус \| Где \| Основание или причина \|$/m);
  // found: the place is the PageRef's label, as findings print it, and the words it was found by
  assert.match(
    md,
    /^\| п\. 10 «б» \| текстовая \| исходные данные и условия для подготовки проектной документации на объект капитального строительства \| найдено \| лист 3 тома 24-017-ПЗ \(стр\. 3\) \| строка содержания тома: «2\. Исходные данные и условия для подготовки проектной документации» \|$/m,
  );
  // not found: what it raised, by its number in this result
  assert.match(
    md,
    /^\| п\. 12 «ж» \| текстовая \| описание решений по благоустройству территории \| не найдено \| — \| Вопрос 4: Не найдены сведения по п\. 12 «ж» Положения/m,
  );
  assert.match(md, /^\| п\. 10 «т» \| [^\n]* \| не найдено \| — \| Замечание № 2 \(незначительное\) \|$/m);
  assert.match(md, /^\| п\. 10 «н» \| [^\n]* \| при условии \| — \| Применяется, если разрабатывались специальные технические условия/m);
  assert.match(md, /^Не применяются: п\. 10 «д» — Применяется к объектам производственного назначения; объект — многоквартирный жилой дом\.$/m);
  assert.doesNotMatch(md, /^\| п\. 10 «д» /m, 'a not-applicable item is no row of the table');

  const pz = md.slice(md.indexOf('### Том 1 «24-017-ПЗ.pdf»'), md.indexOf('### Том 7'));
  const rowOf = (point: string) => pz.indexOf(`| ${point} |`);
  assert.ok(rowOf('п. 10 «т»') < rowOf('п. 10 «а»') && rowOf('п. 10 «м»') < rowOf('п. 10 «н»'), 'not found, then found, then conditional');
});

test("the appendix follows the report filter: the section's volumes only, none in a theme report; a result without a map has none", () => {
  const result = makeResultWithContentMap(12);
  const section = renderMarkdown(result, META_WITH_PZU, { section: 'ПЗУ' });
  assert.match(section, /^### Том 7 «24-017-ПЗУ\.pdf»/m);
  assert.doesNotMatch(section, /^### Том 1 /m);
  assert.match(section, /томов — 1, пунктов Положения о составе разделов ПД, сведения по которым не найдены, — 1\./);
  assert.doesNotMatch(renderMarkdown(result, META_WITH_PZU, { section: 'КР' }), /Карта содержания/);
  assert.doesNotMatch(renderMarkdown(result, META_WITH_PZU, { theme: 'norms' }), /Карта содержания/);
  // older results: the report is what it was, byte for byte
  const older = makeResult(12);
  const withMap = makeResultWithContentMap(12);
  delete withMap.content_map;
  withMap.questions.pop();
  assert.equal(renderMarkdown(withMap, META_WITH_PZU), renderMarkdown(older, META_WITH_PZU));
  assert.doesNotMatch(renderMarkdown(older, META), /Карта содержания|Приложение/);
});
