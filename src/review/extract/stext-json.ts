import { pageText } from './row-pieces.mjs';
import type { BoxedLine } from './title-block.mjs';

const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
/** Depth of a page object in {"file": …, "pages": [ {page}, {page} ]}. */
const PAGE_DEPTH = 3;

/**
 * Cuts the output of `mutool draw -F stext.json` into one JSON text per page as it arrives, so a document of any
 * size is held one page at a time. Only brackets outside strings are counted; everything else is copied.
 */
export class StextPageSplitter {
  private depth = 0;
  private inString = false;
  private escaped = false;
  private parts: string[] = [];

  /** Feeds a chunk of output; returns the pages completed by it, in order. */
  push(chunk: string): string[] {
    const done: string[] = [];
    let start = this.depth >= PAGE_DEPTH ? 0 : -1;
    // the next backslash of the chunk, found once and again only after it is passed
    let backslash = chunk.indexOf('\\');
    let i = 0;
    while (i < chunk.length) {
      if (this.inString) {
        // jump from quote to quote: strings are most of the output
        if (this.escaped) {
          this.escaped = false;
          i++;
          continue;
        }
        if (backslash !== -1 && backslash < i) backslash = chunk.indexOf('\\', i);
        const q = chunk.indexOf('"', i);
        if (backslash !== -1 && (q === -1 || backslash < q)) {
          this.escaped = true;
          i = backslash + 1;
          continue;
        }
        if (q === -1) break;
        this.inString = false;
        i = q + 1;
        continue;
      }
      const c = chunk.charCodeAt(i);
      if (c === QUOTE) {
        this.inString = true;
      } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        if (++this.depth === PAGE_DEPTH) start = i;
      } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        if (this.depth-- === PAGE_DEPTH) {
          this.parts.push(chunk.slice(start, i + 1));
          done.push(this.parts.join(''));
          this.parts = [];
          start = -1;
        }
      }
      i++;
    }
    if (start >= 0) this.parts.push(chunk.slice(start));
    return done;
  }

  /** True when the output ended inside a page: the tool stopped before finishing it. */
  get pending(): boolean {
    return this.depth >= PAGE_DEPTH;
  }
}

interface StextPage {
  blocks?: { type?: string; lines?: { bbox?: { x: number; y: number; w: number; h: number }; text?: string }[] }[];
}

// A text block's start, or a line as mutool writes it: its box, its font, its origin and its text. Reading lines
// with one expression costs a third of a full JSON.parse of the page, most of which is font descriptions.
const BLOCK_OR_LINE =
  /"lines":\[|"bbox":\{"x":(-?[\d.e+-]+),"y":(-?[\d.e+-]+),"w":(-?[\d.e+-]+),"h":(-?[\d.e+-]+)\},"font":\{(?:[^"}]|"(?:[^"\\]|\\.)*")*\},"x":[^,]*,"y":[^,]*,"text":"((?:[^"\\]|\\.)*)"/g;

/** A page's text laid out as mupdf's plain-text output (a line per line, an empty line after each block, the runs of one row joined) and its line boxes. */
export function stextPageLines(json: string): { text: string; lines: BoxedLine[] } {
  const blocks: BoxedLine[][] = [];
  const lines: BoxedLine[] = [];
  let block: BoxedLine[] | null = null;
  BLOCK_OR_LINE.lastIndex = 0;
  for (let m = BLOCK_OR_LINE.exec(json); m; m = BLOCK_OR_LINE.exec(json)) {
    if (m[1] === undefined) {
      block = [];
      blocks.push(block);
      continue;
    }
    const t = m[5]!.includes('\\') ? (JSON.parse(`"${m[5]}"`) as string) : m[5]!;
    const x = Number(m[1]);
    const y = Number(m[2]);
    const line = { text: t, bbox: [x, y, x + Number(m[3]), y + Number(m[4])] };
    block?.push(line);
    lines.push(line);
  }
  // output in another shape than expected (another version of the tool) is read the slow, general way
  if (lines.length === 0 && json.includes('"text"')) return parsedPageLines(json);
  return { text: pageText(blocks), lines };
}

function parsedPageLines(json: string): { text: string; lines: BoxedLine[] } {
  const page = JSON.parse(json) as StextPage;
  const blocks = (page.blocks ?? [])
    .filter((block) => block.type === 'text')
    .map((block) =>
      (block.lines ?? []).map((line) => {
        const b = line.bbox ?? { x: 0, y: 0, w: 0, h: 0 };
        return { text: line.text ?? '', bbox: [b.x, b.y, b.x + b.w, b.y + b.h] };
      }),
    );
  return { text: pageText(blocks), lines: blocks.flat() };
}
