/**
 * content.items_missing: an item of the Положение taken out of a volume — its heading and passage (or its drawing
 * sheet). The check asks the designer where it is; it reports a significant finding only of a text item none of whose
 * words is left in the volume (read whole, its contents list read). Traps of clean sets: the item disclosed in other
 * words, as a drawing's title, in a row of a table — never asked about.
 */
import type { ContentRequirement } from '../../../src/review/content/types.ts';
import { pointLabel } from '../../../src/kernel/result.ts';
import { buildDoc, type DocPlan } from '../build-doc.ts';
import type { DocContent } from '../content/common.ts';
import { contentTexts, designerWording, discloses, itemDrawing, itemHeading, itemsOf, itemTag, judged, plainlyAbsentIn } from '../content/items.ts';
import { blockTexts, type Block, type DocModel } from '../model.ts';
import { Rng } from '../rng.ts';
import { sectionInfo } from '../sections.ts';
import { dateSetBack, modelOf, pickTarget, type SetBuild } from '../set-build.ts';
import type { ContentTrap } from '../types.ts';
import type { DefectImpl } from './impl.ts';
import { MIN_TEXT_PAGES } from '../../../src/review/checks/content-items.ts';

/** The year a set is dated back to when its own edition gives none of its volumes an item to take out. */
const FORMER_EDITION_YEAR = 2021;

/** Variants: an item some of whose words stay elsewhere (a question), one none of whose words stay (a finding), a graphic item. */
const WANTED = ['question', 'finding', 'graphic'] as const;

/** Texts of a volume that are not its content: the title page's and the title blocks' (the section's title, the object). */
function frameTexts(b: SetBuild, plan: DocPlan): string[] {
  const info = sectionInfo(plan.section);
  return [plan.title, info.sectionLine, info.subsectionLine ?? '', plan.facts.objectName ?? b.set.objectName, b.set.organization, b.set.customer];
}

/** Every text of a rendered volume, one string a page, as the review reads its pages. */
function modelTexts(m: DocModel): string[] {
  return m.pages.map((pg) =>
    [
      ...(pg.title ? Object.values(pg.title).map(String) : []),
      ...pg.blocks.flatMap(blockTexts),
      ...(pg.stamp ? [pg.stamp.docTitle, pg.stamp.objectName, pg.stamp.sheetTitle, pg.stamp.organization] : []),
    ].join('\n'),
  );
}

const tagged = (blk: Block, r: ContentRequirement) => blk.tags?.includes(itemTag(r)) === true;

const writes = (c: DocContent, r: ContentRequirement) => c.text.some((blk) => tagged(blk, r)) || c.drawings.some((d) => d.blocks.some((blk) => tagged(blk, r)));

/** Another generated item's blocks rewritten in one of its terms, in the designer's words (heading number and sheet kept). */
function rewritten(c: DocContent, x: ContentRequirement, wording: string): DocContent {
  return {
    text: c.text.map((blk): Block => {
      if (!tagged(blk, x)) return blk;
      if (blk.t === 'h') return { ...blk, text: `${/^(\d+)\./.exec(blk.text)?.[1] ?? ''}. ${wording}` };
      return blk.t === 'p' ? { ...blk, text: `${wording}: решения приняты в соответствии с заданием на проектирование.` } : blk;
    }),
    drawings: c.drawings.map((d) =>
      d.blocks.some((blk) => tagged(blk, x))
        ? { ...d, sheetTitle: wording, blocks: d.blocks.map((blk) => (blk.t === 'drawing' && tagged(blk, x) ? { ...blk, caption: wording } : blk)) }
        : d,
    ),
  };
}

/**
 * The volume without the item: its own blocks and drawing sheets taken out, and other items' generated blocks that name it
 * too written in another of their terms. Null when the item stays disclosed all the same (the section's own text, the
 * title blocks, or another item with no other words).
 */
function without(c: DocContent, r: ContentRequirement, b: SetBuild, plan: DocPlan): { content: DocContent; at: number } | null {
  if (!writes(c, r)) return null;
  const at = c.text.findIndex((blk) => tagged(blk, r));
  let rest: DocContent = { text: c.text.filter((blk) => !tagged(blk, r)), drawings: c.drawings.filter((d) => !d.blocks.some((blk) => tagged(blk, r))) };
  for (const x of itemsOf(plan.section, b.set)) {
    if (x.id === r.id || !writes(rest, x)) continue;
    const own: DocContent = { text: rest.text.filter((blk) => tagged(blk, x)), drawings: rest.drawings.filter((d) => d.blocks.some((blk) => tagged(blk, x))) };
    if (!discloses([contentTexts(own).join('\n')], r)) continue;
    const other = x.terms.map((t) => designerWording(t, contentTexts(rest))).find((w) => discloses([w], x) && !discloses([w], r));
    if (!other) return null;
    rest = rewritten(rest, x, other);
  }
  return discloses(pageLikeTexts(rest, b, plan), r) ? null : { content: rest, at };
}

/**
 * The volume's texts as its pages may put them side by side: the text part whole, each block and each drawing sheet
 * beside the title block's and title page's texts (a drawing's title stands next to the section's title in its stamp).
 */
function pageLikeTexts(c: DocContent, b: SetBuild, plan: DocPlan): string[] {
  const frame = frameTexts(b, plan).join('\n');
  return [
    [...c.text.flatMap(blockTexts), frame].join('\n'),
    ...c.text.map((blk) => [...blockTexts(blk), frame].join('\n')),
    ...c.drawings.map((d) => [d.sheetTitle, ...d.blocks.flatMap(blockTexts), frame].join('\n')),
  ];
}

/** The volume's texts as one (words of neighbouring blocks may pair), with the title page's and title blocks'. */
const allTexts = (c: DocContent, b: SetBuild, plan: DocPlan) => [[...contentTexts(c), ...frameTexts(b, plan)].join('\n')];

/** Items of the volume the generator wrote that can be taken out: nothing else discloses them once they are. */
function ownItems(c: DocContent, plan: DocPlan, b: SetBuild): { r: ContentRequirement; rest: DocContent; at: number }[] {
  return itemsOf(plan.section, b.set).flatMap((r) => {
    const w = judged(r, b.set) ? without(c, r, b, plan) : null;
    return w ? [{ r, rest: w.content, at: w.at }] : [];
  });
}

const replace = (c: DocContent, by: DocContent) => {
  c.text = by.text;
  c.drawings = by.drawings;
};

/** The items of a volume that can be taken out, by the variant they serve. */
function byKind(c: DocContent, plan: DocPlan, b: SetBuild): Record<(typeof WANTED)[number], ReturnType<typeof ownItems>> {
  const own = ownItems(c, plan, b);
  return {
    graphic: own.filter((o) => o.r.part === 'graphic'),
    finding: own.filter((o) => o.r.part !== 'graphic' && plainlyAbsentIn(allTexts(o.rest, b, plan), o.r)),
    question: own.filter((o) => o.r.part !== 'graphic' && !plainlyAbsentIn(allTexts(o.rest, b, plan), o.r)),
  };
}

/** Drafts of a volume's content drawn from other streams: the section's text varies its phrasing, the items stay. */
const DRAFTS = 4;

/** What a volume would offer in each of its drafts, with the draft's pages. */
function draftOffers(b: SetBuild, plan: DocPlan): (ReturnType<typeof byKind> & { pages: number })[] {
  const volumes = b.plans.map((p) => ({ code: p.code, cipher: `${b.set.cipherBase}-${p.code}`, title: p.title, volume: p.volume }));
  const offers: (ReturnType<typeof byKind> & { pages: number })[] = [];
  for (let k = 0; k < DRAFTS; k++) {
    let kinds: ReturnType<typeof byKind> | null = null;
    const model = buildDoc(new Rng(plan.code.length * 31 + k), b.set, b.style, plan, volumes, (c) => {
      kinds = byKind(c, plan, b);
    });
    offers.push({ ...kinds!, pages: model.pages.length });
  }
  return offers;
}

/**
 * Volumes an item can be taken out of so that the check judges what is left: books of a split section answer as one
 * volume (the other book may state the item), and a volume left with fewer text pages than the check asks about is a
 * fragment (a sheet taken out of a short volume may leave one).
 */
const plantable = (b: SetBuild, o: { p: DocPlan; drafts: { pages: number }[] }) =>
  !(b.splitKr && /^КР\d$/.test(o.p.code)) && o.drafts.every((k) => k.pages - 1 > MIN_TEXT_PAGES);

export const contentItemsMissing: DefectImpl = {
  variants: WANTED.length,
  afterPlans(b, d, v, rng) {
    const fitting = () => b.plans.filter((p) => itemsOf(p.section, b.set).some((r) => judged(r, b.set)));
    if (!fitting().length) dateSetBack(b, FORMER_EDITION_YEAR);
    const wanted = WANTED[v % WANTED.length]!;
    // a volume that has an item of the wanted kind to take out whatever its phrasing, else any item; volumes no other defect uses first
    const offers = rng.shuffle(fitting()).map((p) => ({ p, drafts: draftOffers(b, p) }));
    const every = (o: (typeof offers)[number], has: (k: ReturnType<typeof byKind>) => boolean) => o.drafts.every(has);
    const score = (o: (typeof offers)[number]) =>
      (plantable(b, o) ? 8 : 0) +
      (every(o, (k) => k[wanted].length > 0) ? 4 : 0) +
      (every(o, (k) => [k.question, k.finding, k.graphic].some((l) => l.length > 0)) ? 2 : 0) +
      (b.used.has(o.p.code) ? 0 : 1);
    const best = offers.sort((x, y) => score(y) - score(x))[0];
    if (!best || score(best) < 2) throw new Error('no volume of the set has a content item of its own to take out');
    const plan = pickTarget(b, rng, [best.p.code], d.format);
    let taken: ContentRequirement | null = null;
    b.contentHooks.push({
      code: plan.code,
      mutate(c) {
        // an item whose condition the set does not settle is never asked about: only judged ones are taken out
        const kinds = byKind(c, plan, b);
        const pool = kinds[wanted].length ? kinds[wanted] : [...kinds.question, ...kinds.finding, ...kinds.graphic];
        if (!pool.length) throw new Error(`${plan.code}: no content item of its own to take out`);
        const chosen = rng.pick(pool);
        taken = chosen.r;
        replace(c, chosen.rest);
      },
    });
    b.modelHooks.push(() => {
      const r = taken!;
      const m = modelOf(b, plan.code);
      const texts = modelTexts(m);
      if (discloses(texts, r)) throw new Error(`${plan.code}: ${r.id} is still disclosed once taken out`);
      // what the check says of it: a finding of a text item none of whose words is left, else a question
      const raised = r.part !== 'graphic' && plainlyAbsentIn(texts, r) ? 'finding' : 'question';
      b.planted.push({
        kind: 'content.items_missing',
        docName: m.fileName,
        page: null,
        section: plan.section,
        detail: `из тома удалены ${r.part === 'graphic' ? 'лист' : 'заголовок и текст'} по ${pointLabel(r)} Положения («${r.requirement}») — ожидается ${raised === 'finding' ? 'замечание significant' : 'вопрос'}`,
        contentItem: { id: r.id, raised },
        ...(raised === 'finding' ? { importance: 'significant' as const } : {}),
      });
    });
  },
};

/** Volumes a trap may go into: sections with items, those with drawings first for a drawing's title. */
const DRAWN = ['АР', 'КР', 'КР1', 'КР2', 'ПЗУ', 'ПОС'];

/**
 * A clean set's content trap: one item of a volume, its heading and passage replaced by another disclosure the check
 * must read as found. Nothing is planted; a volume with no item of its own to rewrite keeps it as written.
 */
export function setContentTrap(b: SetBuild, trap: ContentTrap, rng: Rng): void {
  const fits = b.plans.filter((p) => itemsOf(p.section, b.set).length > 0 && !b.used.has(p.code));
  const drawn = fits.filter((p) => DRAWN.includes(p.code));
  const plan = rng.pick(trap === 'content_drawing' && drawn.length ? drawn : fits.length ? fits : [null]);
  if (!plan) return;
  b.used.add(plan.code);
  b.contentHooks.push({
    code: plan.code,
    mutate(c) {
      const own = ownItems(c, plan, b).filter((o) => o.r.part !== 'graphic');
      // the other words: a term of the item other than the one its heading is written with, spelt as a designer does
      const otherWords = (r: ContentRequirement) => {
        const used = itemHeading(r).term;
        return r.terms
          .filter((t) => t !== used)
          .map((t) => designerWording(t, contentTexts(c)))
          .find((w) => discloses([w], r));
      };
      const fitting = own.filter((o) => (trap === 'content_other_words' ? otherWords(o.r) !== undefined : trap !== 'content_drawing' || c.drawings.length > 0));
      if (!fitting.length) return;
      const { r, rest, at } = rng.pick(fitting);
      const heading = c.text.find((blk) => tagged(blk, r) && blk.t === 'h');
      const number = heading?.t === 'h' ? (/^(\d+)\./.exec(heading.text)?.[1] ?? '') : '';
      replace(c, rest);
      const words = otherWords(r) ?? itemHeading(r).heading;
      const blocks: Block[] = [];
      if (trap === 'content_other_words')
        blocks.push(
          { t: 'h', text: `${number}. ${words}` },
          { t: 'p', text: `${words}: решения приняты в соответствии с заданием на проектирование и согласованы с заказчиком.` },
        );
      else if (trap === 'content_table')
        blocks.push(
          { t: 'h', text: `${number}. Сводные данные` },
          { t: 'table', head: ['Наименование', 'Принятое решение'], rows: [[words, 'Предусмотрено проектом']], widths: [0.6, 0.4] },
        );
      else c.drawings.push(itemDrawing(r, words, 'item-trap'));
      c.text.splice(at < 0 ? c.text.length : at, 0, ...blocks);
      b.contentTraps.push({ trap, docName: plan.fileName, item: r.id });
    },
  });
}
