import { test } from 'node:test';
import assert from 'node:assert/strict';
import { storedDecision } from '../../../test/helpers/decisions.ts';
import { makeResult } from '../../../test/report/fixture.ts';
import type { Decision } from '../../kernel/model/feedback.ts';
import type { PublishedRevision } from '../../kernel/result.ts';
import { fittedWidths, longestWord, rowHeight, wrappedLines } from './layout.ts';
import { type RegisterContext, registerColumns, registerSheet, shortQuote, standingDecision } from './rows.ts';

const at = (d: Decision, createdAt: string, over: Partial<Decision> = {}): Decision => ({ ...d, createdAt, ...over });

const CTX: RegisterContext = {
  runId: '11111111-2222-3333-4444-555555555555',
  organization: 'ГАУ «Госэкспертиза»',
  objectAddress: 'г. Казань, ул. Чистопольская, д. 20',
  bundleLabel: 'Дело 16-1-1-3-0042-26',
  round: 2,
  at: '2026-12-01T09:00:00.000Z',
  expert: 'Иванова А. П.',
  authors: new Map([['key:k1', 'Петров С. В.']]),
};

const cellOf = (sheet: ReturnType<typeof registerSheet>, key: string, rowIndex: number) =>
  sheet.rows[rowIndex]!.cells[sheet.columns.findIndex((c) => c.key === key)]!;

test('standingDecision: the newest decision that is not a withdrawal; only withdrawals → the newest withdrawal', () => {
  const accepted = at(storedDecision('f', 'key:a', 1, 'accepted'), '2026-11-21T10:00:00Z');
  const rejected = at(storedDecision('f', 'key:b', 1, 'rejected'), '2026-11-21T11:00:00Z');
  const withdrawn = at(storedDecision('f', 'key:c', 2, 'withdrawn'), '2026-11-21T12:00:00Z');
  assert.equal(standingDecision([accepted, rejected, withdrawn]), rejected);
  assert.equal(standingDecision([withdrawn, accepted]), accepted);
  assert.equal(standingDecision([withdrawn]), withdrawn);
  assert.equal(standingDecision([]), undefined);
});

test('the designer register: a heading, continuous numbers, volume and sheet in the designer terms, the norm, the answer columns, no internal ones', () => {
  const result = makeResult();
  const [a] = [...result.findings].sort((x, y) => x.n - y.n);
  const rejected = { ...storedDecision(a!.finding_id, 'key:k1', 1, 'rejected'), reason: 'Внутренняя причина специалиста' };
  const sheet = registerSheet(result, [rejected], CTX);
  assert.deepEqual(
    sheet.columns.map((c) => c.header),
    [
      '№',
      'Том',
      'Лист',
      'Замечание',
      'Норма (пункт) и цитата из тома',
      'Ответ проектировщика',
      'Лист с исправлением',
      'Снято / не снято',
      'Идентификатор замечания',
    ],
  );
  assert.equal(sheet.columns.at(-1)!.hidden, true);
  assert.deepEqual(
    sheet.rows.map((r) => r.no),
    Array.from({ length: result.findings.length - 1 }, (_, i) => i + 1),
    'numbered without the gap the rejected finding leaves',
  );
  const all = JSON.stringify(sheet);
  assert.doesNotMatch(all, /Внутренняя причина|Существенное|Критическое|key:|\(стр\. \d/, 'no decisions, importance, key ids or running pages');
  const withRefs = sheet.rows.findIndex((r) => result.findings.find((f) => f.finding_id === r.findingId)!.page_refs.length > 0);
  assert.match(cellOf(sheet, 'sheet', withRefs), /^с\. \d+/);
  assert.match(cellOf(sheet, 'norm', withRefs), /^СП 20\.13330\.2016 «Нагрузки и воздействия», п\. 10\.2\n«/);
  assert.equal(cellOf(sheet, 'answer', 0), '');
  assert.equal(cellOf(sheet, 'finding_id', 0), sheet.rows[0]!.findingId);
  assert.deepEqual(sheet.heading.slice(0, 2), [
    ['Объект', '—'],
    ['Адрес объекта', 'г. Казань, ул. Чистопольская, д. 20'],
  ]);
  assert.deepEqual(
    sheet.heading.slice(5).map(([k]) => k),
    ['Экспертная организация', 'Дело', 'Тур (проверка комплекта)', 'Дата'],
  );
  assert.equal(sheet.heading.find(([k]) => k === 'Тур (проверка комплекта)')![1], '2-й');
  assert.match(sheet.signature, /^Эксперт _+ \/ Иванова А\. П\. \/$/);
  assert.doesNotMatch(sheet.title + sheet.scope + sheet.heading.join(' '), /11111111/, 'no internal id in what is printed');
  assert.equal(sheet.marker, `drs-register:designer:${CTX.runId}`);

  const included = registerSheet(result, [rejected], CTX, { includeRejected: true });
  assert.equal(included.rows.length, result.findings.length);
  assert.equal(included.rows.filter((r) => r.rejected).length, 1);
});

test('the specialist register: everything, the decisions by the names of the keys, the carried ones said', () => {
  const result = makeResult();
  const [a, b] = [...result.findings].sort((x, y) => x.n - y.n);
  const decisions = [
    { ...storedDecision(a!.finding_id, 'key:k1', 1, 'rejected'), reason: 'Расчёт приведён на листе 12' },
    { ...storedDecision(b!.finding_id, 'key:k2', 1, 'accepted'), reason: 'Согласен', carriedFrom: 'old-1' },
  ];
  const sheet = registerSheet(result, decisions, CTX, { variant: 'specialist' });
  assert.equal(sheet.rows.length, result.findings.length, 'rejected ones too');
  assert.ok(sheet.columns.some((c) => c.header === 'Решение специалиста'));
  assert.match(cellOf(sheet, 'remark', 0), /^(Критическое|Существенное|Незначительное)\.\n/, 'the importance opens the remark');
  assert.match(cellOf(sheet, 'decision', 0), /^Отклонено: Расчёт приведён на листе 12\nПетров С\. В\., 21\.11\.2026 13:00 МСК$/);
  assert.match(cellOf(sheet, 'decision', 1), /^Принято \(перенесено из прошлого тура\): Согласен\nключ без имени, /);
  assert.equal(cellOf(sheet, 'decision', 2), 'Без решения');
  assert.equal(cellOf(sheet, 'report_n', 1), String(b!.n));
});

test('a persisting remark rejected in the previous round and undecided now stays out of the designer register', () => {
  const result = makeResult();
  const [a, b] = [...result.findings].sort((x, y) => x.n - y.n);
  a!.revision = { status: 'persisting', previous_finding_id: 'prev-7', previous_n: 7 };
  b!.revision = { status: 'new' };
  const previousDecisions = [at(storedDecision('prev-7', 'key:k1', 1, 'rejected'), '2026-11-20T10:00:00Z', { reason: 'Расчёт приложен' })];
  const designer = registerSheet(result, [], CTX, { previousDecisions });
  assert.ok(!designer.rows.some((r) => r.findingId === a!.finding_id));
  assert.doesNotMatch(JSON.stringify(designer), /Расчёт приложен/);
  const specialist = registerSheet(result, [], CTX, { previousDecisions, variant: 'specialist' });
  assert.equal(cellOf(specialist, 'revision', 0), 'Повторное (№ 7 прошлой проверки)\nРешение в прошлом туре: отклонено — Расчёт приложен (Петров С. В.)');
  assert.equal(cellOf(specialist, 'decision', 0), 'Отклонено в прошлом туре, в этом без решения');
  assert.equal(cellOf(specialist, 'revision', 1), 'Новое');
});

test('a compared run lists the volumes, the remarks resolved and those of volumes not resubmitted, within the filter', () => {
  const result = makeResult();
  const listed = (n: number, section: string) => ({
    finding_id: `p${n}`,
    n,
    importance: 'minor' as const,
    section,
    topic: 'norms' as const,
    check_id: 'x',
    essence: `Прежнее ${n}`,
    place: 'p',
  });
  const revision: PublishedRevision = {
    previous_run_id: 'r0',
    previous_published_at: '2026-11-20T09:00:00.000Z',
    counts: { new: 1, persisting: 0, resolved: 1, not_resubmitted: 1 },
    resolved: [listed(3, 'АР')],
    not_resubmitted: [listed(5, 'ИОС1')],
    documents: [{ doc_index: 1, name: 'ИОС3.pdf', section: 'ИОС3', cipher: null, status: 'added' }],
    dropped: [{ doc_index: 4, name: 'ИОС1.2.pdf', section: 'ИОС1', cipher: '24-017-ИОС1.2' }],
  };
  const sheet = registerSheet({ ...result, revision }, [], CTX);
  const text = sheet.notes.map((n) => [n.title, ...n.lines].join('\n')).join('\n');
  assert.match(text, /Добавлены: ИОС3 \(«ИОС3\.pdf»\)/);
  assert.match(text, /Не представлены повторно: 24-017-ИОС1\.2, ИОС1 \(«ИОС1\.2\.pdf»\)/);
  assert.match(text, /Сняты — устранены с прошлого тура: 1\n№ 3 прошлого тура \(АР\): Прежнее 3/);
  assert.match(text, /Том не представлен повторно — замечания прошлого тура не сняты: 1\n№ 5 прошлого тура \(ИОС1\): Прежнее 5/);
  assert.doesNotMatch(text, /r0/);
  const ar = registerSheet({ ...result, revision }, [], CTX, { filter: { section: 'ПЗ' } });
  assert.match(ar.notes.map((n) => n.title).join('\n'), /Сняты — устранены с прошлого тура: 0/);
});

test('a short quote keeps what the volume says and drops the service reasoning', () => {
  const evidence =
    'В документе «24-017-ПЗ.pdf» (с. 2) указано: Нагрузки приняты по СНиП 2.01.07-85*. По реестру нормативов сервиса (версия 2026-11.9) СНиП 2.01.07-85* заменён; замена — СП 20.13330.2016. На дату оценки документ уже не действовал (дата не указана — оценка на текущую дату).';
  assert.equal(shortQuote(evidence), 'В документе «24-017-ПЗ.pdf» (с. 2) указано: Нагрузки приняты по СНиП 2.01.07-85*.');
  assert.ok(shortQuote('Слово '.repeat(100)).length <= 221);
});

test('rows are as high as their wrapped text, words never broken unless longer than the line', () => {
  assert.equal(wrappedLines('', 10), 1);
  assert.equal(wrappedLines('один два', 10), 1);
  assert.equal(wrappedLines('один два три', 10), 2);
  assert.equal(wrappedLines('а\nб\nв', 10), 3);
  assert.equal(wrappedLines('x'.repeat(25), 10), 3);
  const widths = registerColumns('designer').map((c) => c.width);
  assert.ok(rowHeight(['1', 'т', 'л', 'слово '.repeat(80)], widths) > rowHeight(['1', 'т', 'л', 'слово'], widths) * 5);
});

test('DOCX widths: every column at least as wide as its longest word, the rest shared in proportion', () => {
  const widths = fittedWidths([5, 50, 10], [100, 200, 400], 1000);
  assert.deepEqual(widths, [100, 500, 400]);
  assert.ok(widths.reduce((a, b) => a + b, 0) <= 1000);
  assert.equal(longestWord(['Лист с исправлением']), 12);
});
