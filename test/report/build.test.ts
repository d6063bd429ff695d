/**
 * buildReports on a realistic result (Cyrillic sections, 36 findings, questions, warnings, reference
 * problems): what is stored, and what the PDFs really contain — read back with poppler-utils.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalBlobStore } from '../../src/blobs/local-blob-store.ts';
import { buildReports, renderPdf } from '../../src/report/index.ts';
import { buffer } from 'node:stream/consumers';
import type { ReportKeys } from '../../src/report/types.ts';
import { makeResult, makeResultWithContentMap, META, META_WITH_PZU } from './fixture.ts';
import { pdfInfo, pdfPages, pdfText, renderPng, wordBoxes, zipEntries } from './inspect.ts';

const flat = (s: string) => s.replace(/\s+/g, ' ');
/** Numbers n of the finding headings («№ 12 · Критическое · …») in the order they are printed. */
const printedNumbers = (text: string) => [...flat(text).matchAll(/№ (\d+) · (Критическое|Существенное|Незначительное)/g)].map((m) => Number(m[1]));

describe('buildReports', () => {
  const result = makeResult(36);
  let dir: string;
  let blobs: LocalBlobStore;
  let keys: ReportKeys;
  const read = (key: string) => readFile(join(dir, key));

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'drs-report-build-'));
    blobs = new LocalBlobStore(dir);
    keys = await buildReports(result, META, blobs, 'runs/r1/report/');
  });
  after(() => rm(dir, { recursive: true, force: true }));

  test('stores the Markdown, the PDFs of every available section and theme, and the ZIP under the prefix', () => {
    assert.deepEqual(keys, {
      reportMdKey: 'runs/r1/report/report.md',
      reportPdfKey: 'runs/r1/report/report.pdf',
      sectionPdfKeys: Object.fromEntries(['АР', 'ИОС1', 'КР', 'ОБЩ', 'ПБ', 'ПЗ'].map((c) => [c, `runs/r1/report/sections/${c}.pdf`])),
      themePdfKeys: Object.fromEntries(['engineering', 'norms', 'construction', 'unassigned'].map((t) => [t, `runs/r1/report/themes/${t}.pdf`])),
      reportZipKey: 'runs/r1/report/report.zip',
    });
  });

  test('the overall PDF renders, is A4, and carries the title page, the set and every finding number', async () => {
    const pdf = await read(keys.reportPdfKey!);
    const { pages, pageSize } = await pdfInfo(pdf);
    assert.ok(pages >= 5, `${pages} pages`);
    assert.match(pageSize, /595\.\d* x 841\.\d* pts \(A4\)/);
    const pngs = await renderPng(pdf, 1, 3);
    assert.equal(pngs.length, 3);
    for (const size of pngs) assert.ok(size > 5_000, 'a page with content');
    const text = flat(await pdfText(pdf));
    for (const s of [
      'Отчёт о проверке проектной документации',
      'Сводный отчёт',
      META.organization,
      META.object_address!,
      META.object_name!,
      '21.11.2026 12:42 МСК',
      'Состав комплекта',
      '24-017-ИОС1 Система электроснабжения.pdf',
      'Задание на проектирование.docx',
      '101–180',
      'справочный',
      'Содержание',
      'КР — Раздел 4. Конструктивные решения',
      'ОБЩ — Комплект в целом',
      'Вопросы',
      'Принят ли класс бетона В30',
      'Предупреждения',
      'Текст страниц распознан с изображения',
      'Проблемы ссылок',
      'Ссылка «24-017-КР2»: том не входит в комплект',
    ]) {
      assert.ok(text.includes(s), `missing «${s}»`);
    }
    assert.deepEqual(
      [...printedNumbers(text)].sort((a, b) => a - b),
      result.findings.map((f) => f.n),
    );
  });

  test('findings without page_refs are captioned by evidence_text; with page_refs by their labels', async () => {
    const text = flat(await pdfText(await read(keys.reportPdfKey!)));
    assert.ok(text.includes('Место: Штамп листа 3 тома КР: отсутствует подпись ГИП'));
    assert.ok(text.includes('Место: стр. 105 (док. 3 «24-017-КР.pdf», л. 5); стр. 107'));
  });

  test('sections in reference order, findings by importance then number', async () => {
    const text = flat(await pdfText(await read(keys.reportPdfKey!)));
    const findingsPart = text.slice(text.lastIndexOf('Замечания '));
    const headings = ['ОБЩ —', 'ПЗ —', 'АР —', 'КР —', 'ИОС1 —', 'ПБ —'].map((h) => findingsPart.indexOf(h));
    assert.deepEqual(
      [...headings].sort((a, b) => a - b),
      headings,
    );
    const rank = { critical: 0, significant: 1, minor: 2 };
    const expected = ['ОБЩ', 'ПЗ', 'АР', 'КР', 'ИОС1', 'ПБ'].flatMap((code) =>
      result.findings
        .filter((f) => f.section === code)
        .sort((a, b) => rank[a.importance] - rank[b.importance] || a.n - b.n)
        .map((f) => f.n),
    );
    assert.deepEqual(printedNumbers(findingsPart), expected);
  });

  test('footer «Страница N из M» on every page and contents page numbers that point at the sections', async () => {
    const pdf = await read(keys.reportPdfKey!);
    const pages = await pdfPages(pdf);
    const perPage = (await pdfText(pdf)).split('\f').slice(0, pages).map(flat);
    perPage.forEach((t, i) => void assert.ok(t.includes(`Страница ${i + 1} из ${pages}`), `footer of page ${i + 1}`));
    const contents = perPage[1]!;
    for (const [code, title] of [
      ['КР', 'Раздел 4. Конструктивные решения'],
      ['ПБ', 'Раздел 9. Мероприятия по обеспечению пожарной безопасности'],
    ]) {
      const m = new RegExp(`${code} — ${title} — \\d+ замечани\\S* (\\d+)`).exec(contents);
      assert.ok(m, `contents line of ${code}: ${contents}`);
      const heading = `${code} — ${title} (`;
      const first = perPage.findIndex((t, i) => i > 1 && t.includes(heading));
      assert.equal(Number(m[1]), first + 1, `page of ${code}`);
    }
  });

  test('a per-section PDF has only that section and keeps the overall numbers', async () => {
    const text = flat(await pdfText(await read(keys.sectionPdfKeys.КР!)));
    assert.ok(text.includes('Отчёт по разделу КР — Раздел 4. Конструктивные решения'));
    const kr = result.findings.filter((f) => f.section === 'КР').map((f) => f.n);
    assert.deepEqual(
      [...printedNumbers(text)].sort((a, b) => a - b),
      kr,
    );
    assert.deepEqual(kr, [4, 10, 16, 22, 28, 34]);
    assert.ok(text.includes('Принят ли класс бетона В30'), 'the section question');
    assert.ok(!text.includes('Какая величина верна'), 'no question of another section');
    assert.ok(text.includes('Всего замечаний по комплекту: 36'));
  });

  test('a per-theme PDF has only the findings of that theme', async () => {
    const text = flat(await pdfText(await read(keys.themePdfKeys.norms!)));
    assert.ok(text.includes('Отчёт по тематической группе «Нормативные требования и оформление»'));
    const norms = result.findings.filter((f) => f.topic === 'norms').map((f) => f.n);
    assert.deepEqual(
      [...printedNumbers(text)].sort((a, b) => a - b),
      norms,
    );
  });

  test('the ZIP holds exactly the overall PDF and the per-section PDFs, with UTF-8 names', async () => {
    const entries = await zipEntries(await read(keys.reportZipKey!));
    assert.deepEqual(
      entries.map((e) => e.name),
      ['report.pdf', 'sections/АР.pdf', 'sections/ИОС1.pdf', 'sections/КР.pdf', 'sections/ОБЩ.pdf', 'sections/ПБ.pdf', 'sections/ПЗ.pdf'],
    );
    for (const e of entries) assert.ok(e.utf8Flag, `${e.name} is flagged UTF-8`);
    assert.deepEqual(entries[0]!.data, await read(keys.reportPdfKey!));
    assert.deepEqual(entries[3]!.data, await read(keys.sectionPdfKeys.КР!));
  });

  test('the stored Markdown is the overall report', async () => {
    const md = (await read(keys.reportMdKey)).toString('utf8');
    assert.match(md, /^# Отчёт о проверке проектной документации\n/);
    assert.equal((md.match(/^#### № \d+ · /gm) ?? []).length, 36);
  });

  test('a result without findings still gives readable reports and no per-section PDFs', async () => {
    const empty = makeResult(0);
    const k = await buildReports(empty, META, blobs, 'runs/r2/report');
    assert.deepEqual(k.sectionPdfKeys, {});
    assert.deepEqual(k.themePdfKeys, {});
    const text = flat(await pdfText(await read(k.reportPdfKey!)));
    assert.ok(text.includes('Замечаний нет'));
    assert.deepEqual(
      (await zipEntries(await read(k.reportZipKey!))).map((e) => e.name),
      ['report.pdf'],
    );
  });
});

describe('the content map appendix in the PDF', () => {
  let pdf: Buffer;
  let text: string;

  before(async () => {
    pdf = await buffer(renderPdf(makeResultWithContentMap(12), META_WITH_PZU));
    text = flat(await pdfText(pdf));
  });

  test('comes last, on pages of its own, listed in the contents with the page it starts on', async () => {
    const pages = (await pdfText(pdf)).split('\f');
    const start = pages.findIndex((p) => flat(p).startsWith('Приложение. Карта содержания томов'));
    assert.ok(start > 0, 'a page starts with the appendix');
    assert.match(text, new RegExp(`Приложение\\. Карта содержания томов — 2 тома ${start + 1} `), 'the contents name its page');
    assert.ok(text.indexOf('Проблемы ссылок 1.') < text.indexOf('Том 1 «24-017-ПЗ.pdf» — ПЗ'), 'after the reference problems');
  });

  test('each volume: its facts, the table with the page labels and what was raised, the items that do not apply in one line', () => {
    for (const s of [
      'Том 1 «24-017-ПЗ.pdf» — ПЗ — Раздел 1. Пояснительная записка',
      'Требования: состав разделов до 01.09.2022. Том прочитан полностью.',
      'Не найдено: 1; найдено: 3; при условии: 1; не применяется: 1.',
      'П./подп. Часть Что требуется Статус Где Основание или причина',
      'лист 3 тома 24-017-ПЗ (стр. 3)',
      'Исходные данные и условия для подготовки проектной документации',
      'Вопрос 4: Не найдены сведения по п. 12 «ж» Положения',
      'Не применяются: п. 10 «д» — Применяется к объектам производственного назначения; объект — многоквартирный жилой дом.',
      'лист 4 тома 24-017-ПЗУ (стр. 244)',
    ]) {
      assert.ok(text.includes(s), `missing «${s}»`);
    }
  });

  test('no word of it leaves the printable area of A4', async () => {
    const words = await wordBoxes(pdf);
    const outside = words.filter((w) => w.xMin < 49 || w.xMax > 595.28 - 49 || w.yMin < 40 || w.yMax > 841.89 - 20);
    assert.deepEqual(outside.slice(0, 5), []);
  });

  test('a result without a content map prints the report it printed before', async () => {
    const older = flat(await pdfText(await buffer(renderPdf(makeResult(12), META))));
    assert.doesNotMatch(older, /Карта содержания|Приложение\./);
    const stripped = makeResultWithContentMap(12);
    delete stripped.content_map;
    stripped.questions.pop();
    assert.equal(flat(await pdfText(await buffer(renderPdf(stripped, META)))), older);
  });
});
