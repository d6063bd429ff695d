// Findings of a run, where a specialist works: filters, one finding with its page pictures, decisions, keyboard.
import { h, replace, state } from './dom.js';
import { api } from './api.js';
import { reportLinks } from './run.js';
import { plural, W, fmtDateTime, IMPORTANCE, IMPORTANCE_ORDER, THEME, FINDING_STATUS, DECISION, label } from './format.js';

function newKey() {
  return crypto.randomUUID ? crypto.randomUUID() : String(Date.now()) + Math.random().toString(16).slice(2);
}

const pictureUrl = (runId, ref) => `/cabinet/runs/${runId}/documents/${ref.doc_index}/pages/${ref.doc_page}`;

export async function findingsView(main, runId, linkedN) {
  const [run, features] = await Promise.all([api.get(`/runs/${runId}`), api.get('/features')]);
  if (run.status !== 'done') {
    replace(main, h('p', h('a', { href: `#/runs/${runId}` }, '← К проверке')), state('Замечания появятся, когда проверка завершится.'));
    return;
  }
  let result = await api.get(`/runs/${runId}/findings`);
  let decisionLog = (await api.get(`/runs/${runId}/feedback`)).history;
  const employees = !!features.features?.employees;
  const filters = { section: '', importance: '', topic: '', status: '', decided: '' };
  let selected = Math.max(
    0,
    result.findings.findIndex((f) => String(f.n) === linkedN),
  );

  const ownDecision = (f) => result.feedback.filter((d) => d.finding_id === f.finding_id && d.own).sort((a, b) => b.version - a.version)[0] ?? null;
  const anyDecision = (f) => result.feedback.filter((d) => d.finding_id === f.finding_id).sort((a, b) => b.created_at.localeCompare(a.created_at))[0] ?? null;
  const isDecided = (f) => {
    const d = anyDecision(f);
    return !!d && d.decision !== 'withdrawn';
  };
  const visible = () =>
    result.findings.filter(
      (f) =>
        (!filters.section || f.section === filters.section) &&
        (!filters.importance || f.importance === filters.importance) &&
        (!filters.topic || f.topic === filters.topic) &&
        (!filters.status || f.status === filters.status) &&
        (!filters.decided || (filters.decided === 'yes') === isDecided(f)),
    );

  const listEl = h('ol.finding-list');
  const detail = h('section.finding-detail', { 'aria-live': 'polite' });
  const countsEl = h('p.muted#shown');
  const distinct = (key) => [...new Set(result.findings.map((f) => f[key]).filter(Boolean))].sort();

  const filterSelect = (key, title, values, names) =>
    h(
      'label.filter',
      title,
      h(
        `select#f-${key}`,
        {
          onchange: (e) => {
            filters[key] = e.target.value;
            selected = 0;
            draw();
          },
        },
        h('option', { value: '' }, 'все'),
        values.map((v) => h('option', { value: v }, names ? label(names, v) : v)),
      ),
    );

  function draw() {
    const shown = visible();
    if (selected >= shown.length) selected = Math.max(0, shown.length - 1);
    replace(countsEl, `Показано ${shown.length} из ${plural(result.counts.total, W.findings)}; с решением: ${result.findings.filter(isDecided).length}`);
    replace(
      listEl,
      shown.length
        ? shown.map((f, i) =>
            h(
              `li.finding-item.i-${f.importance}${i === selected ? '.selected' : ''}`,
              {
                onclick: () => {
                  selected = i;
                  draw();
                },
                tabindex: 0,
                'aria-current': i === selected ? 'true' : null,
              },
              h('span.n', `№ ${f.n}`),
              h('span.sec', f.section),
              h('span.imp', label(IMPORTANCE, f.importance)),
              anyDecision(f) ? h(`span.dec.d-${anyDecision(f).decision}`, label(DECISION, anyDecision(f).decision)) : null,
              h('div.essence-short', f.essence),
            ),
          )
        : h('li.state', 'Нет замечаний по выбранным условиям.'),
    );
    listEl.querySelector('.selected')?.scrollIntoView({ block: 'nearest' });
    // The address names the finding on screen, to reopen it or send it to a colleague (no new history entry).
    if (shown[selected]) window.history.replaceState(null, '', `#/runs/${runId}/findings/${shown[selected].n}`);
    drawDetail(shown[selected], shown.length);
  }

  function move(delta) {
    const n = visible().length;
    if (!n) return;
    selected = Math.min(n - 1, Math.max(0, selected + delta));
    draw();
  }

  function drawDetail(f, total) {
    if (!f) return replace(detail, state('Выберите замечание.'));
    const own = ownDecision(f);
    const pictures = f.page_refs.filter((r) => r.in_docset && r.doc_index && r.doc_page);
    replace(
      detail,
      h(
        'div.detail-nav',
        h('button#prev', { type: 'button', onclick: () => move(-1), disabled: selected === 0, title: 'Клавиша k или ↑' }, '← Предыдущее'),
        h('span.muted', `${selected + 1} из ${total}`),
        h('button#next', { type: 'button', onclick: () => move(1), disabled: selected >= total - 1, title: 'Клавиша j или ↓' }, 'Следующее →'),
      ),
      h('h2', `Замечание № ${f.n}`),
      h(
        'p.tags',
        h(`span.imp.i-${f.importance}`, label(IMPORTANCE, f.importance)),
        h('span', `Раздел ${f.section}`),
        f.topic ? h('span', label(THEME, f.topic)) : null,
        h('span', label(FINDING_STATUS, f.status)),
        f.album ? h('span', f.album) : null,
        f.stage ? h('span', f.stage) : null,
      ),
      h('h3', 'Суть'),
      h('p.pre.essence', f.essence),
      h('h3', 'Обоснование'),
      h('p.pre', f.evidence_text),
      h('h3', 'Предлагаемое действие'),
      h('p.pre', f.action),
      f.sources?.length
        ? [
            h('h3', 'Источники'),
            h(
              'ul.sources',
              f.sources.map((s) => h('li', s.title, s.page ? `, стр. ${s.page}` : '')),
            ),
          ]
        : null,
      h('h3', 'Страницы'),
      run.documents_deleted
        ? h(
            'p.muted.no-picture',
            'Исходные документы проверки удалены — изображения страниц недоступны. ',
            f.page_refs.map((r) => r.label).join('; ') || f.evidence_text,
          )
        : pictures.length
          ? h(
              'div.pictures',
              pictures.map((r) => {
                const img = h('img.page-picture', { src: pictureUrl(runId, r), alt: `Изображение: ${r.label}`, loading: 'lazy' });
                const fig = h('figure', h('a', { href: pictureUrl(runId, r), target: '_blank', rel: 'noopener' }, img), h('figcaption', r.label));
                img.addEventListener('error', () => fig.replaceChildren(h('p.muted.no-picture', `Изображение не получено: ${r.label}`)));
                return fig;
              }),
            )
          : h('p.muted', f.page_refs.map((r) => r.label).join('; ') || 'Замечание не привязано к страницам комплекта.'),
      decisionPanel(f, own),
    );
  }

  function decisionPanel(f, own) {
    const panel = h('div.decision');
    const mine = decisionLog.filter((d) => d.finding_id === f.finding_id);
    let requestKey = null;
    const reason = h('textarea#reason', { rows: 3, maxlength: 4000, placeholder: 'Обоснование решения' });
    const reasonCode = employees ? h('input#reason-code', { type: 'text', maxlength: 100, placeholder: 'Код причины' }) : null;
    const employee = employees ? h('input#employee', { type: 'text', maxlength: 200, placeholder: 'Сотрудник (табельный номер)' }) : null;
    const msg = h('div', { role: 'alert' });
    const buttons = ['accepted', 'rejected', 'withdrawn']
      .filter((d) => d !== 'withdrawn' || (own && own.decision !== 'withdrawn'))
      .map((d) =>
        h(
          `button.dec-${d}`,
          { type: 'button', 'data-decision': d, onclick: () => decide(d) },
          d === 'accepted' ? 'Принять' : d === 'rejected' ? 'Отклонить' : 'Отозвать решение',
        ),
      );

    async function decide(decision, version = own?.version ?? 0) {
      if (decision !== 'withdrawn' && !reason.value.trim()) return replace(msg, h('p.error', 'Укажите обоснование решения.'));
      requestKey ??= newKey();
      for (const b of buttons) b.disabled = true;
      const body = { snapshot: result.feedback_snapshot, finding_id: f.finding_id, decision, reason: reason.value.trim(), version, request_key: requestKey };
      if (reasonCode?.value.trim()) body.reason_code = reasonCode.value.trim();
      if (employee?.value.trim()) body.employee_id = employee.value.trim();
      try {
        const saved = await api.post(`/runs/${runId}/feedback`, body);
        requestKey = null;
        await refresh();
        if (run.bundle && saved.decision !== 'withdrawn') offerNote(saved);
      } catch (err) {
        for (const b of buttons) b.disabled = false;
        if (err.code === 'version_conflict' || err.code === 'report_changed') {
          requestKey = null;
          await refresh(false);
          const current = ownDecision(f);
          replace(
            msg,
            h('p.error', 'Решение уже изменено в другом окне или другим сотрудником.'),
            current
              ? h(
                  'p',
                  `Текущее решение: ${label(DECISION, current.decision)} (версия ${current.version}) — «${current.reason}», ${fmtDateTime(current.created_at)}`,
                )
              : null,
            h('button#retry', { type: 'button', onclick: () => decide(decision, current?.version ?? 0) }, `Всё равно записать «${label(DECISION, decision)}»`),
          );
        } else {
          // A lost answer keeps request_key: the retry cannot record the decision twice.
          replace(msg, h('p.error', err.message));
        }
      }
    }

    function offerNote(decision) {
      const text = h('textarea#note-text', { rows: 2, maxlength: 2000, value: decision.reason });
      const send = h('button#propose-note', { type: 'button' }, 'Предложить заметку');
      send.onclick = async () => {
        send.disabled = true;
        try {
          const note = await api.post('/memory', { feedback_id: decision.feedback_id, text: text.value });
          replace(
            noteBox,
            h('p.ok', `Заметка предложена (состояние: ${note.status}). Она не применяется к проверкам автоматически; список — на странице организации.`),
          );
        } catch (err) {
          send.disabled = false;
          noteBox.append(h('p.error', err.message));
        }
      };
      const noteBox = h('div.note-offer', h('p', 'Решение записано. Предложить заметку в память пакета «', run.bundle.label, '»?'), text, send);
      // The decision redrew the finding: the offer goes into the panel now on screen.
      (detail.querySelector('.decision') ?? panel).append(noteBox);
    }

    panel.append(
      h('h3', 'Решение специалиста'),
      own ? h('p', `Ваше решение: ${label(DECISION, own.decision)} (версия ${own.version}), ${fmtDateTime(own.created_at)}`) : h('p.muted', 'Решения ещё нет.'),
      reason,
      ...[reasonCode, employee].filter(Boolean),
      h('div.decision-buttons', buttons),
      msg,
      mine.length
        ? h(
            'details.history',
            h('summary', `История решений (${mine.length})`),
            h(
              'ol',
              mine.map((d) =>
                h(
                  'li',
                  `${fmtDateTime(d.created_at)} — ${label(DECISION, d.decision)}, версия ${d.version}${d.own ? '' : `, автор ${d.actor}`}${d.employee_id ? `, сотрудник ${d.employee_id}` : ''}: «${d.reason}»`,
                ),
              ),
            ),
          )
        : null,
    );
    return panel;
  }

  async function refresh(redraw = true) {
    [result, decisionLog] = await Promise.all([api.get(`/runs/${runId}/findings`), api.get(`/runs/${runId}/feedback`).then((r) => r.history)]);
    if (redraw) draw();
  }

  const onKey = (e) => {
    if (e.target.closest('input, textarea, select') || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'j' || e.key === 'ArrowDown') {
      e.preventDefault();
      move(1);
    } else if (e.key === 'k' || e.key === 'ArrowUp') {
      e.preventDefault();
      move(-1);
    }
  };
  document.addEventListener('keydown', onKey);

  const side = h(
    'aside.side-notes',
    result.questions?.length
      ? [
          h('h3', `Вопросы (${result.questions.length})`),
          h(
            'ol',
            result.questions.map((q) => h('li', h('strong', `${q.section}: `), q.text, q.reason ? h('div.muted', q.reason) : null)),
          ),
        ]
      : null,
    result.warnings?.length
      ? [
          h('h3', 'Ограничения проверки'),
          h(
            'ul',
            result.warnings.map((w) => h('li', w.message ?? String(w))),
          ),
        ]
      : null,
    result.reference_problems?.length
      ? [
          h('h3', 'Ошибки ссылок'),
          h(
            'ul',
            result.reference_problems.map((p) => h('li', `${p.reference}: ${p.problem}`, p.page ? h('span.muted', ` (стр. ${p.page})`) : null)),
          ),
        ]
      : null,
  );

  replace(
    main,
    h('p', h('a', { href: `#/runs/${runId}` }, '← К проверке')),
    h('h1', `Замечания: ${run.object?.address || 'проверка комплекта'}`),
    h(
      'div.filters',
      filterSelect('section', 'Раздел', distinct('section')),
      filterSelect(
        'importance',
        'Важность',
        IMPORTANCE_ORDER.filter((i) => result.findings.some((f) => f.importance === i)),
        IMPORTANCE,
      ),
      filterSelect('topic', 'Тема', distinct('topic'), THEME),
      filterSelect('status', 'Статус', distinct('status'), FINDING_STATUS),
      h(
        'label.filter',
        'Решение',
        h(
          'select#f-decided',
          {
            onchange: (e) => {
              filters.decided = e.target.value;
              selected = 0;
              draw();
            },
          },
          h('option', { value: '' }, 'все'),
          h('option', { value: 'no' }, 'без решения'),
          h('option', { value: 'yes' }, 'с решением'),
        ),
      ),
    ),
    countsEl,
    result.parsed === false
      ? h('pre.raw', result.raw_markdown ?? '')
      : h('div.workspace', h('div.list-col', listEl), detail, side.childElementCount ? side : null),
    reportLinks(runId, result),
    h('p.muted.keys', 'Клавиши: j или ↓ — следующее замечание, k или ↑ — предыдущее.'),
  );
  draw();
  return () => document.removeEventListener('keydown', onKey);
}
