import { DOCSET_ITEMS } from '../../src/kernel/docset.ts';
import type { CheckContext } from '../../src/review/checks/types.ts';
import { checkContext } from '../../src/review/engine.ts';
import type { XmlNoteFacts } from '../../src/review/extract/xml-note.ts';
import { DocCollector } from '../../src/review/facts/collector.ts';
import type { DocFacts } from '../../src/review/facts/types.ts';
import type { SetModel } from '../../src/review/set/types.ts';
import type { PlacedLine, ReviewDocument, ReviewInput } from '../../src/review/types.ts';

export interface FakePage {
  text: string;
  stamp?: PlacedLine[];
  /** How the page was read: its text layer (the default) or OCR of its picture. */
  source?: 'text' | 'ocr';
  /** The title block was recognised from the sheet's picture (drawn as lines), not read from its text layer. */
  stampRecognised?: true;
}

/** Facts of a document built from page texts through the real collector (no PDF needed). */
export function docFacts(
  index: number,
  name: string,
  kind: string | null,
  pages: (string | FakePage)[],
  extra: Partial<ReviewDocument> = {},
  xml: XmlNoteFacts | null = null,
): DocFacts {
  const doc: ReviewDocument = {
    index,
    name,
    kind,
    role: 'review',
    format: 'pdf',
    path: `/nowhere/${index}.pdf`,
    pdfPath: `/nowhere/${index}.pdf`,
    pages: pages.length,
    pageFrom: null,
    ...extra,
  };
  const c = new DocCollector(doc, index * 100);
  pages.forEach((p, i) => {
    const page = typeof p === 'string' ? { text: p } : p;
    c.addPage({
      docPage: i + 1,
      text: page.text,
      source: page.source ?? 'text',
      width: 595,
      height: 842,
      stampLines: page.stamp ?? [],
      ...(page.stampRecognised ? { stampRecognised: true } : {}),
    });
  });
  return c.finish(pages.length, xml);
}

/** Title-block lines like the ones the PDF reader returns: labels and values at their places. */
export function stampLines(o: {
  cipher?: string;
  sheet?: number | string;
  sheets?: number;
  roles?: Record<string, string>;
  stage?: string;
  date?: string;
  /** The object cell under the cipher («Жилой дом по адресу: …»). */
  object?: string;
}): PlacedLine[] {
  const l = (text: string, x: number, y: number): PlacedLine => ({ x, y, w: text.length * 3.5, h: 8, text });
  const out: PlacedLine[] = [];
  if (o.cipher) out.push(l(o.cipher, 300, 680));
  if (o.object) out.push(l(o.object, 280, 692));
  for (const [t, x] of [
    ['Изм.', 60],
    ['Кол.уч.', 80],
    ['Лист', 110],
    ['№ док.', 135],
    ['Подп.', 165],
    ['Дата', 190],
  ] as const)
    out.push(l(t, x, 700));
  let y = 715;
  for (const [role, name] of Object.entries(o.roles ?? {})) {
    out.push(l(role, 60, y));
    if (name) out.push(l(name, 98, y));
    if (name && o.date) out.push(l(o.date, 190, y));
    y += 13;
  }
  out.push(l('Стадия', 430, 720), l('Лист', 470, 720), l('Листов', 505, 720), l(o.stage ?? 'П', 437, 733));
  if (o.sheet !== undefined) out.push(l(String(o.sheet), 474, 733));
  if (o.sheets !== undefined) out.push(l(String(o.sheets), 512, 733));
  return out;
}

/** A check's context; `set` overrides parts of the derived set model (a reference date the test needs). */
export function context(docs: DocFacts[], input: Partial<ReviewInput> = {}, set: Partial<SetModel> = {}): CheckContext {
  const full: ReviewInput = {
    documents: docs.map((d) => d.doc),
    objectAddress: null,
    userRequest: null,
    profile: DOCSET_ITEMS.map((i) => ({ code: i.code, title: i.title, required: i.required })),
    workDir: '/tmp',
    ...input,
  };
  const ctx = checkContext(full, docs);
  return { ...ctx, set: { ...ctx.set, ...set } };
}
