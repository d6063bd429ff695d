/**
 * A title block whose rows are drawn as lines — a CAD font (SHX) exported as strokes — leaves nothing in the text
 * layer's corner of the sheet. That corner is drawn for OCR without the block's ruled lines (tesseract takes them for
 * letters or stops at them) and its words are placed back on the page, so the title block is read as if it were text.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { isA4, POINTS_PER_MM as MM } from '../../kernel/sheet-size.mjs';
import type { PlacedLine } from '../types.ts';
import { recogniseWords, type RecognisedWord } from './ocr.ts';
import { joinFragments, stampCorner } from './title-block.mjs';

const run = promisify(execFile);
/** 300 dpi: the strokes of a 2.5 mm CAD letter stay apart. */
const SCALE = 300 / 72;
/** A straight stroke this long along an axis is a rule of the block, not a letter (the tallest letters are 10 mm). */
const RULE_PT = 8 * MM;
/** The tallest letters a title block uses (ГОСТ Р 21.101: 10 mm at most): a taller «word» is a logo or a drawing read as one. */
const MAX_LETTER_PT = 10 * MM;
/** Words tesseract is less sure of are left out; a number alone must be surer (a sheet number is judged). */
const MIN_WORD_CONFIDENCE = 40;
const MIN_NUMBER_CONFIDENCE = 80;

/** Where the corner drawn for OCR lies on the page and how many pixels a point is. */
export interface StampPicture {
  x0: number;
  y0: number;
  scale: number;
}

/** Whether a page's title block is looked for in its picture: a drawing's sheet (larger than A4) with no title-block text in its corner. */
export function wantsStampPicture(width: number, height: number, stampLines: readonly PlacedLine[]): boolean {
  return stampLines.length === 0 && !isA4(width / MM, height / MM);
}

// A script of mutool's own interpreter (MuPDF's JavaScript, ES5): the page is run through a device that drops long
// straight segments of stroked paths inside the corner and draws the rest into a grey pixmap of the corner only.
const SCRIPT = String.raw`
var a = scriptArgs;
var doc = new Document(a[0]);
var page = doc.loadPage(parseInt(a[1], 10) - 1);
var c = [parseFloat(a[2]), parseFloat(a[3]), parseFloat(a[4]), parseFloat(a[5])];
var s = parseFloat(a[6]);
var rule = parseFloat(a[8]);
var pix = new Pixmap(DeviceGray, [Math.floor(c[0] * s), Math.floor(c[1] * s), Math.ceil(c[2] * s), Math.ceil(c[3] * s)], false);
pix.clear(255);
var draw = new DrawDevice(Scale(s, s), pix);
function outside(b) { return b[2] < c[0] || b[0] > c[2] || b[3] < c[1] || b[1] > c[3]; }
var raster = false;
function imageCover(m) {
  var xs = [m[4], m[0] + m[4], m[2] + m[4], m[0] + m[2] + m[4]], ys = [m[5], m[1] + m[5], m[3] + m[5], m[1] + m[3] + m[5]];
  var w = Math.min(Math.max.apply(null, xs), c[2]) - Math.max(Math.min.apply(null, xs), c[0]);
  var h = Math.min(Math.max.apply(null, ys), c[3]) - Math.max(Math.min.apply(null, ys), c[1]);
  return w > 0 && h > 0 ? (w * h) / ((c[2] - c[0]) * (c[3] - c[1])) : 0;
}
function isRule(m, x0, y0, x1, y1) {
  var dx = Math.abs(m[0] * (x1 - x0) + m[2] * (y1 - y0)), dy = Math.abs(m[1] * (x1 - x0) + m[3] * (y1 - y0));
  return (dx > rule && dy < 0.05 * dx) || (dy > rule && dx < 0.05 * dy);
}
function withoutRules(path, m) {
  var out = new Path(), cx = 0, cy = 0, sx = 0, sy = 0;
  path.walk({
    moveTo: function (x, y) { out.moveTo(x, y); cx = sx = x; cy = sy = y; },
    lineTo: function (x, y) { if (isRule(m, cx, cy, x, y)) out.moveTo(x, y); else out.lineTo(x, y); cx = x; cy = y; },
    curveTo: function (x1, y1, x2, y2, x, y) { out.curveTo(x1, y1, x2, y2, x, y); cx = x; cy = y; },
    closePath: function () { if (!isRule(m, cx, cy, sx, sy)) out.lineTo(sx, sy); cx = sx; cy = sy; }
  });
  return out;
}
page.run({
  strokePath: function (p, st, m, cs, col, al) { if (!outside(p.bound(st, m))) draw.strokePath(withoutRules(p, m), st, m, cs, col, al); },
  fillPath: function (p, eo, m, cs, col, al) { draw.fillPath(p, eo, m, cs, col, al); },
  fillText: function (t, m, cs, col, al) { draw.fillText(t, m, cs, col, al); },
  fillImage: function (i, m, al) { if (imageCover(m) > 0.5) raster = true; draw.fillImage(i, m, al); },
  clipPath: function (p, eo, m) { draw.clipPath(p, eo, m); },
  clipStrokePath: function (p, st, m) { draw.clipStrokePath(p, st, m); },
  popClip: function () { draw.popClip(); }
}, Identity);
draw.close();
if (raster) print('raster');
else pix.saveAsPNG(a[7]);
`;

let scriptFile: string | null = null;
/** The script, written once per process into a directory of its own. */
function scriptPath(): string {
  if (!scriptFile) {
    scriptFile = join(mkdtempSync(join(tmpdir(), 'drs-stamp-')), 'stamp-picture.js');
    writeFileSync(scriptFile, SCRIPT);
  }
  return scriptFile;
}

/**
 * Draws the title-block corner of page `n` (its size in points) without its ruled lines into `out` (PNG). Null when
 * a picture covers most of the corner — a scan, or a block pasted as an image —: its rules cannot be taken out and the
 * page's own OCR has read its words already.
 */
export async function drawStampCorner(path: string, n: number, width: number, height: number, out: string, timeoutMs: number): Promise<StampPicture | null> {
  const c = stampCorner(width, height);
  const args = [c.x0, c.y0, c.x1, c.y1, SCALE].map((v) => String(v));
  const { stdout } = await run('mutool', ['run', scriptPath(), path, String(n), ...args, out, String(RULE_PT)], { timeout: timeoutMs });
  if (stdout.includes('raster')) return null;
  return { x0: Math.floor(c.x0 * SCALE) / SCALE, y0: Math.floor(c.y0 * SCALE) / SCALE, scale: SCALE };
}

/** The recognised words as lines of the page: words tesseract put on one line, in page points, pieces of a row joined. */
export function placedLines(words: readonly RecognisedWord[], at: StampPicture): PlacedLine[] {
  const lines = new Map<string, RecognisedWord[]>();
  for (const word of words) {
    // a cell's border OCR kept beside a word: «(Стадия», «|Пшенова»
    // and a lone letter in lower case: alone in a cell it is a stage or a mark, written in capitals («п» → «П»)
    const bare = word.text.replace(/^[|()[\]{}_]+|[|()[\]{}_]+$/g, '');
    const w = { ...word, text: /^[а-яё]$/.test(bare) ? bare.toUpperCase() : bare };
    const sure = /^[\d.,/-]+$/.test(w.text) ? MIN_NUMBER_CONFIDENCE : MIN_WORD_CONFIDENCE;
    if (!w.text || w.confidence < sure || w.height / at.scale > MAX_LETTER_PT) continue;
    const key = `${w.block}.${w.paragraph}.${w.line}`;
    const line = lines.get(key);
    if (line) line.push(w);
    else lines.set(key, [w]);
  }
  const out: PlacedLine[] = [];
  for (const ws of lines.values()) {
    const left = Math.min(...ws.map((w) => w.left));
    const top = Math.min(...ws.map((w) => w.top));
    const right = Math.max(...ws.map((w) => w.left + w.width));
    const bottom = Math.max(...ws.map((w) => w.top + w.height));
    out.push({
      x: at.x0 + left / at.scale,
      y: at.y0 + top / at.scale,
      w: (right - left) / at.scale,
      h: (bottom - top) / at.scale,
      text: ws.map((w) => w.text).join(' '),
    });
  }
  return joinFragments(out);
}

const NUMBER = /^\d+(?:\.\d+)?$/;
const overlap = (a: RecognisedWord, b: RecognisedWord) => {
  const w = Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left);
  const h = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
  return w > 0 && h > 0 && w * h > 0.5 * Math.min(a.width * a.height, b.width * b.height);
};

/**
 * The words of both readings: Russian alone reads a CAD font's words (with English beside it «Лист» comes out
 * «/lucm», «Серпухов» «Cepnyxob»), but takes a lone digit for a letter («3» → «Е»), which the reading with English
 * gets right — a number of that reading replaces the word it covers.
 */
export function mergeReadings(russian: readonly RecognisedWord[], withEnglish: readonly RecognisedWord[]): RecognisedWord[] {
  const out = [...russian];
  for (const n of withEnglish) {
    if (!NUMBER.test(n.text)) continue;
    const at = out.findIndex((w) => overlap(w, n));
    if (at === -1) out.push(n);
    else if (!NUMBER.test(out[at]!.text)) out[at] = { ...n, block: out[at]!.block, paragraph: out[at]!.paragraph, line: out[at]!.line };
  }
  return out;
}

/** Reads the drawn corner: the title block's lines as the text layer would have given them. */
export async function readStampPicture(bin: string, png: string, at: StampPicture, timeoutMs: number): Promise<PlacedLine[]> {
  const russian = await recogniseWords(bin, png, 'rus', timeoutMs);
  const withEnglish = await recogniseWords(bin, png, 'rus+eng', timeoutMs);
  return placedLines(mergeReadings(russian, withEnglish), at);
}
