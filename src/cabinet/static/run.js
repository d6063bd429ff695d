// One run: state (refreshed every 5 s until it ends), documents, cancel, deletion of documents, reports, deliveries.
import { h, replace, state } from './dom.js';
import { api } from './api.js';
import { POLL_MS, statusCell, countsCell, pagesOf } from './runs.js';
import { plural, W, fmtDateTime, ROLE, THEME, DELIVERY, label } from './format.js';

export function reportLinks(runId, result) {
  const base = `/api/v1/runs/${runId}`;
  const a = (href, text) => h('a.button', { href, download: '' }, text);
  return h(
    'div.reports',
    h('h2', 'Отчёты'),
    h('div.report-row', a(`${base}/report.pdf`, 'Общий отчёт PDF'), a(`${base}/report`, 'Отчёт Markdown'), a(`${base}/report.zip`, 'Все PDF одним ZIP')),
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

export async function runView(main, runId) {
  let timer = null;
  let stopped = false;
  let resultShown = false;
  const head = h('div');
  const docs = h('div');
  const actions = h('div.actions');
  const reports = h('div');
  const deliveries = h('div');
  replace(main, h('p', h('a', { href: '#/' }, '← Все проверки')), head, actions, reports, docs, deliveries);

  async function act(button, fn) {
    button.disabled = true;
    try {
      await fn();
      await load();
    } catch (err) {
      actions.append(h('p.error', { role: 'alert' }, err.message));
      button.disabled = false;
    }
  }

  function drawActions(run) {
    const out = [];
    if (run.status === 'queued') {
      const b = h('button#cancel', { type: 'button' }, 'Отменить проверку');
      b.onclick = () => confirm('Отменить проверку? Проверка вернётся на счёт.') && act(b, () => api.post(`/runs/${runId}/cancel`));
      out.push(b);
    }
    if ((run.status === 'done' || run.status === 'failed') && !run.documents_deleted) {
      const b = h('button.danger#delete-docs', { type: 'button' }, 'Удалить исходные документы');
      b.onclick = () =>
        confirm('Удалить исходные документы и изображения страниц? Отчёты и история решений останутся. Действие необратимо.') &&
        act(b, () => api.del(`/runs/${runId}/documents`));
      out.push(b);
    }
    if (run.documents_deleted) out.push(h('p.muted', 'Исходные документы удалены; отчёты и решения сохранены.'));
    replace(actions, out);
  }

  async function load() {
    timer = null;
    let run;
    try {
      run = await api.get(`/runs/${runId}`);
    } catch (err) {
      if (stopped) return;
      if (err.status === 404) return replace(head, state('Проверка не найдена.', 'error'));
      head.append(h('p.error', `Нет связи: ${err.message}. Повтор через 15 секунд.`));
      timer = setTimeout(load, POLL_MS * 3);
      return;
    }
    if (stopped) return;
    replace(
      head,
      h('h1', run.object?.address || 'Проверка комплекта'),
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
            `${plural(run.documents.length, W.docs)}, ${run.documents.some((d) => d.pages === null) && (run.status === 'queued' || run.status === 'running') ? 'страницы ещё считаются' : plural(pagesOf(run), W.pages)}${run.double_volume ? ' (двойной объём)' : ''}`,
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
    );
    drawActions(run);
    replace(
      docs,
      h('h2', 'Документы'),
      h(
        'table.docs',
        h(
          'thead',
          h(
            'tr',
            h('th.num', '№'),
            h('th', 'Документ'),
            h('th', 'Раздел'),
            h('th.num', 'Страниц'),
            h('th', 'Страницы комплекта'),
            h('th', 'Роль'),
            h('th', 'Преобразован'),
          ),
        ),
        h(
          'tbody',
          run.documents.map((d) =>
            h(
              'tr',
              h('td.num', d.index),
              h('td.name', d.name),
              h('td', d.kind ?? '—', d.kind && !d.kind_chosen ? h('span.muted', ' (определён)') : null),
              h('td.num', d.pages ?? '—'),
              h('td', d.page_from ? `${d.page_from}–${d.page_to}` : '—'),
              h('td', label(ROLE, d.role)),
              h('td', d.converted ? 'да' : 'нет'),
            ),
          ),
        ),
      ),
      run.skipped?.length ? h('p.muted', 'Пропущено при распаковке: ', run.skipped.map((s) => `${s.name} (${s.reason})`).join('; ')) : null,
    );
    if (run.status === 'done' && !resultShown) {
      resultShown = true;
      try {
        const result = await api.get(`/runs/${runId}/findings`);
        replace(
          reports,
          h('div.result-line', countsCell(result.counts), h('a.button.primary#open-findings', { href: `#/runs/${runId}/findings` }, 'Открыть замечания')),
          reportLinks(runId, result),
        );
      } catch (err) {
        replace(reports, h('p.error', err.message));
      }
      loadDeliveries();
    }
    if (run.status === 'failed') loadDeliveries();
    if (run.status === 'queued' || run.status === 'running') timer = setTimeout(load, POLL_MS);
  }

  async function loadDeliveries() {
    try {
      const { deliveries: list } = await api.get(`/webhooks/deliveries?run_id=${runId}`);
      replace(
        deliveries,
        h('h2', 'Уведомления'),
        list.length
          ? h(
              'table',
              h('thead', h('tr', h('th', 'Событие'), h('th', 'Состояние'), h('th.num', 'Попыток'), h('th', 'Код ответа'), h('th', 'Обновлено'))),
              h(
                'tbody',
                list.map((d) =>
                  h(
                    'tr',
                    h('td', d.event),
                    h('td', label(DELIVERY, d.status)),
                    h('td.num', d.attempts),
                    h('td', d.last_response_code ?? '—'),
                    h('td', fmtDateTime(d.updated_at)),
                  ),
                ),
              ),
            )
          : h('p.muted', 'Уведомлений не было: адрес не настроен или отправок ещё нет.'),
      );
    } catch (err) {
      replace(deliveries, h('p.error', err.message));
    }
  }

  await load();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
