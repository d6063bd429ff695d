// The words a finding quotes, found among the words of its page (their boxes come with the picture): what the
// page viewer highlights. Pure functions, so that they are tested without a browser (test/cabinet/page-words.test.ts).
/** @import { PageRef } from '../api-types.ts' */

/**
 * A page's words as the service gives them (…/pages/{doc_page}/words): boxes [x0, y0, x1, y1] in fractions of the
 * page (top left 0, 0), the page's size in points, and where the words come from.
 * @typedef {{ width: number, height: number, source: 'text' | 'ocr' | 'none', words: { t: string, b: Box }[] }} PageWords
 * @typedef {[number, number, number, number]} Box
 */

/** Lower case with «ё» as «е»: how the cabinet compares texts (the search over findings, quotes on a page). @param {unknown} text */
export const fold = (text) =>
  String(text ?? '')
    .toLowerCase()
    .replace(/ё/g, 'е');

// Latin letters that look like Cyrillic ones (a cipher printed «KP» for «КР»): one letter for both sides of a comparison.
/** @type {Record<string, string>} */
const LOOKALIKE = { a: 'а', b: 'в', c: 'с', e: 'е', h: 'н', k: 'к', m: 'м', o: 'о', p: 'р', t: 'т', x: 'х', y: 'у' };

/** Letters and digits only, folded, look-alikes as Cyrillic: spaces, punctuation, dashes and line-end hyphens do not count. @param {string} text */
const compact = (text) =>
  fold(text)
    .replace(/[^\p{L}\p{N}]/gu, '')
    .replace(/[abcehkmoptxy]/g, (c) => LOOKALIKE[c] ?? c);

/** Shorter pieces of a quote are not looked for: «д.», «5» would be found anywhere. */
const MIN_PIECE = 3;
/** Words of one piece tried at most, when the whole piece is not on the page. */
const MAX_PIECE_WORDS = 40;

/** The spans inside the outer «…» of a text (nested quotes such as «ООО «Бюро»» stay in their span). @param {string} text */
function quoted(text) {
  /** @type {string[]} */
  const out = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '«' && depth++ === 0) start = i + 1;
    else if (text[i] === '»' && depth > 0 && --depth === 0) out.push(text.slice(start, i));
  }
  return out;
}

/**
 * What a finding's evidence quotes from the page of a reference: the text after «док. N «…», с. P:» where the evidence
 * names that page, else every quoted span of the evidence and what it says was written («указано: …»); the document
 * names themselves left out, snippets cut at their «…» ellipses.
 * @param {string} evidence @param {Pick<PageRef, 'doc_index' | 'doc_page'>} ref @returns {string[]}
 */
export function quotesFor(evidence, ref) {
  const place = /док\. (\d+) «(?:[^«»]|«[^«»]*»)*», с\. (\d+)(?:\s*\([^)]*\))?:?/g;
  const lines = String(evidence ?? '').split('\n');
  /** @type {string[]} */
  const own = [];
  for (const line of lines) {
    const marks = [...line.matchAll(place)];
    marks.forEach((m, i) => {
      if (Number(m[1]) !== ref.doc_index || Number(m[2]) !== ref.doc_page) return;
      const end = marks[i + 1]?.index ?? line.length;
      own.push(line.slice((m.index ?? 0) + m[0].length, end));
    });
  }
  const texts = own.length ? own : lines.map((l) => l.replace(place, ' '));
  /** @type {string[]} */
  const pieces = [];
  for (const text of texts) {
    const spans = quoted(text);
    // a snippet quoted bare after the place («док. 3 «…», с. 2: …текст…») is a span of its own, and so is what a
    // citation of a norm says was written («В документе «…» (стр. 2) указано: …текст…»)
    const said = /указано:\s*(.+)$/.exec(text)?.[1];
    for (const span of spans.length || said ? [...spans, ...(said ? [said] : [])] : own.length ? [text] : []) {
      for (const piece of span.split('…')) if (compact(piece).length >= MIN_PIECE && !pieces.includes(piece.trim())) pieces.push(piece.trim());
    }
  }
  return pieces;
}

/** The page's words as one compact string, with the word each character comes from. @param {PageWords['words']} words */
function pageIndex(words) {
  let text = '';
  /** @type {number[]} */
  const wordAt = [];
  words.forEach((w, i) => {
    const c = compact(w.t);
    text += c;
    for (let k = 0; k < c.length; k++) wordAt.push(i);
  });
  return { text, wordAt };
}

/**
 * The words of the page [first, last] where a quote stands: the whole quote, else its longest run of whole words
 * that is on the page (a snippet may run into text read otherwise); null when nothing of it is there.
 * @param {{ text: string, wordAt: number[] }} index @param {string} quote @returns {[number, number] | null}
 */
function locate(index, quote) {
  const tokens = quote.split(/\s+/).map(compact).filter(Boolean).slice(0, MAX_PIECE_WORDS);
  for (let size = tokens.length; size >= 1; size--) {
    for (let from = 0; from + size <= tokens.length; from++) {
      const wanted = tokens.slice(from, from + size).join('');
      // a single word only when it is long enough to mean something on its own
      if (wanted.length < (size === 1 ? 6 : MIN_PIECE)) continue;
      const at = index.text.indexOf(wanted);
      if (at >= 0) return [/** @type {number} */ (index.wordAt[at]), /** @type {number} */ (index.wordAt[at + wanted.length - 1])];
    }
  }
  return null;
}

/** Whether two boxes lie on one line: they overlap by more than half the lower one's height. @param {Box} a @param {Box} b */
const sameLine = (a, b) => Math.min(a[3], b[3]) - Math.max(a[1], b[1]) > 0.5 * Math.min(a[3] - a[1], b[3] - b[1]);

/**
 * Rectangles to draw over the picture for the quotes: one per line of each quote found, in page order.
 * @param {PageWords['words']} words @param {string[]} quotes @returns {Box[]}
 */
export function highlightBoxes(words, quotes) {
  if (!words.length || !quotes.length) return [];
  const index = pageIndex(words);
  /** @type {Set<number>} */
  const marked = new Set();
  for (const q of quotes) {
    const found = locate(index, q);
    if (found) for (let i = found[0]; i <= found[1]; i++) marked.add(i);
  }
  /** @type {Box[]} */
  const boxes = [];
  let last = -2;
  for (const i of [...marked].sort((a, b) => a - b)) {
    const b = /** @type {Box} */ (/** @type {PageWords['words'][number]} */ (words[i]).b);
    const open = boxes[boxes.length - 1];
    if (open && last === i - 1 && sameLine(open, b) && b[0] >= open[0])
      boxes[boxes.length - 1] = [open[0], Math.min(open[1], b[1]), Math.max(open[2], b[2]), Math.max(open[3], b[3])];
    else boxes.push([...b]);
    last = i;
  }
  return boxes;
}

/** A3 and larger (A2, A1, A0, the extended A4×3 …): a title block is unreadable on the whole picture. @param {Pick<PageWords, 'width' | 'height'>} page */
export const isLargeSheet = (page) => Math.max(page.width, page.height) >= 1130 && Math.min(page.width, page.height) >= 800;
