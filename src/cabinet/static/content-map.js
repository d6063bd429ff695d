// The content map of a done run: per volume, what the Положение (ПП РФ № 87) requires of its section and where the
// volume discloses it — a checklist with page jumps into the page viewer, the questions of items not found.
import { h } from './dom.js';
import { label, plural, shownName } from './format.js';
import { pageViewer, pictureFailed, pictureUrl } from './page-viewer.js';
/** @import { ContentItem, ContentVolume, FindingsResult, RunStatus } from '../api-types.ts' */

/** Statuses as the checklist names them, in the order its groups are shown: what is missing first. */
export const CONTENT_STATUS = { not_found: 'Не найдено', found: 'Найдено', conditional: 'При условии', not_applicable: 'Не применяется' };
const STATUS_ORDER = /** @type {const} */ (['not_found', 'found', 'conditional', 'not_applicable']);
const EDITION = { before_2022_09_01: 'состав разделов до 01.09.2022', from_2022_09_01: 'состав разделов с 01.09.2022' };
const READING = {
  whole: 'прочитан полностью',
  partial: 'прочитан не полностью: часть страниц не прочитана или распознана',
  unread: 'не прочитан: об отсутствии сведений ничего не утверждается',
};
const EVIDENCE = { heading: 'заголовок', contents: 'строка содержания тома', drawings: 'графическая часть', text: 'текст' };
const W_ITEMS = /** @type {const} */ (['пункт', 'пункта', 'пунктов']);

/** «п. 10 «б»», «п. 27(1)». @param {ContentItem} item */
const pointOf = (item) => (item.letter ? `п. ${item.point} «${item.letter}»` : `п. ${item.point}`);

/** Counts of a volume in one line, the missing first. @param {ContentVolume} v */
const countsLine = (v) => STATUS_ORDER.map((s) => `${label(CONTENT_STATUS, s).toLowerCase()}: ${v.counts[s]}`).join(' · ');

/**
 * The jump to the page where an item is disclosed: a button that opens the page viewer (as findings show their pages)
 * in the slot below the item, on the printed words; its label is the page's, as findings caption it. Without a page
 * of the set to show (documents deleted, a page outside the set, only a sheet known), the place as text.
 * @param {RunStatus} run @param {ContentItem} item @param {string} slotId
 * @returns {{ jump: HTMLElement | null, slot: HTMLElement | null }}
 */
function pageJump(run, item, slotId) {
  const ref = item.page;
  if (!ref) return { jump: item.sheet !== null ? h('span.where', `лист ${item.sheet}`) : null, slot: null };
  if (run.documents_deleted || !ref.in_docset) return { jump: h('span.where', ref.label), slot: null };
  const slot = h('div.content-page', { id: slotId, hidden: true });
  const button = h('button.link.page-jump', { type: 'button', 'aria-expanded': 'false', 'aria-controls': slotId }, ref.label);
  button.addEventListener('click', () => {
    const open = slot.hidden;
    if (open && !slot.firstChild) {
      const src = pictureUrl(run.run_id, ref);
      slot.append(
        pageViewer({
          src,
          label: ref.label,
          quotes: item.evidence ? [item.evidence] : [],
          titleBlock: false,
          onFailed: (fig, img) => void pictureFailed(fig, img, src, ref.label, 0),
        }),
      );
    }
    slot.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
  });
  return { jump: button, slot };
}

/**
 * What an item not found raised: a link to its question on the findings page (with its text), or to the finding.
 * @param {RunStatus} run @param {FindingsResult} result @param {ContentItem} item
 */
function raisedLink(run, result, item) {
  const raised = item.raised;
  if (!raised) return h('span.muted', 'Вопрос не задавался.');
  if (raised.kind === 'question') {
    const q = result.questions?.find((x) => x.question_id === raised.id);
    const href = `#/runs/${run.run_id}/findings?question=${encodeURIComponent(raised.id)}`;
    return [h('a.raised', { href }, q ? `Вопрос ${q.n}` : 'Вопрос'), q ? `: ${q.text}` : null];
  }
  const f = result.findings.find((x) => x.finding_id === raised.id);
  return f ? h('a.raised', { href: `#/runs/${run.run_id}/findings/${f.n}` }, `Замечание № ${f.n}`) : h('span', 'Сделано замечание');
}

/** @param {RunStatus} run @param {FindingsResult} result @param {ContentItem} item @param {string} slotId */
function itemEntry(run, result, item, slotId) {
  const part = item.part === 'graphic' ? ' (графическая часть)' : '';
  const { jump, slot } = item.status === 'found' ? pageJump(run, item, slotId) : { jump: null, slot: null };
  return h(
    `li.content-item.s-${item.status}`,
    h('span.point', pointOf(item)),
    ' ',
    h('span.requirement', `${item.requirement}${part}`),
    h(
      'div.content-detail',
      item.status === 'found'
        ? [jump, item.evidence ? h('span.evidence', ` — ${item.evidence_kind ? `${label(EVIDENCE, item.evidence_kind)}: ` : ''}«${item.evidence}»`) : null]
        : item.status === 'not_found'
          ? raisedLink(run, result, item)
          : h('span.reason', item.reason ?? 'Причина не указана.'),
    ),
    slot,
  );
}

/** @param {RunStatus} run @param {FindingsResult} result @param {ContentVolume} v @param {number} i */
function volumeChecklist(run, result, v, i) {
  const doc = run.documents.find((d) => d.index === v.doc_index);
  const title = `Том ${v.doc_index}${doc ? ` «${shownName(doc.name)}»` : ''} — ${v.section}`;
  const groups = STATUS_ORDER.map((status) => {
    const items = v.items.filter((item) => item.status === status);
    if (!items.length) return null;
    const list = h(
      'ul.content-items',
      items.map((item, j) => itemEntry(run, result, item, `content-page-${i}-${status}-${j}`)),
    );
    const heading = `${label(CONTENT_STATUS, status)} (${items.length})`;
    // what does not apply is kept folded: a reason to read on demand, not a task
    return status === 'not_applicable' ? h('details.content-group.na', h('summary', heading), list) : h('div.content-group', h('h3', heading), list);
  });
  return h(
    'details.content-volume',
    { open: v.counts.not_found > 0 || null, 'data-doc-index': v.doc_index },
    h('summary', h('strong', title), h('span.muted', ` — ${plural(v.items.length, W_ITEMS)}: ${countsLine(v)}`)),
    h('p.muted', `Требования: ${label(EDITION, v.edition)}. Том ${label(READING, v.reading)}.`),
    groups,
  );
}

/**
 * The checklist of every volume of the result's content map, or null for a result without one (older runs).
 * @param {RunStatus} run @param {FindingsResult} result
 */
export function contentMapBlock(run, result) {
  const volumes = result.content_map;
  if (!volumes?.length) return null;
  const missing = volumes.reduce((n, v) => n + v.counts.not_found, 0);
  return h(
    'section.content-map',
    { 'aria-labelledby': 'content-map-title' },
    h('h2#content-map-title', 'Карта содержания томов'),
    h(
      'p.muted',
      `Что Положение о составе разделов проектной документации (ПП РФ № 87) требует от раздела каждого тома и где это найдено. Томов: ${volumes.length}; не найдено сведений по ${plural(missing, ['пункту', 'пунктам', 'пунктам'])}.`,
    ),
    volumes.map((v, i) => volumeChecklist(run, result, v, i)),
  );
}
