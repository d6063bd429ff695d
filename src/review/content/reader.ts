import type { PageSource } from '../types.ts';
import { isHeadingLine, scanPhrases, type PhraseIndex } from './phrases.ts';

/** One page a phrase was found on, and whether it stands in a heading there. */
export interface ContentHit {
  docPage: number;
  heading: boolean;
  /** The line as printed (bounded). */
  line: string;
}

/**
 * What the content map reads of one document while its pages stream by: the pages each phrase stands on (a few,
 * headings first), every stem met anywhere, and how the pages were read — the text itself is not kept.
 */
export interface ContentFacts {
  /** By phrase number of the index: up to HITS_PER_PHRASE pages. */
  hits: Map<number, ContentHit[]>;
  /** Stem numbers met on any page: an item none of whose words occurs at all is plainly absent. */
  stems: Set<number>;
  /** Pages read from a text layer or markup, recognised by OCR, and without readable text. */
  pages: { text: number; ocr: number; none: number };
  /**
   * First pages naming many items that later pages name again: a contents list, or the list of the section's items a
   * volume opens with. A phrase met there names an item; the page that discloses it is another.
   */
  listPages: number[];
}

/** A page among the first ones naming this many phrases is a list of the volume's items, not their text. */
const LIST_PHRASES = 10;
const LIST_WITHIN = 6;

const HITS_PER_PHRASE = 4;
const LINE_CHARS = 160;

export class ContentReader {
  private readonly facts: ContentFacts = { hits: new Map(), stems: new Set(), pages: { text: 0, ocr: 0, none: 0 }, listPages: [] };

  /** First pages naming many phrases, with them: a list when most of them stand again on later pages. */
  private readonly listCandidates: { docPage: number; phrases: number[] }[] = [];

  constructor(private readonly index: PhraseIndex) {}

  read(text: string, docPage: number, source: PageSource): void {
    const p = this.facts.pages;
    if (source === 'none' || !text.trim()) {
      p.none++;
      return;
    }
    if (source === 'ocr') p.ocr++;
    else p.text++;
    const scan = scanPhrases(text, this.index);
    for (const s of scan.stems) this.facts.stems.add(s);
    if (docPage <= LIST_WITHIN && scan.matches.length >= LIST_PHRASES) this.listCandidates.push({ docPage, phrases: scan.matches.map((m) => m.phrase) });
    // phrases of one line share its reading as a heading
    const headings = new Map<string, boolean>();
    const headingOf = (line: string) => {
      let heading = headings.get(line);
      if (heading === undefined) headings.set(line, (heading = isHeadingLine(line)));
      return heading;
    };
    const hitOf = (line: string, heading: boolean): ContentHit => ({ docPage, heading, line: line.slice(0, LINE_CHARS) });
    for (const m of scan.matches) {
      const list = this.facts.hits.get(m.phrase);
      if (!list) this.facts.hits.set(m.phrase, [hitOf(m.line, headingOf(m.line))]);
      else if (list.length < HITS_PER_PHRASE) list.push(hitOf(m.line, headingOf(m.line)));
      else {
        // a heading outweighs a passage: it takes the place of the last passage kept (a full list of headings takes nothing,
        // so the line is not looked at)
        let last = list.length - 1;
        while (last >= 0 && list[last]!.heading) last--;
        if (last >= 0 && headingOf(m.line)) list[last] = hitOf(m.line, true);
      }
    }
  }

  finish(): ContentFacts {
    for (const c of this.listCandidates) {
      const again = c.phrases.filter((p) => this.facts.hits.get(p)?.some((h) => h.docPage > c.docPage)).length;
      if (again * 2 >= c.phrases.length) this.facts.listPages.push(c.docPage);
    }
    return this.facts;
  }
}
