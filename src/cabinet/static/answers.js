// The answer loop (result.revision.answers): every remark of the previous round against the designer's answer and
// this revision, proposed «снято», «не снято», «том не представлен повторно» or «нет ответа» with its reasons. The
// specialist confirms a proposal (a decision «принято» on decide_on) or overrides it («отклонено» with the reason);
// for a remark that persists decide_on is this round's finding, so its own decision panel does the same.
import { h, replace } from './dom.js';
import { api, messageOf } from './api.js';
import { fmtDateTime, label } from './format.js';
/** @import { Decision, FindingsResult, Finding } from '../api-types.ts' */
/** @typedef {NonNullable<NonNullable<FindingsResult['revision']>['answers']>['proposals'][number]} Proposal */

/** @type {Record<string, string>} */
export const PROPOSAL = { closed: 'снято', not_closed: 'не снято', not_resubmitted: 'том не представлен повторно', no_answer: 'нет ответа' };

function newKey() {
  return crypto.randomUUID ? crypto.randomUUID() : String(Date.now()) + Math.random().toString(16).slice(2);
}

/** The decision standing on a finding id: the newest that is not a withdrawal, else the newest. @param {FindingsResult} result @param {string} id */
function standing(result, id) {
  const mine = result.feedback.filter((d) => d.finding_id === id).sort((a, b) => b.created_at.localeCompare(a.created_at));
  return mine.find((d) => d.decision !== 'withdrawn') ?? mine[0] ?? null;
}

/** What the specialist made of a proposal, in words. @param {Proposal} p @param {Decision | null} d */
function outcomeText(p, d) {
  if (!d || d.decision === 'withdrawn') return 'Ждёт решения специалиста.';
  const who = `${d.employee_id ?? d.actor_name ?? 'ключ без имени'}, ${fmtDateTime(d.created_at)}`;
  if (d.decision === 'accepted')
    return `Подтверждено: ${label(PROPOSAL, p.proposal)}${d.carried_from ? ' (решение перенесено из прошлого тура)' : ''} (${who}).`;
  const closed = p.proposal !== 'closed';
  return `Специалист: ${closed ? 'снято' : 'не снято'}${d.reason ? ` — «${d.reason}»` : ''} (${who}).`;
}

/**
 * Confirm / override of a proposal whose remark did not persist (no decision panel of its own).
 * @param {FindingsResult} result @param {Proposal} p @param {() => Promise<void>} refresh
 */
function proposalControls(result, p, refresh) {
  const own = result.feedback.filter((d) => d.finding_id === p.decide_on && d.own).sort((a, b) => b.version - a.version)[0] ?? null;
  const reason = h('input.proposal-reason', { type: 'text', maxlength: 4000, placeholder: 'Обоснование (обязательно, если не согласны)' });
  const msg = h('span', { role: 'alert' });
  /** @type {string | null} */
  let requestKey = null;
  /** @param {'accepted' | 'rejected'} decision */
  const decide = async (decision) => {
    if (decision === 'rejected' && !reason.value.trim()) return replace(msg, h('span.error', 'Укажите, почему вы не согласны.'));
    requestKey ??= newKey();
    try {
      await api.post(`/runs/${result.run_id}/feedback`, {
        snapshot: result.feedback_snapshot,
        finding_id: p.decide_on,
        decision,
        reason: reason.value.trim(),
        version: own?.version ?? 0,
        request_key: requestKey,
      });
      requestKey = null;
      await refresh();
    } catch (err) {
      replace(msg, h('span.error', messageOf(err)));
    }
  };
  return h(
    'div.proposal-controls',
    reason,
    h('button.confirm-proposal', { type: 'button', onclick: () => decide('accepted') }, 'Подтвердить'),
    h('button.override-proposal', { type: 'button', onclick: () => decide('rejected') }, 'Не согласен'),
    msg,
  );
}

/**
 * «Ответы проектировщика против новой редакции»: every remark of the previous round with its proposal, reasons and
 * outcome; null when the previous round has no answers.
 * @param {FindingsResult} result @param {() => Promise<void>} refresh
 */
export function answerReview(result, refresh) {
  const review = result.revision?.answers;
  if (!review) return null;
  const counts = Object.keys(PROPOSAL)
    .map((s) => `${PROPOSAL[s]} — ${review.counts[s] ?? 0}`)
    .join(', ');
  return h(
    'details.answer-review#answer-review',
    { open: true },
    h('summary', `Ответы проектировщика против новой редакции: ${counts}`),
    h('p.muted', 'Это предложения, не решения: подтвердите или отмените каждое. У оставшихся замечаний это делает решение по замечанию этого тура.'),
    h(
      'ol',
      review.proposals.map((p) =>
        h(
          `li.proposal.proposal-${p.proposal}`,
          { 'data-previous': p.previous_finding_id },
          h('strong', `№ ${p.previous_n} прошлого тура`),
          p.n !== null ? h('a', { href: `#/runs/${result.run_id}/findings/${p.n}` }, ` (№ ${p.n} этой проверки)`) : '',
          ' — ',
          h('span.proposal-state', label(PROPOSAL, p.proposal)),
          `: ${p.essence}`,
          h(
            'ul.muted',
            p.reasons.map((r) => h('li', r)),
          ),
          h('p.proposal-outcome', outcomeText(p, standing(result, p.decide_on))),
          p.finding_id === null ? proposalControls(result, p, refresh) : null,
        ),
      ),
    ),
  );
}

/** For a persisting finding: what the answer loop proposes for the remark it continues. @param {FindingsResult} result @param {Finding} f */
export function findingProposal(result, f) {
  const p = result.revision?.answers?.proposals.find((x) => x.finding_id === f.finding_id);
  if (!p) return null;
  return h(
    'div.finding-proposal',
    h('h3', `Ответ проектировщика против новой редакции: предложено «${label(PROPOSAL, p.proposal)}»`),
    h(
      'ul',
      p.reasons.map((r) => h('li', r)),
    ),
    h('p.proposal-outcome', outcomeText(p, standing(result, p.decide_on))),
    h('p.muted', 'Принять замечание — подтвердить «не снято»; отклонить — снять его (с обоснованием).'),
  );
}
