/** Assembles one volume: title page, «Содержание тома» on sheet 1 (form 5), text sheets (form 6), drawings (form 3). */
import type { Rng } from './rng.ts';
import type { DocFacts, Person, SetFacts } from './facts.ts';
import { personName } from './facts.ts';
import { formatAddress } from './format.ts';
import type { Block, DocModel, Page, Role, Stamp } from './model.ts';
import { blockTexts, mapBlockTexts } from './model.ts';
import { SHEET_LINES, paginate } from './paginate.ts';
import { contentsStyle, fillContents } from './contents.ts';
import { makeCtx, type DocContent, type VolumeRef, type BuildCtx } from './content/common.ts';
import { buildPz } from './content/pz.ts';
import { buildPzu } from './content/pzu.ts';
import { buildAr } from './content/ar.ts';
import { buildKr, buildKr2 } from './content/kr.ts';
import { buildIos } from './content/ios.ts';
import { buildOdi, buildOos, buildPb, buildPos, buildTbe } from './content/other.ts';
import { sectionInfo } from './sections.ts';
import { discloseItems } from './content/items.ts';

export interface DocPlan {
  /** Code as in the cipher (КР1, КР2 for a split КР). */
  code: string;
  /** Section code of the reference (КР for КР1). */
  section: string;
  cipher: string;
  volume: string;
  title: string;
  fileName: string;
  format: 'pdf' | 'docx';
  facts: DocFacts;
}

/** Organization-wide conventions of title blocks. */
export interface StampStyle {
  labels: { dev: string; chk: string; nk: string; gip: string };
  extra: string | null;
  gipLast: boolean;
  addressOnTitle: boolean;
}

export function stampStyle(rng: Rng): StampStyle {
  return {
    labels: rng.pick([
      { dev: 'Разраб.', chk: 'Пров.', nk: 'Н. контр.', gip: 'ГИП' },
      { dev: 'Разраб.', chk: 'Пров.', nk: 'Н.контр.', gip: 'ГИП' },
      { dev: 'Разработал', chk: 'Проверил', nk: 'Н. контр.', gip: 'ГИП' },
      { dev: 'Разраб.', chk: 'Пров.', nk: 'Нормоконтроль', gip: 'ГИП' },
      // forms of real organisations: «Исполнил» for the developer, «Провер.», «Н.контроль»
      { dev: 'Исполнил', chk: 'Провер.', nk: 'Н.контроль', gip: 'ГИП' },
    ]),
    extra: rng.pick([null, 'Нач. отд.', 'Т. контр.']),
    gipLast: rng.chance(0.5),
    addressOnTitle: rng.chance(0.5),
  };
}

const PART_LINES: Record<string, string> = { КР1: 'Часть 1. «Фундаменты»', КР2: 'Часть 2. «Конструкции надземной части»' };

const BUILDERS: Record<string, (c: BuildCtx) => DocContent> = {
  ПЗ: buildPz,
  ПЗУ: buildPzu,
  АР: buildAr,
  КР: buildKr,
  КР1: buildKr,
  КР2: buildKr2,
  ИОС1: buildIos,
  ИОС2: buildIos,
  ИОС3: buildIos,
  ИОС4: buildIos,
  ИОС5: buildIos,
  ПОС: buildPos,
  ООС: buildOos,
  ПБ: buildPb,
  ТБЭ: buildTbe,
  ОДИ: buildOdi,
};

function stampDate(set: SetFacts, shift: number): string {
  const m = ((set.month - 1 + shift) % 12) + 1;
  return `${String(m).padStart(2, '0')}.${String(set.year % 100).padStart(2, '0')}`;
}

function roles(set: SetFacts, style: StampStyle, dev: Person, chk: Person, gipOf: Person): Role[] {
  const date = stampDate(set, 0);
  const r = (role: string, p: Person): Role => ({ role, surname: p.surname, date });
  const out = [r(style.labels.dev, dev), r(style.labels.chk, chk)];
  if (style.extra) out.push(r(style.extra, chk));
  const nk = r(style.labels.nk, set.normController);
  const gip = r(style.labels.gip, gipOf);
  out.push(...(style.gipLast ? [nk, gip] : [gip, nk]));
  return out;
}

export function buildDoc(
  rng: Rng,
  set: SetFacts,
  style: StampStyle,
  plan: DocPlan,
  volumes: VolumeRef[],
  mutate: (c: DocContent) => void = () => {},
): DocModel {
  const info = sectionInfo(plan.section);
  const ctx = makeCtx(rng, set, plan.facts, plan.code, plan.cipher, info, volumes);
  const builder = BUILDERS[plan.code];
  if (!builder) throw new Error(`no builder for ${plan.code}`);
  const content = builder(ctx);
  discloseItems(content, plan.section, set, plan.cipher);
  mutate(content);
  const dev = rng.pick(set.developers);
  const chk = rng.pick(set.checkers);
  // a volume may name another ГИП (consistency.parties)
  const gipOf = plan.facts.gip ?? set.gip;
  const docRoles = roles(set, style, dev, chk, gipOf);
  const docTitle = plan.title;
  const ownName = plan.facts.objectName ?? set.objectName;
  const objectName = style.addressOnTitle ? `${ownName} по адресу: ${formatAddress(plan.facts.address, ctx.addrStyle)}` : ownName;
  const stamp = (form: 3 | 5 | 6, sheetTitle = ''): Stamp => ({
    form,
    cipher: plan.cipher,
    stage: 'П',
    sheet: '',
    sheets: null,
    roles: form === 6 ? [] : docRoles,
    docTitle,
    objectName,
    sheetTitle,
    organization: set.orgShort,
  });

  const first = content.text[0];
  if (!first) throw new Error(`${plan.code}: empty text part`);
  const textAnchor = first.anchor ?? 'text';
  content.text[0] = { ...first, anchor: textAnchor } as Block;
  const textPages = paginate(content.text, SHEET_LINES, SHEET_LINES);
  const pages: Page[] = [
    {
      size: 'A4',
      blocks: [],
      stamp: null,
      title: {
        organization: set.organization,
        sro: set.sro,
        customer: set.customer,
        objectName,
        sectionLine: info.sectionLine,
        subsectionLine: info.subsectionLine ?? PART_LINES[plan.code] ?? null,
        cipher: plan.cipher,
        volume: plan.volume,
        director: personName(set.director),
        directorTitle: 'Генеральный директор',
        gip: personName(gipOf),
        city: set.orgCity,
        year: set.year,
      },
    },
    { size: 'A4', title: null, blocks: [], stamp: stamp(5) },
    ...textPages.map((blocks): Page => ({ size: 'A4', title: null, blocks, stamp: stamp(6) })),
    ...content.drawings.map(
      (d): Page => ({ size: 'A3', title: null, blocks: d.blocks.map((b, i) => (i === 0 ? { ...b, anchor: d.anchor } : b)), stamp: stamp(3, d.sheetTitle) }),
    ),
  ];
  numberSheets(pages);
  const model: DocModel = { code: plan.code, cipher: plan.cipher, fileName: plan.fileName, format: plan.format, title: docTitle, pages };
  fillContents(model, contentsStyle(plan.cipher));
  resolveSheetRefs(model);
  return model;
}

/** Sheet N is page N+1 (the title page carries no number); «Листов» counts the numbered sheets. */
export function numberSheets(pages: Page[]): void {
  pages.forEach((pg, i) => {
    if (pg.stamp) pg.stamp.sheet = String(i);
  });
  const firstStamp = pages.find((pg) => pg.stamp?.form === 5)?.stamp;
  if (firstStamp) firstStamp.sheets = String(pages.length - 1);
}

/** 1-based page index holding the block with the anchor. */
export function anchorPage(model: DocModel, anchor: string): number | null {
  const i = model.pages.findIndex((pg) => pg.blocks.some((b) => b.anchor === anchor));
  return i < 0 ? null : i + 1;
}

function resolveSheetRefs(model: DocModel): void {
  const sheets = model.pages.length - 1;
  const resolve = (s: string): string =>
    s
      .replace(/\{\{sheet:([\w-]+)\}\}/g, (_m, a: string) => {
        const page = anchorPage(model, a);
        if (page === null) throw new Error(`${model.cipher}: no anchor ${a}`);
        return String(page - 1);
      })
      .replace(/\{\{sheets\}\}/g, String(sheets));
  for (const pg of model.pages) pg.blocks = pg.blocks.map((b) => (blockTexts(b).some((t) => t.includes('{{')) ? mapBlockTexts(b, resolve) : b));
}

/** 1-based pages of the document whose blocks carry the tag. */
export function taggedPages(model: DocModel, tag: string): number[] {
  const out: number[] = [];
  model.pages.forEach((pg, i) => {
    if (pg.blocks.some((b) => b.tags?.includes(tag))) out.push(i + 1);
  });
  return out;
}
