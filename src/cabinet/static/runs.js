// The runs list: newest first; refreshes every 5 s while something is queued or running, then stops.
import { h, replace, bar, state } from './dom.js';
import { call } from './api.js';
import { plural, W, fmtDateTime, fmtEta, STATUS, IMPORTANCE, IMPORTANCE_ORDER } from './format.js';

/** The contract's polling rule: once per 5 seconds. */
export const POLL_MS = 5000;

export const pagesOf = (run) => run.documents.reduce((s, d) => s + (d.pages ?? 0), 0);

export function statusCell(run) {
  const cell = h('div.status', h(`span.badge.s-${run.status}`, STATUS[run.status] ?? run.status));
  if (run.status === 'queued' || run.status === 'running') {
    const p = run.progress;
    cell.append(h('div.stage', run.stage_text));
    if (p)
      cell.append(
        h(
          'div.progress',
          bar(p.percent, `Ход проверки: ${p.percent}%`),
          h('span', `${Math.round(p.percent)}%`),
          p.eta_s != null ? h('span.muted', ` ${fmtEta(p.eta_s)}`) : null,
        ),
      );
  } else if (run.status === 'failed') {
    cell.append(h('div.muted', run.cancelled ? 'Отменена' : (run.error?.message ?? '')), run.refunded ? h('div.muted', 'Проверка возвращена на счёт') : null);
  }
  return cell;
}

export function countsCell(counts) {
  if (!counts) return h('span.muted', '—');
  if (!counts.total) return h('span', 'Замечаний нет');
  return h(
    'div.counts',
    h('span', plural(counts.total, W.findings)),
    IMPORTANCE_ORDER.filter((k) => counts[k]).map((k) => h(`span.imp.i-${k}`, { title: IMPORTANCE[k] }, `${IMPORTANCE[k]}: ${counts[k]}`)),
  );
}

export async function runsView(main) {
  let timer = null;
  let stopped = false;
  const body = h('div');
  replace(main, h('div.head', h('h1', 'Проверки'), h('a.button.primary', { href: '#/new' }, 'Новая проверка')), body);
  body.append(state('Загрузка списка…'));

  async function load() {
    timer = null;
    let data;
    try {
      data = await call('GET', '/cabinet/runs?limit=200');
    } catch (err) {
      if (stopped) return;
      replace(body, state(`Не удалось загрузить список: ${err.message}`, 'error'));
      timer = setTimeout(load, POLL_MS * 3);
      return;
    }
    if (stopped) return;
    const runs = data.runs;
    if (!runs.length) {
      replace(body, h('div.empty', h('p', 'Проверок пока нет.'), h('a.button.primary', { href: '#/new' }, 'Загрузить первый комплект')));
      return;
    }
    const active = runs.filter((r) => r.status === 'queued' || r.status === 'running').length;
    replace(
      body,
      h('p.muted', `${plural(runs.length, W.runs)} · осталось ${plural(data.checks_left, W.checks)}`, active ? ` · в работе: ${active}` : ''),
      h(
        'table.runs',
        h('thead', h('tr', h('th', 'Комплект'), h('th', 'Состояние'), h('th.num', 'Страниц'), h('th', 'Замечания'), h('th', 'Дата'))),
        h(
          'tbody',
          runs.map((r) =>
            h(
              'tr',
              h(
                'td',
                h('a.run-link', { href: `#/runs/${r.run_id}` }, r.object?.address || r.documents[0]?.name || r.run_id),
                h('div.muted', plural(r.documents.length, W.docs), r.bundle ? ` · ${r.bundle.label}` : ''),
              ),
              h('td', statusCell(r)),
              h('td.num', pagesOf(r) || '—'),
              h('td', r.status === 'done' ? h('a', { href: `#/runs/${r.run_id}/findings` }, countsCell(r.counts)) : countsCell(null)),
              h('td', fmtDateTime(r.created_at), r.finished_at ? h('div.muted', `завершена ${fmtDateTime(r.finished_at)}`) : null),
            ),
          ),
        ),
      ),
    );
    if (active) timer = setTimeout(load, POLL_MS);
  }
  await load();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
