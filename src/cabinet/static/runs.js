// The runs list: newest first; refreshes every 5 s while something is queued or running, then stops.
import { h, replace, bar, state } from './dom.js';
import { call, messageOf } from './api.js';
import { plural, shownName, W, fmtDateTime, fmtEta, runTitle, STATUS, IMPORTANCE, IMPORTANCE_ORDER } from './format.js';
/** @import { CabinetRun, CabinetRunsList, FindingCounts, RunStatus } from '../api-types.ts' */

/** The contract's polling rule: once per 5 seconds. */
export const POLL_MS = 5000;

/** @param {RunStatus | CabinetRun} run */
export const pagesOf = (run) => run.documents.reduce((s, d) => s + (d.pages ?? 0), 0);

/** @param {RunStatus} run */
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
    cell.append(h('div.muted', run.cancelled ? 'Отменена' : (run.error?.message ?? '')));
    // (DOM append would print a null as the word «null».)
    if (run.refunded) cell.append(h('div.muted', 'Проверка возвращена на счёт'));
  }
  return cell;
}

/**
 * The findings of a run; `unread` (the status's documents_unread) are documents of which nothing was read: a run
 * with them is never shown as «Замечаний нет», since nothing was said about those documents.
 * @param {FindingCounts | null} counts
 * @param {RunStatus['documents_unread']} [unread]
 */
export function countsCell(counts, unread = []) {
  if (!counts) return h('span.muted', '—');
  const unreadNote = unread.length
    ? h('div.unread', { title: unread.map((d) => `${shownName(d.name)} — ${d.reason}`).join('\n') }, `Не прочитано: ${plural(unread.length, W.docs)}`)
    : null;
  if (!counts.total) return h('div.counts', unreadNote ? h('span', 'Замечаний по прочитанным документам нет') : h('span', 'Замечаний нет'), unreadNote);
  return h(
    'div.counts',
    h('span', plural(counts.total, W.findings)),
    IMPORTANCE_ORDER.filter((k) => counts[k]).map((k) => h(`span.imp.i-${k}`, { title: IMPORTANCE[k] }, `${IMPORTANCE[k]}: ${counts[k]}`)),
    unreadNote,
  );
}

/** One run of the list: its name, state, pages, findings and dates. @param {CabinetRun} r */
function runRow(r) {
  return h(
    'tr',
    h(
      'td',
      h('a.run-link', { href: `#/runs/${r.run_id}` }, runTitle(r, r.object_title)),
      h('div.muted', plural(r.documents.length, W.docs), r.bundle ? h('span.bundle-round', ` · ${r.bundle.label}${r.round ? ` · тур ${r.round}` : ''}`) : ''),
    ),
    h('td', statusCell(r)),
    h('td.num', pagesOf(r) || '—'),
    h('td', r.status === 'done' ? h('a', { href: `#/runs/${r.run_id}/findings` }, countsCell(r.counts, r.documents_unread)) : countsCell(null)),
    h('td', fmtDateTime(r.created_at), r.finished_at ? h('div.muted', `завершена ${fmtDateTime(r.finished_at)}`) : null),
  );
}

/** The list with its line of totals; `active` runs are queued or running. @param {CabinetRunsList} data @param {number} active */
function runsTable(data, active) {
  return [
    h('p.muted', `${plural(data.runs.length, W.runs)} · осталось ${plural(data.checks_left, W.checks)}`, active ? ` · в работе: ${active}` : ''),
    h(
      'table.runs',
      h('thead', h('tr', h('th', 'Комплект'), h('th', 'Состояние'), h('th.num', 'Страниц'), h('th', 'Замечания'), h('th', 'Дата'))),
      h('tbody', data.runs.map(runRow)),
    ),
  ];
}

/** @param {HTMLElement} main */
export async function runsView(main) {
  /** @type {ReturnType<typeof setTimeout> | null} */
  let timer = null;
  let stopped = false;
  const body = h('div');
  replace(main, h('div.head', h('h1', 'Проверки'), h('a.button.primary', { href: '#/new' }, 'Новая проверка')), body);
  body.append(state('Загрузка списка…'));

  async function load() {
    timer = null;
    let data;
    try {
      data = /** @type {CabinetRunsList} */ (await call('GET', '/cabinet/runs?limit=200'));
    } catch (err) {
      if (stopped) return;
      replace(body, state(`Не удалось загрузить список: ${messageOf(err)}`, 'error'));
      timer = setTimeout(load, POLL_MS * 3);
      return;
    }
    if (stopped) return;
    if (!data.runs.length) {
      replace(body, h('div.empty', h('p', 'Проверок пока нет.'), h('a.button.primary', { href: '#/new' }, 'Загрузить первый комплект')));
      return;
    }
    const active = data.runs.filter((r) => r.status === 'queued' || r.status === 'running').length;
    replace(body, ...runsTable(data, active));
    if (active) timer = setTimeout(load, POLL_MS);
  }
  await load();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
