// The organization: access, key (without the secret), limits, usage per day, bundles, memory notes.
import { h, replace, state } from './dom.js';
import { api } from './api.js';
import { plural, W, fmtDate, fmtDateTime, fmtShortDate, fmtBytes } from './format.js';

const SVG = 'http://www.w3.org/2000/svg';
function svg(tag, attrs, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  el.append(...children);
  return el;
}

/** Bars of charged and refunded checks per day; days without use are drawn as empty slots. */
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

export async function accountView(main) {
  const [me, key, sub] = await Promise.all([api.get('/me'), api.get('/key'), api.get('/subscription')]);
  const L = me.limits;
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
      const u = await api.get(`/usage?days=${period.value}`);
      replace(
        usageBox,
        h('p', `Списано ${plural(u.charged, W.checks)}, возвращено ${u.refunded}, итого ${u.net} (${fmtDate(u.from)} — ${fmtDate(u.to)})`),
        u.daily.length ? usageChart(u) : h('p.muted', 'За этот период проверок не было.'),
        h('p.legend', h('span.swatch.charged'), ' списано ', h('span.swatch.refunded'), ' возвращено'),
      );
    } catch (err) {
      replace(usageBox, state(err.message, 'error'));
    }
  }

  async function loadBundles() {
    const { bundles } = await api.get('/bundles');
    const name = h('input#bundle-label', { type: 'text', maxlength: 200, placeholder: 'Название проекта' });
    const msg = h('div', { role: 'alert' });
    const create = h('button#create-bundle', { type: 'submit' }, 'Создать пакет');
    replace(
      bundlesBox,
      h(
        'form.inline',
        {
          onsubmit: async (e) => {
            e.preventDefault();
            if (!name.value.trim()) return;
            create.disabled = true;
            try {
              await api.post('/bundles', { label: name.value.trim() });
              await loadBundles();
            } catch (err) {
              replace(msg, h('p.error', err.message));
              create.disabled = false;
            }
          },
        },
        name,
        create,
      ),
      msg,
      bundles.length
        ? h(
            'table',
            h('thead', h('tr', h('th', 'Пакет'), h('th.num', 'Версия'), h('th', 'Создан'), h('th', ''))),
            h(
              'tbody',
              bundles.map((b) => {
                const rename = h('button.link', { type: 'button' }, 'Переименовать');
                rename.onclick = async () => {
                  const label = prompt('Новое название пакета (прежние проверки сохранят старое)', b.label);
                  if (!label || label.trim() === b.label) return;
                  try {
                    await api.post(`/bundles/${b.bundle_id}/label`, { label: label.trim(), version: b.version });
                  } catch (err) {
                    replace(
                      msg,
                      h('p.error', err.code === 'version_conflict' ? 'Пакет уже переименован в другом окне; список обновлён — повторите.' : err.message),
                    );
                  }
                  await loadBundles();
                };
                return h('tr', h('td', b.label), h('td.num', b.version), h('td', fmtDate(b.created_at)), h('td', rename));
              }),
            ),
          )
        : h('p.muted', 'Пакетов нет. Пакет объединяет проверки одного проекта и нужен для заметок памяти.'),
    );
  }

  async function loadNotes() {
    const { notes } = await api.get('/memory');
    replace(
      notesBox,
      h('p.muted', 'Заметки предлагаются из решений по проверкам пакета и никогда не применяются к проверкам автоматически.'),
      notes.length
        ? h(
            'table',
            h('thead', h('tr', h('th', 'Заметка'), h('th', 'Состояние'), h('th', 'Создана'), h('th', ''))),
            h(
              'tbody',
              notes.map((n) => {
                const revoke = n.status !== 'revoked' ? h('button.link', { type: 'button' }, 'Отозвать') : null;
                if (revoke)
                  revoke.onclick = async () => {
                    if (!confirm('Отозвать заметку?')) return;
                    try {
                      await api.post(`/memory/${n.note_id}/revoke`, { status: 'revoked', version: n.version });
                    } catch (err) {
                      alert(err.message);
                    }
                    await loadNotes();
                  };
                return h(
                  'tr',
                  h('td.pre', n.text ?? ''),
                  h('td', n.status === 'candidate' ? 'Предложена' : n.status === 'revoked' ? 'Отозвана' : n.status),
                  h('td', fmtDateTime(n.created_at)),
                  h('td', revoke),
                );
              }),
            ),
          )
        : h('p.muted', 'Заметок нет.'),
    );
  }

  replace(
    main,
    h('h1', me.name),
    h(
      'div.cards',
      h(
        'section.card',
        h('h2', 'Доступ'),
        h(
          'dl',
          h('dt', 'Состояние'),
          h('dd', sub.status === 'active' ? 'Действует' : 'Приостановлен'),
          h('dt', 'Доступ с'),
          h('dd', fmtDate(sub.access_from)),
          h('dt', 'Доступ до'),
          h('dd', sub.access_until ? fmtDate(sub.access_until) : 'не ограничен'),
          h('dt', 'Осталось'),
          h('dd#checks-left', sub.checks_left === null ? 'не определено' : plural(sub.checks_left, W.checks)),
        ),
      ),
      h(
        'section.card',
        h('h2', 'Ключ'),
        h(
          'dl',
          h('dt', 'Начало ключа'),
          h('dd.mono', `${key.prefix}…`),
          h('dt', 'Создан'),
          h('dd', fmtDate(key.created_at)),
          h('dt', 'Последнее использование'),
          h('dd', fmtDateTime(key.last_used_at)),
          h('dt', 'Параллельно'),
          h('dd', plural(key.concurrency, W.checks)),
          h('dt', 'Уведомления'),
          h('dd', key.webhook_url ?? 'не настроены'),
        ),
      ),
      h(
        'section.card',
        h('h2', 'Лимиты'),
        h(
          'dl',
          h('dt', 'Документов'),
          h('dd', L.max_files || 'без ограничения'),
          h('dt', 'Размер файла'),
          h('dd', L.max_file_bytes ? fmtBytes(L.max_file_bytes) : 'без ограничения'),
          h('dt', 'Размер комплекта'),
          h('dd', L.max_total_bytes ? fmtBytes(L.max_total_bytes) : 'без ограничения'),
          h('dt', 'Страниц'),
          h('dd', L.max_pages || 'без ограничения'),
          h('dt', 'Двойной объём'),
          h('dd', L.oversize_factor > 1 ? 'допускается' : 'не допускается'),
        ),
      ),
    ),
    h('section', h('div.head', h('h2', 'Расход проверок'), period), usageBox),
    h('section', h('h2', 'Пакеты'), bundlesBox),
    h('section', h('h2', 'Заметки памяти'), notesBox),
    h('section', h('h2', 'Разделы профиля'), h('p', me.profile.sections.map((s) => `${s.code} — ${s.title}`).join('; '))),
  );
  await Promise.all([loadUsage(), loadBundles(), loadNotes()]);
}
