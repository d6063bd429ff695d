/**
 * content.items_missing: an item of the Положение taken out of a volume — its heading and passage (or its drawing
 * sheet). The check asks the designer where it is; it reports a significant finding only of a text item none of whose
 * words is left in the volume (read whole, its contents list read). Traps of clean sets: the item disclosed in other
 * words, as a drawing's title, in a row of a table — never asked about.
 */
import type { ContentRequirement } from '../../../src/review/content/types.ts';
import { pointLabel } from '../../../src/review/checks/content-items.ts';
import type { DocPlan } from '../build-doc.ts';
import type { DocContent } from '../content/common.ts';
import { contentTexts, designerWording, discloses, itemDrawing, itemHeading, itemsOf, itemTag, judged, plainlyAbsentIn } from '../content/items.ts';
import { blockTexts, type Block, type DocModel } from '../model.ts';
import type { Rng } from '../rng.ts';
import { sectionInfo } from '../sections.ts';
import { dateSetBack, modelOf, pickTarget, type SetBuild } from '../set-build.ts';
import type { ContentTrap } from '../types.ts';
import type { DefectImpl } from './impl.ts';

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

/** Takes the item's own blocks and drawing sheets out of the content; returns where its text stood (or -1). */
function takeOut(c: DocContent, r: ContentRequirement): number {
  const at = c.text.findIndex((blk) => tagged(blk, r));
  c.text = c.text.filter((blk) => !tagged(blk, r));
  c.drawings = c.drawings.filter((d) => !d.blocks.some((blk) => tagged(blk, r)));
  return at;
}

/** What stays of the volume's texts once the item's own blocks are taken out, as one text (words of neighbouring blocks may pair). */
function textsWithout(c: DocContent, r: ContentRequirement, b: SetBuild, plan: DocPlan): string[] {
  const rest: DocContent = { text: c.text.filter((blk) => !tagged(blk, r)), drawings: c.drawings.filter((d) => !d.blocks.some((blk) => tagged(blk, r))) };
  return [[...contentTexts(rest), ...frameTexts(b, plan)].join('\n')];
}

/** Items of the volume written by the generator alone: with their blocks taken out, nothing else in the volume discloses them. */
function ownItems(c: DocContent, plan: DocPlan, b: SetBuild): ContentRequirement[] {
  return itemsOf(plan.section, b.set).filter(
    (r) =>
      (c.text.some((blk) => tagged(blk, r)) || c.drawings.some((d) => d.blocks.some((blk) => tagged(blk, r)))) && !discloses(textsWithout(c, r, b, plan), r),
  );
}

export const contentItemsMissing: DefectImpl = {
  variants: WANTED.length,
  afterPlans(b, d, v, rng) {
    const fitting = () => b.plans.filter((p) => itemsOf(p.section, b.set).some((r) => judged(r, b.set))).map((p) => p.code);
    if (!fitting().length) dateSetBack(b, FORMER_EDITION_YEAR);
    const plan = pickTarget(b, rng, fitting(), d.format);
    const wanted = WANTED[v % WANTED.length]!;
    let taken: ContentRequirement | null = null;
    b.contentHooks.push({
      code: plan.code,
      mutate(c) {
        // an item whose condition the set does not settle is never asked about: only judged ones are taken out
        const own = ownItems(c, plan, b).filter((r) => judged(r, b.set));
        const rest = (r: ContentRequirement) => textsWithout(c, r, b, plan);
        const kinds: Record<(typeof WANTED)[number], ContentRequirement[]> = {
          graphic: own.filter((r) => r.part === 'graphic'),
          finding: own.filter((r) => r.part !== 'graphic' && plainlyAbsentIn(rest(r), r)),
          question: own.filter((r) => r.part !== 'graphic' && !plainlyAbsentIn(rest(r), r)),
        };
        const pool = kinds[wanted].length ? kinds[wanted] : own;
        if (!pool.length) throw new Error(`${plan.code}: no content item of its own to take out`);
        taken = rng.pick(pool);
        takeOut(c, taken);
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
      const own = ownItems(c, plan, b).filter((r) => r.part !== 'graphic' && judged(r, b.set));
      // the other words: a term of the item other than the one its heading is written with, spelt as a designer does
      const otherWords = (r: ContentRequirement) => {
        const used = itemHeading(r).term;
        return r.terms
          .filter((t) => t !== used)
          .map((t) => designerWording(t, contentTexts(c)))
          .find((w) => discloses([w], r));
      };
      const fitting = own.filter((r) => (trap === 'content_other_words' ? otherWords(r) !== undefined : trap !== 'content_drawing' || c.drawings.length > 0));
      if (!fitting.length) return;
      const r = rng.pick(fitting);
      const heading = c.text.find((blk) => tagged(blk, r) && blk.t === 'h');
      const number = heading?.t === 'h' ? (/^(\d+)\./.exec(heading.text)?.[1] ?? '') : '';
      const at = takeOut(c, r);
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
