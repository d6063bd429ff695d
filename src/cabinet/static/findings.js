// Findings of a run, where a specialist works: filters, one finding with its page pictures, decisions, keyboard.
import { h, replace, state } from './dom.js';
import { api, ApiError, messageOf } from './api.js';
import { reportLinks } from './run.js';
import { POLL_MS, statusCell } from './runs.js';
import {
  plural,
  W,
  fmtDateTime,
  objectTitleOf,
  runTitle,
  IMPORTANCE,
  IMPORTANCE_ORDER,
  THEME,
  FINDING_STATUS,
  DECISION,
  NOTE_STATUS,
  label,
} from './format.js';
import { REVISION, previousRound, revisionBadge, revisionSummary } from './revision.js';
import { answerReview, findingProposal } from './answers.js';
import { fold, quotesFor } from './page-words.js';
import { pageViewer, pictureFailed, pictureUrl, zoomKey, zoomViewer } from './page-viewer.js';
/** @import { Decision, DecisionRequest, Finding, FindingsResult, RunStatus } from '../api-types.ts' */
/** @import { Child } from './dom.js' */

function newKey() {
  return crypto.randomUUID ? crypto.randomUUID() : String(Date.now()) + Math.random().toString(16).slice(2);
}

/** The status line of the decision panel: the recorded decision with its reason, or that there is none yet. @param {Decision | null} d */
const ownLine = (d) =>
  d
    ? `Ваше решение: ${label(DECISION, d.decision)} (версия ${d.version}), ${fmtDateTime(d.created_at)}${d.reason ? ` — «${d.reason}»` : ''}${d.carried_from ? ' — перенесено из прошлого тура' : ''}`
    : 'Решения ещё нет.';

const FILTER_KEYS = /** @type {const} */ (['q', 'section', 'importance', 'topic', 'status', 'decided', 'revision']);
/** The filters of the list, each '' when not set. @typedef {Record<typeof FILTER_KEYS[number], string>} Filters */

/** Text compared by the search: lower case, «ё» as «е», runs of white space as one. @param {unknown} text */
const searchable = (text) => fold(text).replace(/\s+/g, ' ');

/** Filters from the query of the address («#/runs/ID/findings/3?section=КР»): Back and reload keep them. @param {string | undefined} query */
const filtersOf = (query) => {
  const params = new URLSearchParams(query ?? '');
  return /** @type {Filters} */ (Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? ''])));
};

/** @param {string | undefined} v @returns {v is string} */
const present = (v) => !!v;

/** What the search looks through: number, section, essence, evidence, action, sources and page labels. */
const searchTexts = new WeakMap();
/** @param {Finding} f @returns {string} */
const searchTextOf = (f) => {
  if (!searchTexts.has(f)) {
    const parts = [`№ ${f.n}`, f.section, f.essence, f.evidence_text, f.action, ...(f.sources ?? []).map((s) => s.title), ...f.page_refs.map((r) => r.label)];
    searchTexts.set(f, searchable(parts.join(' ')));
  }
  return searchTexts.get(f);
};

/** This key's latest decision on the finding, or null. @param {FindingsResult} result @param {Finding} f */
const ownDecision = (result, f) => result.feedback.filter((d) => d.finding_id === f.finding_id && d.own).sort((a, b) => b.version - a.version)[0] ?? null;
/** Anyone's latest decision on the finding, or null. @param {FindingsResult} result @param {Finding} f */
const anyDecision = (result, f) =>
  result.feedback.filter((d) => d.finding_id === f.finding_id).sort((a, b) => b.created_at.localeCompare(a.created_at))[0] ?? null;
/** A finding is decided while its latest decision stands (is not withdrawn). @param {FindingsResult} result @param {Finding} f */
const isDecided = (result, f) => {
  const d = anyDecision(result, f);
  return !!d && d.decision !== 'withdrawn';
};

/** Whether the finding passes every filter set. @param {FindingsResult} result @param {Filters} filters @param {Finding} f */
const passes = (result, filters, f) =>
  (!filters.section || f.section === filters.section) &&
  (!filters.importance || f.importance === filters.importance) &&
  (!filters.topic || f.topic === filters.topic) &&
  (!filters.status || f.status === filters.status) &&
  (!filters.decided || (filters.decided === 'yes') === isDecided(result, f)) &&
  (!filters.revision || f.revision?.status === filters.revision) &&
  (!filters.q || searchTextOf(f).includes(searchable(filters.q).trim()));

/**
 * A run still at work: its state, refreshed at the contract's pace until it ends; then `open` draws the findings.
 * Returns the cleanup of whichever is on screen.
 * @param {HTMLElement} main
 * @param {RunStatus} run
 * @param {() => Promise<(() => void) | void>} open
 */
function awaitRun(main, run, open) {
  /** @type {ReturnType<typeof setTimeout> | null} */
  let timer = null;
  /** @type {(() => void) | null} */
  let cleanup = null;
  let stopped = false;
  /** @param {RunStatus} r */
  const draw = (r) =>
    replace(
      main,
      h('p', h('a', { href: `#/runs/${r.run_id}` }, '← К проверке')),
      statusCell(r),
      state(r.status === 'failed' ? 'Проверка не выполнена: замечаний нет.' : 'Замечания появятся, когда проверка завершится; страница обновится сама.'),
    );
  const poll = async () => {
    timer = null;
    let r;
    try {
      r = await api.get(`/runs/${run.run_id}`);
    } catch {
      if (!stopped) timer = setTimeout(poll, POLL_MS * 3);
      return;
    }
    if (stopped) return;
    if (r.status === 'done') {
      cleanup = (await open()) ?? null;
      return;
    }
    draw(r);
    if (r.status !== 'failed') timer = setTimeout(poll, POLL_MS);
  };
  draw(run);
  if (run.status !== 'failed') timer = setTimeout(poll, POLL_MS);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    cleanup?.();
  };
}

/**
 * One finding of the list; it opens by click, Enter or Space, as a button would.
 * @param {FindingsResult} result
 * @param {Finding} f
 * @param {boolean} selected
 * @param {(byKey: boolean) => void} open
 */
function findingItem(result, f, selected, open) {
  const decision = anyDecision(result, f);
  return h(
    `li.finding-item.i-${f.importance}${selected ? '.selected' : ''}`,
    {
      onclick: () => open(false),
      onkeydown: (e) => {
        if (e.key !== 'Enter' && e.key !== ' ') return;
        e.preventDefault();
        open(true);
      },
      tabindex: 0,
      'aria-current': selected ? 'true' : null,
    },
    h('span.n', `№ ${f.n}`),
    h('span.sec', f.section),
    h('span.imp', label(IMPORTANCE, f.importance)),
    decision ? h(`span.dec.d-${decision.decision}`, label(DECISION, decision.decision)) : null,
    revisionBadge(f),
    h('div.essence-short', f.essence),
  );
}

/** Importance, section, theme, status, volume, stage and round of a finding. @param {Finding} f */
function findingTags(f) {
  return h(
    'p.tags',
    h(`span.imp.i-${f.importance}`, label(IMPORTANCE, f.importance)),
    h('span', `Раздел ${f.section}`),
    f.topic ? h('span', label(THEME, f.topic)) : null,
    h('span', label(FINDING_STATUS, f.status)),
    f.album ? h('span', f.album) : null,
    f.stage ? h('span', f.stage) : null,
    f.revision ? h(`span.rev-${f.revision.status}`, label(REVISION, f.revision.status)) : null,
  );
}

/** Essence, evidence, proposed action and sources. @param {Finding} f @returns {Child[]} */
function findingText(f) {
  return [
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
  ];
}

/**
 * The pictures of the pages a finding cites, or why there are none.
 * @param {RunStatus} run
 * @param {Finding} f
 */
function pagePictures(run, f) {
  const pictures = f.page_refs.filter((r) => r.in_docset && r.doc_index && r.doc_page);
  if (run.documents_deleted)
    return h(
      'p.muted.no-picture',
      'Исходные документы проверки удалены — изображения страниц недоступны. ',
      f.page_refs.map((r) => r.label).join('; ') || f.evidence_text,
    );
  if (!pictures.length) return h('p.muted', f.page_refs.map((r) => r.label).join('; ') || 'Замечание не привязано к страницам комплекта.');
  return h(
    'div.pictures',
    pictures.map((r) => {
      const src = pictureUrl(run.run_id, r);
      return pageViewer({
        src,
        label: r.label,
        quotes: quotesFor(f.evidence_text, r),
        titleBlock: TITLE_BLOCK_CHECKS.has(f.check_id),
        onFailed: (fig, img) => void pictureFailed(fig, img, src, r.label, 0),
      });
    }),
  );
}

/** Checks whose findings are about the title block (основная надпись): its corner is shown beside a large sheet. */
const TITLE_BLOCK_CHECKS = new Set(['titleblock.missing_roles', 'stamps.stage_mismatch', 'sheets.numbering_gap']);

/** The decisions recorded on a finding, oldest first, folded. @param {Decision[]} mine */
function decisionHistory(mine) {
  if (!mine.length) return null;
  return h(
    'details.history',
    h('summary', `История решений (${mine.length})`),
    h(
      'ol',
      mine.map((d) =>
        h(
          'li',
          `${fmtDateTime(d.created_at)} — ${label(DECISION, d.decision)}, версия ${d.version}${d.own ? '' : `, автор ${d.actor_name ?? 'ключ без имени'}`}${d.employee_id ? `, сотрудник ${d.employee_id}` : ''}${d.carried_from ? ', перенесено из прошлого тура' : ''}: «${d.reason}»`,
        ),
      ),
    ),
  );
}

/**
 * What a version conflict says: the decision recorded meanwhile, and a button that records this one over it.
 * @param {Decision | null} current
 * @param {string} decision
 * @param {() => void} retry
 */
function conflictMessage(current, decision, retry) {
  return [
    h('p.error', 'Решение уже изменено в другом окне или другим сотрудником.'),
    current
      ? h('p', `Текущее решение: ${label(DECISION, current.decision)} (версия ${current.version}) — «${current.reason}», ${fmtDateTime(current.created_at)}`)
      : null,
    h('button#retry', { type: 'button', onclick: retry }, `Всё равно записать «${label(DECISION, decision)}»`),
  ];
}

/** Questions, limitations of the review and reference errors, beside the findings. @param {FindingsResult} result */
function sideNotes(result) {
  return h(
    'aside.side-notes',
    result.questions?.length
      ? [
          h('h3', `Вопросы (${result.questions.length})`),
          h(
            'ol',
            result.questions.map((q) =>
              h('li', { 'data-question-id': q.question_id, tabindex: -1 }, h('strong', `${q.section}: `), q.text, q.reason ? h('div.muted', q.reason) : null),
            ),
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
}

/**
 * A filter of the list; each option says how many findings of the run it selects.
 * @param {{ findings: Finding[], filters: Filters, changed: () => void }} list
 * @param {'section' | 'importance' | 'topic' | 'status' | 'revision'} key
 * @param {string} title
 * @param {string[]} values
 * @param {Record<string, string>} [names]
 */
function filterSelect(list, key, title, values, names) {
  /** @param {Finding} f */
  const keyOf = (f) => (key === 'revision' ? f.revision?.status : f[key]);
  return h(
    'label.filter',
    title,
    h(
      `select#f-${key}`,
      {
        onchange: (e) => {
          list.filters[key] = e.currentTarget.value;
          list.changed();
        },
      },
      h('option', { value: '' }, 'все'),
      values.map((v) =>
        h('option', { value: v, selected: list.filters[key] === v }, `${names ? label(names, v) : v} (${list.findings.filter((f) => keyOf(f) === v).length})`),
      ),
    ),
  );
}

/**
 * What a decision panel works with: the run, the result and decision log as last read, and how to read them again.
 * @typedef {object} Desk
 * @property {RunStatus} run
 * @property {boolean} employees the organization records reason codes and employees
 * @property {() => FindingsResult} result
 * @property {() => Decision[]} decisionLog
 * @property {(redraw?: boolean) => Promise<void>} refresh
 * @property {HTMLElement} detail the finding on screen
 */

/**
 * The offer to keep a recorded decision's reason as a memory note of the run's bundle.
 * @param {Decision} decision
 * @param {string} bundleLabel
 */
function noteOffer(decision, bundleLabel) {
  const text = h('textarea#note-text', { rows: 2, maxlength: 2000, value: decision.reason });
  const send = h('button#propose-note', { type: 'button' }, 'Предложить заметку');
  const noteBox = h('div.note-offer', h('p', 'Решение записано. Предложить заметку в память пакета «', bundleLabel, '»?'), text, send);
  send.onclick = async () => {
    send.disabled = true;
    try {
      const note = await api.post('/memory', { feedback_id: decision.feedback_id, text: text.value });
      replace(
        noteBox,
        h('p.ok', `Заметка ${label(NOTE_STATUS, note.status).toLowerCase()}. Она не применяется к проверкам автоматически; список — на странице организации.`),
      );
    } catch (err) {
      send.disabled = false;
      noteBox.append(h('p.error', messageOf(err)));
    }
  };
  return noteBox;
}

/**
 * The buttons of the decisions open to this key: accept, reject, and withdraw once it has a standing decision.
 * @param {Decision | null} own
 * @param {(decision: string) => void} decide
 */
function decisionButtons(own, decide) {
  return /** @type {const} */ (['accepted', 'rejected', 'withdrawn'])
    .filter((d) => d !== 'withdrawn' || (own && own.decision !== 'withdrawn'))
    .map((d) =>
      h(
        `button.dec-${d}`,
        { type: 'button', 'data-decision': d, onclick: () => decide(d) },
        d === 'accepted' ? 'Принять' : d === 'rejected' ? 'Отклонить' : 'Отозвать решение',
      ),
    );
}

/**
 * The decision on a finding: reason, buttons, the decision chosen by a or r (`arm`), conflicts, the offer of a note.
 * @param {Desk} desk
 * @param {Finding} f
 * @param {Decision | null} own
 */
function decisionPanel(desk, f, own) {
  const panel = h('div.decision');
  /** @type {string | null} */
  let requestKey = null;
  /** The decision chosen by the key a or r, recorded by Ctrl+Enter in the reason field. @type {string | null} */
  let armed = null;
  const reason = h('textarea#reason', {
    rows: 3,
    maxlength: 4000,
    placeholder: 'Обоснование решения',
    onkeydown: (e) => {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && armed) {
        e.preventDefault();
        decide(armed);
      }
    },
  });
  const reasonCode = desk.employees ? h('input#reason-code', { type: 'text', maxlength: 100, placeholder: 'Код причины' }) : null;
  const employee = desk.employees ? h('input#employee', { type: 'text', maxlength: 200, placeholder: 'Сотрудник (табельный номер)' }) : null;
  const msg = h('div', { role: 'alert' });
  const buttons = decisionButtons(own, (d) => decide(d));
  const status = h('p.own-decision', ownLine(own));

  /** @param {string} decision */
  const arm = (decision) => {
    armed = decision;
    for (const b of buttons) b.setAttribute('aria-pressed', String(b.dataset.decision === decision));
    replace(msg, h('p.muted.armed', `«${label(DECISION, decision)}»: укажите обоснование и нажмите Ctrl+Enter или кнопку.`));
    reason.focus();
  };

  /** @param {string} decision @param {number} [version] */
  async function decide(decision, version = own?.version ?? 0) {
    if (decision !== 'withdrawn' && !reason.value.trim()) return replace(msg, h('p.error', 'Укажите обоснование решения.'));
    requestKey ??= newKey();
    for (const b of buttons) b.disabled = true;
    const body = /** @type {DecisionRequest} */ ({
      snapshot: desk.result().feedback_snapshot,
      finding_id: f.finding_id,
      decision,
      reason: reason.value.trim(),
      version,
      request_key: requestKey,
    });
    if (reasonCode?.value.trim()) body.reason_code = reasonCode.value.trim();
    if (employee?.value.trim()) body.employee_id = employee.value.trim();
    try {
      const saved = await api.post(`/runs/${desk.run.run_id}/feedback`, body);
      requestKey = null;
      await desk.refresh();
      // The decision redrew the finding: the offer goes into the panel now on screen.
      if (desk.run.bundle && saved.decision !== 'withdrawn') (desk.detail.querySelector('.decision') ?? panel).append(noteOffer(saved, desk.run.bundle.label));
    } catch (err) {
      for (const b of buttons) b.disabled = false;
      if (err instanceof ApiError && (err.code === 'version_conflict' || err.code === 'report_changed')) {
        requestKey = null;
        await desk.refresh(false);
        const current = ownDecision(desk.result(), f);
        // The status line says what is recorded now, not what this panel was drawn with.
        replace(status, ownLine(current));
        replace(msg, ...conflictMessage(current, decision, () => decide(decision, current?.version ?? 0)));
      } else {
        // A lost answer keeps request_key: the retry cannot record the decision twice.
        replace(msg, h('p.error', messageOf(err)));
      }
    }
  }

  // Through replace(), not the DOM's append: a null child (no history yet) would be printed as the word «null».
  replace(
    panel,
    h('h3', 'Решение специалиста'),
    status,
    reason,
    ...[reasonCode, employee].filter(Boolean),
    h('div.decision-buttons', buttons),
    msg,
    decisionHistory(desk.decisionLog().filter((d) => d.finding_id === f.finding_id)),
  );
  return { element: panel, arm };
}

/**
 * The filters above the list: section, importance, theme, status, round, decision and search.
 * @param {{ findings: Finding[], filters: Filters, changed: () => void }} list
 * @param {FindingsResult} result
 * @param {{ decidedNo: HTMLOptionElement, decidedYes: HTMLOptionElement }} decided the options whose counts draw() keeps
 */
function filtersBar(list, result, decided) {
  const { filters } = list;
  /** @param {'section' | 'topic' | 'status'} key */
  const distinct = (key) => [...new Set(result.findings.map((f) => f[key]).filter(present))].sort();
  const search = h('input#f-search', {
    type: 'search',
    value: filters.q,
    placeholder: 'Поиск по тексту замечаний',
    'aria-label': 'Поиск по тексту замечаний',
    oninput: (e) => {
      filters.q = e.currentTarget.value;
      list.changed();
    },
  });
  return h(
    'div.filters',
    filterSelect(list, 'section', 'Раздел', distinct('section')),
    filterSelect(
      list,
      'importance',
      'Важность',
      IMPORTANCE_ORDER.filter((i) => result.findings.some((f) => f.importance === i)),
      IMPORTANCE,
    ),
    filterSelect(list, 'topic', 'Тема', distinct('topic'), THEME),
    filterSelect(list, 'status', 'Статус', distinct('status'), FINDING_STATUS),
    result.revision
      ? filterSelect(
          list,
          'revision',
          'С прошлой проверки',
          Object.keys(REVISION).filter((s) => result.findings.some((f) => f.revision?.status === s)),
          REVISION,
        )
      : null,
    h(
      'label.filter',
      'Решение',
      h(
        'select#f-decided',
        {
          onchange: (e) => {
            filters.decided = e.currentTarget.value;
            list.changed();
          },
        },
        h('option', { value: '' }, 'все'),
        decided.decidedNo,
        decided.decidedYes,
      ),
    ),
    h('label.filter.search', 'Поиск', search),
  );
}

/** Previous and next finding, and where the one on screen stands. @param {number} selected @param {number} total @param {(delta: number) => void} move */
function detailNav(selected, total, move) {
  return h(
    'div.detail-nav',
    h('button#prev', { type: 'button', onclick: () => move(-1), disabled: selected === 0, title: 'Клавиша k' }, '← Предыдущее'),
    h('span.muted', `${selected + 1} из ${total}`),
    h('button#next', { type: 'button', onclick: () => move(1), disabled: selected >= total - 1, title: 'Клавиша j' }, 'Следующее →'),
  );
}

/**
 * The page's keys: j/k move, a/r choose a decision in the panel on screen, +/− zoom the finding's first page picture.
 * Letters only: ↑/↓ stay with the page, so a long finding scrolls; nothing is taken while the user types in a field or
 * holds a modifier.
 * @param {(delta: number) => void} move
 * @param {() => ((decision: string) => void) | null} currentArm
 * @param {ParentNode} detail the finding on screen
 */
function letterKeys(move, currentArm, detail) {
  /** @param {KeyboardEvent} e */
  return (e) => {
    if ((e.target instanceof Element && e.target.closest('input, textarea, select')) || e.ctrlKey || e.metaKey || e.altKey) return;
    const arm = currentArm();
    if (e.key === 'j' || e.key === 'k') {
      e.preventDefault();
      move(e.key === 'j' ? 1 : -1);
    } else if ((e.key === 'a' || e.key === 'r') && arm) {
      e.preventDefault();
      arm(e.key === 'a' ? 'accepted' : 'rejected');
    } else if (zoomKey(e.key)) {
      e.preventDefault();
      zoomViewer(detail, zoomKey(e.key));
    }
  };
}

/** The keys, said under the findings. */
/** The designer's answer to this remark, brought in from the filled register; null without one. @param {FindingsResult} result @param {Finding} f */
function designerAnswer(result, f) {
  const a = (result.designer_answers ?? []).find((x) => x.finding_id === f.finding_id);
  if (!a) return null;
  return h(
    'div.designer-answer',
    h('h3', 'Ответ проектировщика'),
    h('p', a.answer || '—'),
    a.sheet ? h('p.muted', `Лист с исправлением: ${a.sheet}`) : null,
    a.closed ? h('p.muted', `Снято / не снято: ${a.closed}`) : null,
    h('p.muted', `Строка № ${a.register_no} реестра, принят ${fmtDateTime(a.uploaded_at)}`),
  );
}

const KEYS_HINT =
  'Клавиши: j — следующее замечание, k — предыдущее, Enter или пробел — открыть выбранное в списке, a — принять, r — отклонить (затем обоснование и Ctrl+Enter), + и − — масштаб изображения страницы.';

/**
 * @param {HTMLElement} main
 * @param {string} runId
 * @param {string} [linkedN] the number of the finding the address names
 * @param {string} [query] the filters of the address
 * @returns {Promise<() => void>}
 */
export async function findingsView(main, runId, linkedN, query) {
  const [run, features] = await Promise.all([api.get(`/runs/${runId}`), api.get('/features')]);
  if (run.status !== 'done') return awaitRun(main, run, () => findingsView(main, runId, linkedN, query));
  let result = await api.get(`/runs/${runId}/findings`);
  let decisionLog = (await api.get(`/runs/${runId}/feedback`)).history;
  // Left while loading: another view owns the page now, and no listener of this one may stay behind.
  if (!main.isConnected) return () => {};
  const employees = !!features.features?.employees;
  const filters = filtersOf(query);

  const visible = () => result.findings.filter((f) => passes(result, filters, f));
  let selected = Math.max(
    0,
    visible().findIndex((f) => String(f.n) === linkedN),
  );
  /** Chooses the decision for the key a or r in the panel on screen; null while no finding is shown. @type {((decision: string) => void) | null} */
  let arm = null;

  const listEl = h('ol.finding-list');
  const detail = h('section.finding-detail', { 'aria-live': 'polite' });
  const countsEl = h('p.muted#shown');
  /** The answer loop's proposals, drawn again with the list: a decision on one changes its outcome. */
  const answerSlot = h('div#answer-review-slot');
  const refilter = () => {
    selected = 0;
    draw();
  };
  const filterList = {
    get findings() {
      return result.findings;
    },
    filters,
    changed: refilter,
  };

  const decidedNo = h('option', { value: 'no', selected: filters.decided === 'no' });
  const decidedYes = h('option', { value: 'yes', selected: filters.decided === 'yes' });

  /** Keeps the address on the finding on screen and the filters, to reopen them or send them to a colleague. @param {Finding | undefined} f */
  function keepAddress(f) {
    // A view still loading when the reader went elsewhere must not take the address back.
    if (!main.isConnected || !location.hash.startsWith(`#/runs/${runId}/findings`)) return;
    // No new history entry, so Back leaves the findings rather than stepping through them.
    const params = new URLSearchParams(Object.entries(filters).filter(([, v]) => v)).toString();
    const address = `#/runs/${runId}/findings${f ? `/${f.n}` : ''}${params ? `?${params}` : ''}`;
    if (location.hash !== address) window.history.replaceState(null, '', address);
  }

  function draw() {
    const shown = visible();
    if (selected >= shown.length) selected = Math.max(0, shown.length - 1);
    const decided = result.findings.filter((f) => isDecided(result, f)).length;
    replace(decidedNo, `без решения (${result.findings.length - decided})`);
    replace(decidedYes, `с решением (${decided})`);
    replace(countsEl, `Показано ${shown.length} из ${plural(result.counts.total, W.findingsOf)}; с решением: ${decided}`);
    /** @param {number} i @param {boolean} byKey */
    const open = (i, byKey) => {
      selected = i;
      draw();
      if (byKey) /** @type {HTMLElement | null} */ (listEl.querySelector('.selected'))?.focus();
    };
    replace(
      listEl,
      shown.length
        ? shown.map((f, i) => findingItem(result, f, i === selected, (byKey) => open(i, byKey)))
        : h('li.state', 'Нет замечаний по выбранным условиям.'),
    );
    listEl.querySelector('.selected')?.scrollIntoView({ block: 'nearest' });
    keepAddress(shown[selected]);
    drawDetail(shown[selected], shown.length);
    replace(
      answerSlot,
      answerReview(result, () => refresh()),
    );
  }

  /** @param {number} delta */
  function move(delta) {
    const n = visible().length;
    if (!n) return;
    selected = Math.min(n - 1, Math.max(0, selected + delta));
    draw();
  }

  /** @param {Finding | undefined} f @param {number} total */
  function drawDetail(f, total) {
    arm = null;
    if (!f) return replace(detail, state('Выберите замечание.'));
    const panel = decisionPanel(desk, f, ownDecision(result, f));
    arm = panel.arm;
    replace(
      detail,
      detailNav(selected, total, move),
      h('h2', `Замечание № ${f.n}`),
      findingTags(f),
      previousRound(result, f),
      findingProposal(result, f),
      designerAnswer(result, f),
      ...findingText(f),
      h('h3', 'Страницы'),
      pagePictures(run, f),
      panel.element,
    );
  }

  /** @type {Desk} */
  const desk = { run, employees, result: () => result, decisionLog: () => decisionLog, refresh, detail };

  async function refresh(redraw = true) {
    [result, decisionLog] = await Promise.all([api.get(`/runs/${runId}/findings`), api.get(`/runs/${runId}/feedback`).then((r) => r.history)]);
    if (redraw) draw();
  }

  const onKey = letterKeys(move, () => arm, detail);
  document.addEventListener('keydown', onKey);

  const side = sideNotes(result);

  replace(
    main,
    h('p', h('a', { href: `#/runs/${runId}` }, '← К проверке')),
    h('h1', `Замечания: ${runTitle(run, objectTitleOf(result))}`),
    filtersBar(filterList, result, { decidedNo, decidedYes }),
    countsEl,
    revisionSummary(result, async (requestKey) => {
      const answer = await api.post(`/runs/${runId}/feedback/carry-over`, { snapshot: result.feedback_snapshot, request_key: requestKey });
      await refresh();
      return answer;
    }),
    answerSlot,
    result.parsed === false
      ? h('pre.raw', result.raw_markdown ?? '')
      : h('div.workspace', h('div.list-col', listEl), detail, side.childElementCount ? side : null),
    reportLinks(runId, result, () => refresh()),
    h('p.muted.keys', KEYS_HINT),
  );
  draw();
  showLinkedQuestion(side, new URLSearchParams(query ?? '').get('question'));
  return () => document.removeEventListener('keydown', onKey);
}

/**
 * The question an address names (`?question=ID`, the content map's link of an item not found): marked, scrolled to
 * and focused, so the reader lands on it beside the findings.
 * @param {HTMLElement} side @param {string | null} questionId
 */
function showLinkedQuestion(side, questionId) {
  if (!questionId) return;
  const item = [...side.querySelectorAll('li[data-question-id]')].find((li) => li instanceof HTMLElement && li.dataset.questionId === questionId);
  if (!(item instanceof HTMLElement)) return;
  item.classList.add('linked');
  item.scrollIntoView({ block: 'center' });
  item.focus();
}
