import type { BoxedLine } from './title-block.mjs';

const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
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
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === BACKSLASH) this.escaped = true;
        else if (c === QUOTE) this.inString = false;
      } else if (c === QUOTE) {
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

/** A page's text laid out as mupdf's plain-text output (a line per line, an empty line after each block) and its line boxes. */
export function stextPageLines(json: string): { text: string; lines: BoxedLine[] } {
  const page = JSON.parse(json) as StextPage;
  const lines: BoxedLine[] = [];
  let text = '';
  for (const block of page.blocks ?? []) {
    if (block.type !== 'text') continue;
    for (const line of block.lines ?? []) {
      const t = line.text ?? '';
      const b = line.bbox ?? { x: 0, y: 0, w: 0, h: 0 };
      lines.push({ text: t, bbox: [b.x, b.y, b.x + b.w, b.y + b.h] });
      text += `${t}\n`;
    }
    text += '\n';
  }
  return { text, lines };
}
