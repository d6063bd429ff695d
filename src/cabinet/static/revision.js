// The round against the previous run of the bundle (result.revision): what changed since then, a mark on every
// finding, and the previous round's decisions beside a persisting finding — shown, never applied.
import { h, replace } from './dom.js';
import { messageOf } from './api.js';
import { plural, W, fmtDateTime, IMPORTANCE, DECISION, label } from './format.js';
/** @import { CarryOver, Finding, FindingsResult, Revision } from '../api-types.ts' */

/** @type {Record<string, string>} */
export const REVISION = { new: 'Новое', persisting: 'Повторное' };

/** The mark of a finding in the list, or null when the run was compared with none. @param {Finding} f */
export function revisionBadge(f) {
  const status = f.revision?.status;
  return status ? h(`span.rev.rev-${status}`, label(REVISION, status)) : null;
}

/**
 * The one action that applies the previous round's decisions to the persisting findings: each becomes a new
 * decision of this key naming the one it repeats; what was left as it was is said.
 * @param {FindingsResult} result
 * @param {(requestKey: string) => Promise<CarryOver>} carry
 */
function carryControl(result, carry) {
  const r = result.revision;
  if (!r) return null;
  const persisting = new Set(result.findings.map((f) => f.revision?.previous_finding_id).filter(Boolean));
  const decided = (r.previous_feedback ?? []).filter((d) => persisting.has(d.finding_id) && d.decision !== 'withdrawn');
  if (!decided.length) return null;
  const msg = h('p.muted', 'Каждое решение запишется как новое решение от вашего имени со ссылкой на прежнее; решения этого тура не меняются.');
  /** @type {string | null} */
  let requestKey = null;
  const button = h('button#carry-over', { type: 'button' }, 'Перенести решения прошлого тура');
  button.addEventListener('click', async () => {
    requestKey ??= crypto.randomUUID ? crypto.randomUUID() : String(Date.now()) + Math.random().toString(16).slice(2);
    button.disabled = true;
    try {
      const answer = await carry(requestKey);
      requestKey = null;
      const decidedNow = answer.skipped.filter((s) => s.reason === 'decided').map((s) => `№ ${s.n}`);
      const undecided = answer.skipped.filter((s) => s.reason === 'undecided_before').map((s) => `№ ${s.n}`);
      replace(
        msg,
        h(
          'span.carried',
          `Перенесено решений: ${answer.carried.length}.`,
          decidedNow.length ? ` Уже решены в этом туре и не изменены: ${decidedNow.join(', ')}.` : '',
          undecided.length ? ` Без решения в прошлом туре: ${undecided.join(', ')}.` : '',
        ),
      );
    } catch (err) {
      button.disabled = false;
      replace(msg, h('span.error', messageOf(err)));
    }
  });
  return h('div.carry-over', h('p', `Решений прошлого тура по оставшимся замечаниям: ${decided.length}. `, button), msg);
}

/**
 * «Изменения с прошлой проверки»: the counts, the volumes, the previous round's findings no longer found and the
 * action that carries the previous decisions over.
 * @param {FindingsResult} result
 * @param {(requestKey: string) => Promise<CarryOver>} carry
 */
export function revisionSummary(result, carry) {
  const r = result.revision;
  if (!r) return null;
  return h(
    'section.revision#revision',
    h('h2', 'Изменения с прошлой проверки комплекта'),
    h(
      'p',
      `Сравнение с проверкой от ${fmtDateTime(r.previous_published_at)} (`,
      h('a', { href: `#/runs/${r.previous_run_id}/findings` }, 'открыть её замечания'),
      `): ${countsText(r)}.`,
    ),
    documentsOfRound(r),
    carryControl(result, carry),
    r.not_resubmitted?.length
      ? h(
          'details.not-resubmitted',
          { open: true },
          h('summary', `Том не представлен повторно: ${plural(r.not_resubmitted.length, W.findings)} прошлой проверки не сняты`),
          h(
            'ol',
            r.not_resubmitted.map((f) =>
              h('li', h('strong', `№ ${f.n} · ${f.section} · ${label(IMPORTANCE, f.importance)}: `), f.essence, h('div.muted', f.place)),
            ),
          ),
        )
      : null,
    r.resolved.length
      ? h(
          'details.resolved',
          h('summary', `Устранено: ${plural(r.resolved.length, W.findings)} прошлой проверки`),
          h(
            'ol',
            r.resolved.map((f) => h('li', h('strong', `№ ${f.n} · ${f.section} · ${label(IMPORTANCE, f.importance)}: `), f.essence, h('div.muted', f.place))),
          ),
        )
      : null,
  );
}

/** «новых — 3, повторных — 2, устранено — 1, том не представлен повторно — 4». @param {Revision} r */
function countsText(r) {
  const missing = r.counts.not_resubmitted === undefined ? '' : `, том не представлен повторно — ${r.counts.not_resubmitted}`;
  return `новых — ${r.counts.new}, повторных — ${r.counts.persisting}, устранено — ${r.counts.resolved}${missing}`;
}

/** @type {Record<string, string>} */
const DOCUMENT_STATUS = { corrected: 'исправлен', unchanged: 'без изменений', added: 'добавлен' };

/** A document as the round names it: cipher, section, file name. @param {{ name: string, section: string | null, cipher: string | null }} d */
function documentName(d) {
  const what = [d.cipher, d.section && d.section !== d.cipher ? d.section : null].filter(Boolean).join(', ');
  return what ? `${what} — ${d.name}` : d.name;
}

/** Which volumes came back, corrected or the same, which were added and which did not come back. @param {Revision} r */
function documentsOfRound(r) {
  if (!r.documents) return null;
  const rows = [
    ...r.documents.map((d) =>
      h(
        `tr.doc-${d.status}`,
        h('td', documentName(d)),
        h('td', label(DOCUMENT_STATUS, d.status)),
        h('td.muted', d.previous_name ? `было: ${d.previous_name}` : '—'),
      ),
    ),
    ...(r.dropped ?? []).map((d) => h('tr.doc-dropped', h('td', documentName(d)), h('td', h('strong', 'не представлен повторно')), h('td.muted', '—'))),
  ];
  return h(
    'table.round-documents#round-documents',
    h('caption', 'Тома этого тура против прошлого'),
    h('thead', h('tr', h('th', 'Том'), h('th', 'В этом туре'), h('th', 'В прошлом туре'))),
    h('tbody', rows),
  );
}

/** For a persisting finding: its number in the previous round and the decisions taken on it then. @param {FindingsResult} result @param {Finding} f */
export function previousRound(result, f) {
  const r = f.revision;
  const previous = result.revision;
  if (r?.status !== 'persisting' || !previous) return null;
  const decisions = (previous.previous_feedback ?? []).filter((d) => d.finding_id === r.previous_finding_id);
  return h(
    'div.previous-round',
    h('h3', 'В прошлой проверке'),
    h('p', h('a', { href: `#/runs/${previous.previous_run_id}/findings/${r.previous_n}` }, `Замечание № ${r.previous_n}`), ' прошлой проверки осталось.'),
    decisions.length
      ? h(
          'ul',
          decisions.map((d) =>
            h(
              'li',
              `Решение прошлого тура: ${label(DECISION, d.decision)}${d.reason ? ` — «${d.reason}»` : ''} (${d.employee_id ?? d.actor_name ?? 'ключ без имени'}, ${fmtDateTime(d.created_at)}).`,
            ),
          ),
        )
      : h('p.muted', 'Решений по нему в прошлом туре не было.'),
    ...(previous.previous_answers ?? [])
      .filter((a) => a.finding_id === r.previous_finding_id)
      .map((a) => h('p.previous-answer', `Ответ проектировщика в прошлом туре: «${a.answer || '—'}»${a.sheet ? `, лист с исправлением: ${a.sheet}` : ''}.`)),
    h(
      'p.muted',
      'Решения прошлого тура к этому замечанию сами не применяются: их переносит кнопка «Перенести решения прошлого тура» — новым решением со ссылкой на прежнее.',
    ),
  );
}

/** One line for the run page: what changed since the previous round, or null when the run was compared with none. @param {FindingsResult} result */
export function revisionLine(result) {
  const r = result.revision;
  if (!r) return null;
  return h(
    'p.revision-line#revision-line',
    `С прошлой проверки комплекта (${fmtDateTime(r.previous_published_at)}): ${countsText(r)}.`,
    r.dropped?.length ? ` Не представлены повторно: ${r.dropped.map(documentName).join('; ')}.` : '',
  );
}
