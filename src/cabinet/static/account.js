// The organization: access, key (without the secret), limits, usage per day, bundles, memory notes.
import { h, replace, state } from './dom.js';
import { api, ApiError, messageOf } from './api.js';
import { plural, W, fmtDate, fmtDateTime, fmtShortDate, fmtBytes, NOTE_STATUS, label } from './format.js';
/** @import { Bundle, KeyInfo, Me, Note, Subscription, Usage } from '../api-types.ts' */
/** @import { Child } from './dom.js' */

const SVG = 'http://www.w3.org/2000/svg';
/** An SVG element with attributes and children. @param {string} tag @param {Record<string, string | number>} attrs @param {...(Node | string)} children */
function svg(tag, attrs, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  el.append(...children);
  return el;
}

/** Bars of charged and refunded checks per day; days without use are drawn as empty slots. @param {Usage} usage */
function usageChart(usage) {
  const byDate = new Map(usage.daily.map((d) => [d.date, d]));
  const days = [];
  const end = new Date(usage.to);
  for (let i = usage.days - 1; i >= 0; i--) {
    const d = new Date(end.getTime() - i * 86_400_000).toISOString().slice(0, 10);
    days.push(byDate.get(d) ?? { date: d, charged: 0, refunded: 0 });
  }
  const max = Math.max(1, ...days.map((d) => d.charged));
  const W_ = 760;
  const H = 180;
  const bw = W_ / days.length;
  const chart = svg('svg', {
    viewBox: `0 0 ${W_} ${H + 24}`,
    class: 'chart',
    role: 'img',
    'aria-label': `Расход проверок по дням за ${plural(usage.days, W.days)}`,
  });
  days.forEach((d, i) => {
    const ch = (d.charged / max) * H;
    const rf = (Math.min(d.refunded, d.charged) / max) * H;
    const title = svg('title', {}, `${fmtShortDate(d.date)}: списано ${d.charged}, возвращено ${d.refunded}`);
    chart.append(
      svg(
        'g',
        {},
        title,
        svg('rect', { x: i * bw + 1, y: H - ch, width: Math.max(1, bw - 2), height: ch, class: 'charged' }),
        svg('rect', { x: i * bw + 1, y: H - rf, width: Math.max(1, bw - 2), height: rf, class: 'refunded' }),
      ),
    );
  });
  const step = Math.ceil(days.length / 8);
  days.forEach((d, i) => {
    if (i % step === 0) chart.append(svg('text', { x: i * bw + 2, y: H + 16, class: 'axis' }, fmtShortDate(d.date)));
  });
  chart.append(svg('text', { x: 4, y: 12, class: 'axis' }, `макс. ${max} в день`));
  return chart;
}

/**
 * A card of facts: a heading and a list of terms with their values.
 * @param {string} title
 * @param {[string, Child, string?][]} rows term, value and, when the value needs a class or an id, its spec ('dd.mono')
 */
function card(title, rows) {
  return h(
    'section.card',
    h('h2', title),
    h(
      'dl',
      rows.map(([term, value, spec = 'dd']) => [h('dt', term), h(spec, value)]),
    ),
  );
}

/** @param {Subscription} sub */
const accessCard = (sub) =>
  card('Доступ', [
    ['Состояние', sub.status === 'active' ? 'Действует' : 'Приостановлен'],
    ['Доступ с', fmtDate(sub.access_from)],
    ['Доступ до', sub.access_until ? fmtDate(sub.access_until) : 'не ограничен'],
    ['Осталось', sub.checks_left === null ? 'не определено' : plural(sub.checks_left, W.checks), 'dd#checks-left'],
  ]);

/** The key without its secret. @param {KeyInfo} key */
const keyCard = (key) =>
  card('Ключ', [
    ['Начало ключа', `${key.prefix}…`, 'dd.mono'],
    ['Создан', fmtDate(key.created_at)],
    ['Последнее использование', fmtDateTime(key.last_used_at)],
    ['Параллельно', plural(key.concurrency, W.checks)],
    ['Уведомления', key.webhook_url ?? 'не настроены'],
  ]);

/** @param {Me['limits']} L */
const limitsCard = (L) =>
  card('Лимиты', [
    ['Документов', L.max_files || 'без ограничения'],
    ['Размер файла', L.max_file_bytes ? fmtBytes(L.max_file_bytes) : 'без ограничения'],
    ['Размер комплекта', L.max_total_bytes ? fmtBytes(L.max_total_bytes) : 'без ограничения'],
    ['Страниц', L.max_pages || 'без ограничения'],
    ['Двойной объём', L.oversize_factor > 1 ? 'допускается' : 'не допускается'],
  ]);

/** The usage of the period: totals, chart and legend. @param {Usage} u */
const usageBlock = (u) => [
  h('p', `Списано ${plural(u.charged, W.checks)}, возвращено ${u.refunded}, итого ${u.net} (${fmtDate(u.from)} — ${fmtDate(u.to)})`),
  u.daily.length ? usageChart(u) : h('p.muted', 'За этот период проверок не было.'),
  h('p.legend', h('span.swatch.charged'), ' списано ', h('span.swatch.refunded'), ' возвращено'),
];

/**
 * The bundles, each renamed through a prompt; a conflict with another window is said in `msg`.
 * @param {Bundle[]} bundles
 * @param {HTMLElement} msg
 * @param {() => Promise<void>} reload
 */
function bundlesTable(bundles, msg, reload) {
  /** @param {Bundle} b */
  const renameButton = (b) => {
    const rename = h('button.link', { type: 'button' }, 'Переименовать');
    rename.onclick = async () => {
      const label = prompt('Новое название пакета (прежние проверки сохранят старое)', b.label);
      if (!label || label.trim() === b.label) return;
      try {
        await api.post(`/bundles/${b.bundle_id}/label`, { label: label.trim(), version: b.version });
      } catch (err) {
        const conflict = err instanceof ApiError && err.code === 'version_conflict';
        replace(msg, h('p.error', conflict ? 'Пакет уже переименован в другом окне; список обновлён — повторите.' : messageOf(err)));
      }
      await reload();
    };
    return rename;
  };
  return h(
    'table',
    h('thead', h('tr', h('th', 'Пакет'), h('th.num', 'Версия'), h('th', 'Создан'), h('th', ''))),
    h(
      'tbody',
      bundles.map((b) => h('tr', h('td', b.label), h('td.num', b.version), h('td', fmtDate(b.created_at)), h('td', renameButton(b)))),
    ),
  );
}

/** The memory notes, each revocable until revoked. @param {Note[]} notes @param {() => Promise<void>} reload */
function notesTable(notes, reload) {
  /** @param {Note} n */
  const revokeButton = (n) => {
    if (n.status === 'revoked') return null;
    const revoke = h('button.link', { type: 'button' }, 'Отозвать');
    revoke.onclick = async () => {
      if (!confirm('Отозвать заметку?')) return;
      try {
        await api.post(`/memory/${n.note_id}/revoke`, { status: 'revoked', version: n.version });
      } catch (err) {
        alert(messageOf(err));
      }
      await reload();
    };
    return revoke;
  };
  return h(
    'table',
    h('thead', h('tr', h('th', 'Заметка'), h('th', 'Состояние'), h('th', 'Создана'), h('th', ''))),
    h(
      'tbody',
      notes.map((n) => h('tr', h('td.pre', n.text ?? ''), h('td', label(NOTE_STATUS, n.status)), h('td', fmtDateTime(n.created_at)), h('td', revokeButton(n)))),
    ),
  );
}

/** @param {HTMLElement} main */
export async function accountView(main) {
  const [me, key, sub] = await Promise.all([api.get('/me'), api.get('/key'), api.get('/subscription')]);
  const usageBox = h('div');
  const bundlesBox = h('div');
  const notesBox = h('div');
  const period = h(
    'select#period',
    { onchange: () => loadUsage() },
    [7, 30, 90, 365].map((d) => h('option', { value: d, selected: d === 30 }, `за ${plural(d, W.days)}`)),
  );

  async function loadUsage() {
    replace(usageBox, state('Загрузка…'));
    try {
      replace(usageBox, ...usageBlock(await api.get(`/usage?days=${period.value}`)));
    } catch (err) {
      replace(usageBox, state(messageOf(err), 'error'));
    }
  }

  async function loadBundles() {
    const { bundles } = await api.get('/bundles');
    const name = h('input#bundle-label', { type: 'text', maxlength: 200, placeholder: 'Название проекта' });
    const msg = h('div', { role: 'alert' });
    const create = h('button#create-bundle', { type: 'submit' }, 'Создать пакет');
    /** @param {SubmitEvent} e */
    const submit = async (e) => {
      e.preventDefault();
      if (!name.value.trim()) return;
      create.disabled = true;
      try {
        await api.post('/bundles', { label: name.value.trim() });
        await loadBundles();
      } catch (err) {
        replace(msg, h('p.error', messageOf(err)));
        create.disabled = false;
      }
    };
    replace(
      bundlesBox,
      h('form.inline', { onsubmit: submit }, name, create),
      msg,
      bundles.length
        ? bundlesTable(bundles, msg, loadBundles)
        : h('p.muted', 'Пакетов нет. Пакет объединяет проверки одного проекта и нужен для заметок памяти.'),
    );
  }

  async function loadNotes() {
    const { notes } = await api.get('/memory');
    replace(
      notesBox,
      h('p.muted', 'Заметки предлагаются из решений по проверкам пакета и никогда не применяются к проверкам автоматически.'),
      notes.length ? notesTable(notes, loadNotes) : h('p.muted', 'Заметок нет.'),
    );
  }

  replace(
    main,
    h('h1', me.name),
    h('div.cards', accessCard(sub), keyCard(key), limitsCard(me.limits)),
    h('section', h('div.head', h('h2', 'Расход проверок'), period), usageBox),
    h('section', h('h2', 'Пакеты'), bundlesBox),
    h('section', h('h2', 'Заметки памяти'), notesBox),
    h('section', h('h2', 'Разделы профиля'), h('p', me.profile.sections.map((s) => `${s.code} — ${s.title}`).join('; '))),
  );
  await Promise.all([loadUsage(), loadBundles(), loadNotes()]);
}
