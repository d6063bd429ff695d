// The picture of a cited page with the quoted words highlighted over it, zoom and pan, opened on the first highlight;
// a sharper picture asked for as it is zoomed in; for a title-block finding, the corner of its title block beside it.
import { h } from './dom.js';
import { highlightBoxes } from './page-words.js';
import { PICTURE_SIDE_PX, pictureZoomFor } from './page-zoom.js';
/** @import { PageWords, Box } from './page-words.js' */
/** @import { PageRef } from '../api-types.ts' */

/** Zoom steps: 1 fits the picture to the width of its frame. */
const ZOOMS = [1, 1.5, 2, 3, 4, 6];
/** On screen a highlighted line is opened this tall at least, in CSS pixels (the zoom allowing). */
const READABLE_LINE_PX = 16;
/** How often words the service is busy with (429, 503) are asked for again. */
const WORDS_RETRIES = 3;

/** The viewers on screen, by their element, for the keys of the findings page. @type {WeakMap<Element, { zoomBy(step: number): void }>} */
const viewers = new WeakMap();

/**
 * @typedef {object} ViewerOptions
 * @property {string} src the picture's address
 * @property {string} label the caption (the page reference's label)
 * @property {string[]} quotes what the finding quotes from this page (page-words.js quotesFor)
 * @property {boolean} titleBlock the finding is about the title block: its corner is shown too
 * @property {(fig: HTMLElement, img: HTMLImageElement) => void} onFailed the picture did not come
 */

/** @param {ViewerOptions} o @returns {HTMLElement} */
export function pageViewer(o) {
  const img = h('img.page-picture', { src: o.src, alt: `Изображение: ${o.label}`, draggable: 'false' });
  const canvas = h('div.page-canvas', img);
  const frame = h('div.page-frame', { tabindex: '0', title: 'Перетаскивание — сдвиг, Ctrl + колесо — масштаб' }, canvas);
  const level = h('span.zoom-level', '100 %');
  const note = h('p.muted.highlight-note');
  const corner = h('div.title-block-slot', o.titleBlock ? titleBlockFigure(o.src, o.label) : null);
  let zoom = 1;
  /** The page's size in points, once its words have come. @type {{ width: number, height: number } | null} */
  let pageSize = null;
  /** The zoom of the picture shown or being fetched (`?zoom=`): a sharper one replaces it once loaded. */
  let pictureZoom = 1;

  /** Sets the zoom, keeping the point at (fx, fy) of the frame (fractions; its middle by default) where it was. */
  const setZoom = (/** @type {number} */ z, fx = 0.5, fy = 0.5) => {
    const x = (frame.scrollLeft + fx * frame.clientWidth) / canvas.offsetWidth;
    const y = (frame.scrollTop + fy * frame.clientHeight) / canvas.offsetHeight;
    zoom = Math.min(ZOOMS[ZOOMS.length - 1] ?? 1, Math.max(1, z));
    // a property the stylesheet turns into the width, so that printing can set the width back to the page's
    canvas.style.setProperty('--zoom', String(zoom));
    level.textContent = `${Math.round(zoom * 100)} %`;
    frame.scrollLeft = x * canvas.offsetWidth - fx * frame.clientWidth;
    frame.scrollTop = y * canvas.offsetHeight - fy * frame.clientHeight;
    sharpen();
  };
  /** Asks for a sharper picture when the one shown has fewer pixels than the screen shows it with, the page allowing. */
  const sharpen = () => {
    if (!img.complete || !img.naturalWidth) return;
    // before the words tell the page's size: a first picture of 1,600 px may have more behind it, a smaller one has not
    const page = pageSize ?? (Math.max(img.naturalWidth, img.naturalHeight) >= PICTURE_SIDE_PX ? { width: Infinity, height: Infinity } : null);
    if (!page) return;
    const shown = Math.max(canvas.offsetWidth, canvas.offsetHeight) * (window.devicePixelRatio || 1);
    const wanted = pictureZoomFor(page, shown);
    if (wanted <= pictureZoom) return;
    pictureZoom = wanted;
    const url = `${o.src}?zoom=${wanted}`;
    const sharper = new Image();
    sharper.addEventListener(
      'load',
      () => {
        img.src = url;
        img.dataset.zoom = String(wanted);
      },
      { once: true },
    );
    // the picture shown stays when a sharper one does not come (a busy service): a later zoom asks again
    sharper.addEventListener('error', () => (pictureZoom = Number(img.dataset.zoom) || 1), { once: true });
    sharper.src = url;
  };
  /** The next zoom step up (1) or down (-1). */
  const zoomBy = (/** @type {number} */ step, fx = 0.5, fy = 0.5) => {
    const next = step > 0 ? ZOOMS.find((z) => z > zoom + 1e-6) : [...ZOOMS].reverse().find((z) => z < zoom - 1e-6);
    if (next) setZoom(next, fx, fy);
  };

  const tools = h(
    'div.viewer-tools',
    h('button.zoom-out', { type: 'button', title: 'Уменьшить (−)', 'aria-label': 'Уменьшить', onclick: () => zoomBy(-1) }, '−'),
    level,
    h('button.zoom-in', { type: 'button', title: 'Увеличить (+)', 'aria-label': 'Увеличить', onclick: () => zoomBy(1) }, '+'),
    h('button.zoom-fit', { type: 'button', onclick: () => setZoom(1) }, 'По ширине'),
    h('a', { href: o.src, target: '_blank', rel: 'noopener' }, 'Открыть отдельно'),
  );
  const fig = h('figure.page-view', tools, frame, h('figcaption', o.label), note, corner);
  viewers.set(fig, { zoomBy });
  img.addEventListener('error', () => o.onFailed(fig, img), { once: true });
  frame.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const step = zoomKey(e.key);
    if (!step) return;
    e.preventDefault();
    e.stopPropagation();
    zoomBy(step);
  });
  frame.addEventListener(
    'wheel',
    (e) => {
      if (!e.ctrlKey) return;
      e.preventDefault();
      const r = frame.getBoundingClientRect();
      zoomBy(e.deltaY < 0 ? 1 : -1, (e.clientX - r.left) / r.width, (e.clientY - r.top) / r.height);
    },
    { passive: false },
  );
  dragToPan(frame);

  void wordsOf(`${o.src}/words`).then((words) => {
    if (!words.ok) {
      note.textContent = `Выделение цитаты недоступно: ${words.message}`;
      return;
    }
    const page = words.page;
    pageSize = page;
    sharpen();
    if (!o.quotes.length) {
      note.textContent = PAGE_NOT_PASSAGE;
      return;
    }
    if (page.source === 'none') {
      note.textContent = `На странице нет текстового слоя, и он не распознан: цитата не выделена. ${PAGE_NOT_PASSAGE}`;
      return;
    }
    const boxes = highlightBoxes(page.words, o.quotes);
    if (!boxes.length) {
      note.textContent = `Слова документа, которые цитирует замечание, на этой странице не найдены. ${PAGE_NOT_PASSAGE}`;
      return;
    }
    note.textContent = page.source === 'ocr' ? 'Цитата выделена по распознанному тексту скана.' : '';
    for (const b of boxes) canvas.append(highlight(b));
    const open = () => openOn(/** @type {Box} */ (boxes[0]), page);
    if (img.complete) open();
    else img.addEventListener('load', open, { once: true });
  });

  /** Zoomed so the first highlight reads, and scrolled to it. @param {Box} b @param {PageWords} page */
  function openOn(b, page) {
    const lineAtFit = (b[3] - b[1]) * frame.clientWidth * (page.height / page.width);
    const wanted = lineAtFit > 0 ? READABLE_LINE_PX / lineAtFit : 1;
    setZoom(ZOOMS.find((z) => z >= wanted) ?? ZOOMS[ZOOMS.length - 1] ?? 1);
    frame.scrollLeft = ((b[0] + b[2]) / 2) * canvas.offsetWidth - frame.clientWidth / 2;
    frame.scrollTop = ((b[1] + b[3]) / 2) * canvas.offsetHeight - frame.clientHeight / 2;
  }

  return fig;
}

/** Said under a picture without a highlight: the finding names the page, the place on it is not known. */
const PAGE_NOT_PASSAGE = 'Замечание указывает на страницу целиком, а не на место на ней.';

/** +/= zooms in, − zooms out; 0 for other keys. @param {string} key */
export const zoomKey = (key) => (key === '+' || key === '=' ? 1 : key === '-' || key === '−' ? -1 : 0);

/** Zooms the first page viewer inside root (the keys of the findings page). @param {ParentNode} root @param {number} step */
export function zoomViewer(root, step) {
  const fig = root.querySelector('.page-view');
  if (fig) viewers.get(fig)?.zoomBy(step);
}

/** A rectangle over the picture, placed in fractions of it so that it follows every zoom. @param {Box} b */
function highlight(b) {
  const el = h('div.highlight', { 'aria-hidden': 'true' });
  // through the CSSOM, which the page's Content-Security-Policy allows (no inline style attribute)
  el.style.left = `${b[0] * 100}%`;
  el.style.top = `${b[1] * 100}%`;
  el.style.width = `${(b[2] - b[0]) * 100}%`;
  el.style.height = `${(b[3] - b[1]) * 100}%`;
  return el;
}

/** The corner of the sheet with its title block, drawn apart at a resolution it can be read. @param {string} src @param {string} label */
function titleBlockFigure(src, label) {
  const url = `${src}?crop=title_block`;
  const img = h('img.title-block-picture', { src: url, alt: `Основная надпись: ${label}` });
  const fig = h('figure.title-block', h('a', { href: url, target: '_blank', rel: 'noopener' }, img), h('figcaption', `Основная надпись (${label})`));
  img.addEventListener('error', () => fig.replaceChildren(h('p.muted.no-picture', `Изображение основной надписи не получено: ${label}`)), { once: true });
  return fig;
}

/** Dragging the picture with the mouse moves it in its frame. @param {HTMLElement} frame */
function dragToPan(frame) {
  /** @type {{ x: number, y: number, left: number, top: number } | null} */
  let from = null;
  frame.addEventListener('pointerdown', (e) => {
    if (e.button !== 0 || e.pointerType === 'touch') return;
    from = { x: e.clientX, y: e.clientY, left: frame.scrollLeft, top: frame.scrollTop };
    frame.setPointerCapture(e.pointerId);
    frame.classList.add('panning');
  });
  frame.addEventListener('pointermove', (e) => {
    if (!from) return;
    frame.scrollLeft = from.left - (e.clientX - from.x);
    frame.scrollTop = from.top - (e.clientY - from.y);
  });
  const end = () => {
    from = null;
    frame.classList.remove('panning');
  };
  frame.addEventListener('pointerup', end);
  frame.addEventListener('pointercancel', end);
}

/**
 * The page's words; a service busy with them (429, 503: a scan being recognised meanwhile) is asked again after the
 * pause it names.
 * @param {string} url @returns {Promise<{ ok: true, page: PageWords } | { ok: false, message: string }>}
 */
async function wordsOf(url, attempt = 0) {
  try {
    const res = await fetch(url, { credentials: 'same-origin' });
    if (res.ok) return { ok: true, page: /** @type {PageWords} */ (await res.json()) };
    if ((res.status === 429 || res.status === 503) && attempt < WORDS_RETRIES) {
      const wait = Math.min(60, Math.max(1, Number(res.headers.get('retry-after')) || 5));
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      return wordsOf(url, attempt + 1);
    }
    const body = await res.json().catch(() => null);
    return { ok: false, message: body?.detail?.message ?? `ответ ${res.status}` };
  } catch {
    return { ok: false, message: 'сервис не ответил' };
  }
}

/** The address of a page's picture (src/cabinet/page-image.ts), as findings and the content map open it. @param {string} runId @param {Pick<PageRef, 'doc_index' | 'doc_page'>} ref */
export const pictureUrl = (runId, ref) => `/cabinet/runs/${runId}/documents/${ref.doc_index}/pages/${ref.doc_page}`;

/** How often a picture the service is still busy with (429, 503) is asked for again before the page gives up. */
const PICTURE_RETRIES = 3;

/**
 * A picture that did not come: asked for once more to learn why. A busy service (429 or 503 with Retry-After) gets the
 * picture asked for again after the pause it names; any other answer is shown with the service's own message.
 * @param {HTMLElement} fig @param {HTMLImageElement} img @param {string} url @param {string} label @param {number} attempt
 */
export async function pictureFailed(fig, img, url, label, attempt) {
  const shown = [...fig.childNodes];
  let status = 0;
  let wait = 5;
  let message = '';
  try {
    const res = await fetch(url, { credentials: 'same-origin' });
    status = res.status;
    wait = Math.min(60, Math.max(1, Number(res.headers.get('retry-after')) || 5));
    if (!res.ok) message = (await res.json().catch(() => null))?.detail?.message ?? '';
  } catch {
    // no answer at all: told as a picture not received
  }
  if ((status === 429 || status === 503) && attempt < PICTURE_RETRIES) {
    fig.replaceChildren(h('p.muted.no-picture', `Изображение готовится (${label}); повтор через ${wait} с`));
    setTimeout(() => {
      img.addEventListener('error', () => void pictureFailed(fig, img, url, label, attempt + 1), { once: true });
      img.src = `${url}${url.includes('?') ? '&' : '?'}retry=${attempt + 1}`;
      fig.replaceChildren(...shown);
    }, wait * 1000);
    return;
  }
  fig.replaceChildren(h('p.muted.no-picture', `Изображение не получено: ${label}${message ? ` — ${message}` : ''}`));
}
