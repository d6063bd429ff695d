// One run: state (refreshed every 5 s until it ends), documents, cancel, deletion of documents, reports, deliveries.
import { h, replace, state } from './dom.js';
import { api, ApiError, messageOf } from './api.js';
import { POLL_MS, statusCell, countsCell, pagesOf } from './runs.js';
import { plural, shownName, W, fmtDateTime, objectTitleOf, runTitle, ROLE, THEME, DELIVERY, EVENT, label } from './format.js';
import { revisionLine } from './revision.js';
import { contentMapBlock } from './content-map.js';
/** @import { DeliveryList, FindingsResult, RunStatus } from '../api-types.ts' */
/** @import { ObjectTitle } from './format.js' */

/** Why the document was not read, from the status's documents_unread; undefined when it was read. @param {RunStatus} run @param {number} index */
const unreadReason = (run, index) => run.documents_unread?.find((u) => u.index === index)?.reason;

/**
 * The designer's filled register (the XLSX for the designer, its answer columns filled) brought in: what was taken
 * is said, or why the file was refused (nothing changed then).
 * @param {string} runId
 * @param {(() => Promise<void>) | undefined} onAnswers
 */
function answersUpload(runId, onAnswers) {
  const input = /** @type {HTMLInputElement} */ (h('input#answers-file', { type: 'file', accept: '.xlsx' }));
  const msg = h('span.muted', ' Реестр для проектировщика с заполненными ответами (XLSX).');
  const button = h('button#answers-upload', { type: 'button' }, 'Загрузить ответы проектировщика');
  button.addEventListener('click', async () => {
    const file = input.files?.[0];
    if (!file) return replace(msg, h('span.error', ' Выберите файл реестра.'));
    const form = new FormData();
    form.append('file', file, file.name);
    button.disabled = true;
    try {
      const answer = await api.answers(runId, form);
      replace(msg, h('span.answers-taken', ` Принято ответов: ${answer.answered.length}; без ответа: ${answer.unanswered}.`));
      await onAnswers?.();
    } catch (err) {
      replace(msg, h('span.error', ` ${messageOf(err)}`));
    } finally {
      button.disabled = false;
    }
  });
  return h('div.report-row.answers', input, button, msg);
}

/**
 * The downloads of a done run: reports, the register of remarks, reports by section and theme; the upload of the
 * designer's answers.
 * @param {string} runId
 * @param {FindingsResult} result
 * @param {() => Promise<void>} [onAnswers] what to redraw once answers are taken
 */
export function reportLinks(runId, result, onAnswers) {
  const base = `/api/v1/runs/${runId}`;
  /** @param {string} href @param {string} text */
  const a = (href, text) => h('a.button', { href, download: '' }, text);
  return h(
    'div.reports',
    h('h2', 'Отчёты'),
    h('div.report-row', a(`${base}/report.pdf`, 'Общий отчёт PDF'), a(`${base}/report`, 'Отчёт Markdown'), a(`${base}/report.zip`, 'Все PDF одним ZIP')),
    // the register handed to the designer (rejected findings left out unless asked for) and the specialist's own
    h(
      'div.report-row',
      h('span.muted', 'Реестр для проектировщика: '),
      a(`${base}/register.xlsx`, 'Реестр XLSX'),
      a(`${base}/register.docx`, 'Реестр DOCX'),
      a(`${base}/register.xlsx?include_rejected=true`, 'XLSX с отклонёнными'),
    ),
    h(
      'div.report-row',
      h('span.muted', 'Реестр для специалиста (решения, их авторы, прошлый тур): '),
      a(`${base}/register.xlsx?variant=specialist`, 'Реестр специалиста XLSX'),
      a(`${base}/register.docx?variant=specialist`, 'Реестр специалиста DOCX'),
    ),
    answersUpload(runId, onAnswers),
    result.available_sections?.length
      ? h(
          'div.report-row',
          h('span.muted', 'По разделам: '),
          result.available_sections.map((s) => a(`${base}/report.pdf?section=${encodeURIComponent(s.code)}`, `${s.code} (${s.findings})`)),
        )
      : h('p.muted', 'Отчётов по разделам нет: доступен только общий PDF.'),
    result.available_themes?.length
      ? h(
          'div.report-row',
          h('span.muted', 'По темам: '),
          result.available_themes.map((t) => a(`${base}/report.pdf?theme=${encodeURIComponent(t)}`, label(THEME, t))),
        )
      : null,
  );
}

/** The run's name, state and facts. @param {RunStatus} run @param {ObjectTitle | null} title */
function runHead(run, title) {
  const counting = run.documents.some((d) => d.pages === null) && (run.status === 'queued' || run.status === 'running');
  return [
    h('h1', runTitle(run, title)),
    h(
      'div.run-meta',
      statusCell(run),
      h(
        'dl',
        h('dt', 'Принята'),
        h('dd', fmtDateTime(run.created_at)),
        run.finished_at ? [h('dt', 'Завершена'), h('dd', fmtDateTime(run.finished_at))] : null,
        h('dt', 'Объём'),
        h(
          'dd',
          `${plural(run.documents.length, W.docs)}, ${counting ? 'страницы ещё считаются' : plural(pagesOf(run), W.pages)}${run.double_volume ? ' (двойной объём)' : ''}`,
        ),
        run.bundle ? [h('dt', 'Пакет'), h('dd', `${run.bundle.label} (версия ${run.bundle.version})`)] : null,
        run.user_request ? [h('dt', 'Задание'), h('dd.pre', run.user_request)] : null,
        h('dt', 'Идентификатор'),
        h('dd.mono', run.run_id),
      ),
    ),
    run.status === 'failed' && !run.cancelled
      ? h('p.error', `Причина: ${run.error?.message ?? 'не указана'}. ${run.refunded ? 'Проверка возвращена на счёт.' : 'Проверка не возвращена.'}`)
      : null,
    run.status === 'failed' && run.cancelled ? h('p.muted', `Проверка отменена${run.refunded ? ', списание возвращено' : ''}.`) : null,
  ];
}

/** The documents of the set, each with its section, pages, role and whether it was read. @param {RunStatus} run */
function documentsTable(run) {
  const head = ['№', 'Документ', 'Раздел', 'Страниц', 'Страницы комплекта', 'Роль', 'Преобразован'];
  return [
    h('h2', 'Документы'),
    h(
      'table.docs',
      h(
        'thead',
        h(
          'tr',
          head.map((t) => h(t === '№' || t === 'Страниц' ? 'th.num' : 'th', t)),
        ),
      ),
      h(
        'tbody',
        run.documents.map((d) => {
          const unread = unreadReason(run, d.index);
          return h(
            'tr',
            h('td.num', d.index),
            h('td.name', shownName(d.name), unread ? h('div.unread', `Не прочитан: ${unread}`) : null),
            h('td', d.kind ?? '—', d.kind && !d.kind_chosen ? h('span.muted', ' (определён)') : null),
            h('td.num', d.pages ?? '—'),
            h('td', d.page_from ? `${d.page_from}–${d.page_to}` : '—'),
            h('td', label(ROLE, d.role)),
            h('td', d.converted ? 'да' : 'нет'),
          );
        }),
      ),
    ),
    run.skipped?.length ? h('p.muted', 'Пропущено при распаковке: ', run.skipped.map((s) => `${s.name} (${s.reason})`).join('; ')) : null,
  ];
}

/** The webhook deliveries of the run. @param {DeliveryList['deliveries']} list */
function deliveriesTable(list) {
  if (!list.length) return h('p.muted', 'Уведомлений не было: адрес не настроен или отправок ещё нет.');
  return h(
    'table',
    h('thead', h('tr', h('th', 'Событие'), h('th', 'Состояние'), h('th.num', 'Попыток'), h('th', 'Код ответа'), h('th', 'Обновлено'))),
    h(
      'tbody',
      list.map((d) =>
        h(
          'tr',
          h('td', label(EVENT, d.event)),
          h('td', label(DELIVERY, d.status)),
          h('td.num', d.attempts),
          h('td', d.last_response_code ?? '—'),
          h('td', fmtDateTime(d.updated_at)),
        ),
      ),
    ),
  );
}

/** The counts of a done run, the way into its findings, the change since the last round, the content map and the reports. @param {RunStatus} run @param {FindingsResult} result */
function resultBlock(run, result) {
  return [
    h(
      'div.result-line',
      countsCell(result.counts, run.documents_unread),
      h('a.button.primary#open-findings', { href: `#/runs/${run.run_id}/findings` }, 'Открыть замечания'),
    ),
    revisionLine(result),
    contentMapBlock(run, result),
    reportLinks(run.run_id, result),
  ];
}

/**
 * What can be done to the run: cancel while it is queued; apart, as the last and irreversible one, deletion of its
 * documents once it has finished. `act` runs the change from its button.
 * @param {RunStatus} run
 * @param {(button: HTMLButtonElement, fn: () => Promise<unknown>) => Promise<void>} act
 */
function runActions(run, act) {
  const runId = run.run_id;
  const everyday = [];
  if (run.status === 'queued') {
    const b = h('button#cancel', { type: 'button' }, 'Отменить проверку');
    b.onclick = () => confirm('Отменить проверку? Проверка вернётся на счёт.') && act(b, () => api.post(`/runs/${runId}/cancel`));
    everyday.push(b);
  }
  const danger = [];
  if ((run.status === 'done' || run.status === 'failed') && !run.documents_deleted) {
    const b = h('button.danger#delete-docs', { type: 'button' }, 'Удалить исходные документы');
    b.onclick = () =>
      confirm('Удалить исходные документы и изображения страниц? Отчёты и история решений останутся. Действие необратимо.') &&
      act(b, () => api.del(`/runs/${runId}/documents`));
    danger.push(
      h('h2', 'Исходные документы'),
      h('p.muted', 'Документы и изображения страниц можно удалить, когда они больше не нужны; отчёты и решения останутся.'),
      b,
    );
  }
  if (run.documents_deleted) danger.push(h('p.muted', 'Исходные документы удалены; отчёты и решения сохранены.'));
  return { everyday, danger };
}

/** @param {HTMLElement} main @param {string} runId */
export async function runView(main, runId) {
  /** @type {ReturnType<typeof setTimeout> | null} */
  let timer = null;
  let stopped = false;
  let resultShown = false;
  /** The object's cipher and name, once the result is read. @type {ObjectTitle | null} */
  let title = null;
  const head = h('div');
  const docs = h('div');
  const actions = h('div.actions');
  const reports = h('div');
  const deliveries = h('div');
  // An irreversible action goes last, apart from the everyday ones, so it is never the first button of a run.
  const dangerZone = h('div.danger-zone');
  replace(main, h('p', h('a', { href: '#/' }, '← Все проверки')), head, actions, reports, docs, deliveries, dangerZone);

  /** Runs a change of the run from a button, then reads the run again. @param {HTMLButtonElement} button @param {() => Promise<unknown>} fn */
  async function act(button, fn) {
    button.disabled = true;
    try {
      await fn();
      await load();
    } catch (err) {
      button.parentElement?.append(h('p.error', { role: 'alert' }, messageOf(err)));
      button.disabled = false;
    }
  }

  /** @param {RunStatus} run */
  function drawActions(run) {
    const { everyday, danger } = runActions(run, act);
    replace(actions, everyday);
    replace(dangerZone, danger);
  }

  /** Once the run is done: its result (which also names the object) and reports. @param {RunStatus} run */
  async function showResult(run) {
    try {
      const result = await api.get(`/runs/${runId}/findings`);
      title = objectTitleOf(result);
      const h1 = head.querySelector('h1');
      if (h1) replace(h1, runTitle(run, title));
      replace(reports, ...resultBlock(run, result));
    } catch (err) {
      replace(reports, h('p.error', messageOf(err)));
    }
  }

  async function load() {
    timer = null;
    let run;
    try {
      run = await api.get(`/runs/${runId}`);
    } catch (err) {
      if (stopped) return;
      if (err instanceof ApiError && err.status === 404) return replace(head, state('Проверка не найдена.', 'error'));
      head.append(h('p.error', `Нет связи: ${messageOf(err)}. Повтор через 15 секунд.`));
      timer = setTimeout(load, POLL_MS * 3);
      return;
    }
    if (stopped) return;
    replace(head, ...runHead(run, title));
    drawActions(run);
    replace(docs, ...documentsTable(run));
    if (run.status === 'done' && !resultShown) {
      resultShown = true;
      await showResult(run);
      loadDeliveries();
    }
    if (run.status === 'failed') loadDeliveries();
    if (run.status === 'queued' || run.status === 'running') timer = setTimeout(load, POLL_MS);
  }

  async function loadDeliveries() {
    try {
      const { deliveries: list } = await api.get(`/webhooks/deliveries?run_id=${runId}`);
      replace(deliveries, h('h2', 'Уведомления'), deliveriesTable(list));
    } catch (err) {
      replace(deliveries, h('p.error', messageOf(err)));
    }
  }

  await load();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
