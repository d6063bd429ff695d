import type { ResultWarning } from '../../kernel/result.ts';
import { detectMojibake, ENCODING_TITLE, repairWith, type MojibakeEncoding } from '../text/mojibake.ts';
import { pageList } from '../text/pages.ts';
import type { ReadPage, ReviewDocument } from '../types.ts';

/** Longest example of a repaired word quoted in the warning. */
const EXAMPLE_CHARS = 40;

/**
 * Repairs the pages of one document whose text layer holds Cyrillic in a misread code page, before any fact is taken
 * from them, and words one warning for the document. Recognised text (OCR) is Unicode from the start.
 */
export class TextLayerRepair {
  /** The code page of the document's last repaired page: a short page after it needs less evidence. */
  private known: MojibakeEncoding | null = null;
  private readonly pages = new Map<MojibakeEncoding, number[]>();
  private example: { broken: string; fixed: string } | null = null;

  /** Repairs the page's text and title-block lines in place. */
  page(page: ReadPage): void {
    if (page.source !== 'text' && page.source !== 'xml') return;
    const lines = page.stampLines ?? [];
    const verdict = detectMojibake(lines.length ? [page.text, ...lines.map((l) => l.text)] : [page.text], this.known);
    if (!verdict) return;
    const enc = verdict.encoding;
    const text = repairWith(page.text, enc);
    let changed = text !== page.text;
    if (changed) this.example ??= firstChangedWord(page.text, text);
    page.text = text;
    if (page.stampLines) {
      page.stampLines = lines.map((l) => {
        const fixed = repairWith(l.text, enc);
        if (fixed === l.text) return l;
        changed = true;
        return { ...l, text: fixed };
      });
    }
    if (!changed) return;
    this.known = enc;
    const list = this.pages.get(enc) ?? [];
    list.push(page.docPage);
    this.pages.set(enc, list);
  }

  /** One warning naming the code page(s) and the repaired pages; null when nothing was repaired. */
  warning(doc: ReviewDocument): ResultWarning | null {
    if (!this.pages.size) return null;
    const parts = [...this.pages.entries()].map(([enc, pages]) => `${pageList(pages)} — в кодировке ${ENCODING_TITLE[enc]}`);
    const all = [...this.pages.values()].flat();
    const shown = this.example ? ` (например, «${this.example.broken}» вместо «${this.example.fixed}»)` : '';
    return {
      code: 'text_layer_repaired',
      message: `В документе «${doc.name}» текстовый слой содержит русский текст в однобайтовой кодировке, прочитанный как латиница${shown}: ${parts.join('; ')}. Текст этих страниц восстановлен перед проверкой; цитаты в замечаниях приведены в восстановленном виде — при сомнении сверяйте их с изображением страницы.`,
      doc_index: doc.index,
      page: Math.min(...all),
    };
  }
}

/** The first word the repair changed, as it was and as it became (the repair keeps every character's place). */
function firstChangedWord(before: string, after: string): { broken: string; fixed: string } | null {
  let i = 0;
  while (i < before.length && before[i] === after[i]) i++;
  if (i === before.length) return null;
  let s = i;
  while (s > 0 && !/\s/.test(before[s - 1]!)) s--;
  let e = i;
  while (e < before.length && !/\s/.test(before[e]!) && e - s < EXAMPLE_CHARS) e++;
  return { broken: before.slice(s, e), fixed: after.slice(s, e) };
}
