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

/** A place in a finding's evidence: «док. 3 «24-017-КР.pdf», с. 2», maybe «(также с. 4–6)», and its colon. */
const PLACE = /док\. (\d+) «(?:[^«»]|«[^«»]*»)*», с\. (\d+)(?:\s*\(([^)]*)\))?:?/g;
/** A file's name («24-017-АР.pdf»): the document the evidence names, not words printed in it. */
const FILE_NAME = /\.[\p{L}\d]{2,5}$/u;
/** What a citation of a norm says the document wrote: «В документе «…» (с. 2) указано: …snippet…», the service's words after it. */
const SAID = /указано:\s*(.+)$/;

/** Whether a place names this page: its own page, or one of those in its parentheses («(также с. 4–6)»). @param {RegExpMatchArray} m @param {Pick<PageRef, 'doc_index' | 'doc_page'>} ref */
function namesPage(m, ref) {
  if (Number(m[1]) !== ref.doc_index) return false;
  if (Number(m[2]) === ref.doc_page) return true;
  return [...String(m[3] ?? '').matchAll(/(\d+)(?:\s*[–-]\s*(\d+))?/g)].some((r) => ref.doc_page >= Number(r[1]) && ref.doc_page <= Number(r[2] ?? r[1]));
}

/**
 * What the document prints at a place, by the evidence's convention «док. N «…», с. P: <quote>» (or «…, с. P, <what>:
 * <quote>»): the first «…» span right after it — what follows that span is the service's own (what it concludes, the
 * set's value it compares with) — else the snippet quoted bare.
 * @param {string} segment the text after the place, to the next place or the line's end
 */
function printedAt(segment) {
  const text = segment.replace(/^\s*,[^:«»]{1,80}:/, '').trim();
  if (text.startsWith('«')) return quoted(text).slice(0, 1);
  return text ? [text] : [];
}

/**
 * The snippet a citation of a norm quotes: from «указано:» to its closing «…», or — a snippet that ran to the page's
 * end has none — each sentence of what follows, so that the service's sentences after it are sought whole and not found.
 * @param {string} said
 */
function citedSnippet(said) {
  const body = said.startsWith('…') ? said.slice(1) : said;
  const end = body.indexOf('…');
  if (end >= 0) return [body.slice(0, end)];
  return body.split(/(?<=[.;])\s+(?=[А-ЯЁA-Z])/u);
}

/**
 * What a finding's evidence quotes from the page of a reference — the document's own words, never the service's:
 * the text after «док. N «…», с. P:» where the evidence names that page (printedAt); where it names places of the
 * document but not this page, nothing (the quotes are of other pages); where it names none, its «…» spans that are
 * not names of files and what a citation of a norm says was written. Snippets are cut at their «…» ellipses.
 * @param {string} evidence @param {Pick<PageRef, 'doc_index' | 'doc_page'>} ref @returns {string[]}
 */
export function quotesFor(evidence, ref) {
  const lines = String(evidence ?? '').split('\n');
  /** @type {string[]} */
  const texts = [];
  let placed = false;
  for (const line of lines) {
    const marks = [...line.matchAll(PLACE)];
    placed ||= marks.length > 0;
    marks.forEach((m, i) => {
      if (!namesPage(m, ref)) return;
      const end = marks[i + 1]?.index ?? line.length;
      texts.push(...printedAt(line.slice((m.index ?? 0) + m[0].length, end)));
    });
  }
  if (!placed)
    for (const line of lines) {
      const said = SAID.exec(line)?.[1];
      texts.push(...quoted(said ? line.slice(0, line.length - said.length) : line).filter((span) => !FILE_NAME.test(span.trim())));
      if (said) texts.push(...citedSnippet(said));
    }
  /** @type {string[]} */
  const pieces = [];
  for (const text of texts)
    for (const piece of text.split('…')) if (compact(piece).length >= MIN_PIECE && !pieces.includes(piece.trim())) pieces.push(piece.trim());
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
 * The words of the page [first, last] where a quote stands: the whole quote, else its longest run of whole words on
 * the page that is at least half of it (a snippet may run into text read otherwise, «м²» printed «м2»); null when
 * less of it is there — a word or two of a quote found elsewhere on the page is not its place.
 * @param {{ text: string, wordAt: number[] }} index @param {string} quote @returns {[number, number] | null}
 */
function locate(index, quote) {
  const tokens = quote.split(/\s+/).map(compact).filter(Boolean).slice(0, MAX_PIECE_WORDS);
  const whole = tokens.join('').length;
  for (let size = tokens.length; size >= 1; size--) {
    for (let from = 0; from + size <= tokens.length; from++) {
      const wanted = tokens.slice(from, from + size).join('');
      // a single word only when it is long enough to mean something on its own
      if (wanted.length < (size === 1 ? 6 : MIN_PIECE) || 2 * wanted.length < whole) continue;
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
