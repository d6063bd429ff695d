/** What a section's content builder knows, and the phrasing helpers shared by all sections. */
import type { Rng } from '../rng.ts';
import type { DocFacts, SetFacts } from '../facts.ts';
import { addressStyle, formatAddress, ruNumber, type AddressStyle } from '../format.ts';
import type { Block } from '../model.ts';
import { COMMON_NORMS, CURRENT_NORMS, ACTUALISED_TITLES, TITLE_SHAPES, type Norm } from '../norms.ts';
import type { SectionInfo } from '../sections.ts';

export interface VolumeRef {
  code: string;
  cipher: string;
  title: string;
  volume: string;
}

export interface BuildCtx {
  rng: Rng;
  set: SetFacts;
  facts: DocFacts;
  code: string;
  cipher: string;
  info: SectionInfo;
  /** Every volume of the set (for the composition list and cross-references). */
  volumes: VolumeRef[];
  areaUnit: string;
  volumeUnit: string;
  addrStyle: AddressStyle;
}

/** A drawing sheet of the graphic part. */
export interface DrawingSheet {
  sheetTitle: string;
  anchor: string;
  blocks: Block[];
}

export interface DocContent {
  text: Block[];
  drawings: DrawingSheet[];
}

export function makeCtx(rng: Rng, set: SetFacts, facts: DocFacts, code: string, cipher: string, info: SectionInfo, volumes: VolumeRef[]): BuildCtx {
  return {
    rng,
    set,
    facts,
    code,
    cipher,
    info,
    volumes,
    areaUnit: rng.pick(['м²', 'м²', 'м2', 'кв. м']),
    volumeUnit: rng.pick(['м³', 'м³', 'м3', 'куб. м']),
    addrStyle: addressStyle(rng, facts.address),
  };
}

export function num(ctx: BuildCtx, x: number, decimals = 1): string {
  return ruNumber(x, decimals, ctx.set.numStyle);
}

export function area(ctx: BuildCtx, x: number): string {
  return `${num(ctx, x)} ${ctx.areaUnit}`;
}

export function volume(ctx: BuildCtx, x: number): string {
  return `${num(ctx, x)} ${ctx.volumeUnit}`;
}

export function address(ctx: BuildCtx): string {
  return formatAddress(ctx.facts.address, ctx.addrStyle);
}

export function volumeOf(ctx: BuildCtx, code: string): VolumeRef | undefined {
  return ctx.volumes.find((v) => v.code === code) ?? ctx.volumes.find((v) => v.code.startsWith(code));
}

/** «см. том 3 (24-017-АР)» for a volume of the set, in one of the usual phrasings. */
export function volumeRef(ctx: BuildCtx, v: VolumeRef): string {
  return ctx.rng.pick([`см. том ${v.volume} (${v.cipher})`, `см. ${v.cipher}`, `приведены в томе ${v.cipher}`, `см. раздел «${v.title}», шифр ${v.cipher}`]);
}

export const h = (text: string, anchor?: string): Block => (anchor ? { t: 'h', text, anchor } : { t: 'h', text });
export const p = (text: string, ...tags: string[]): Block => (tags.length ? { t: 'p', text, tags } : { t: 'p', text });

/** The list of normative documents of a section, as a table or as numbered paragraphs. */
export function normsBlocks(ctx: BuildCtx, heading: string): Block[] {
  const own = CURRENT_NORMS[ctx.code.replace(/\d+$/, '')] ?? CURRENT_NORMS[ctx.code] ?? [];
  const norms: Norm[] = [...COMMON_NORMS.slice(0, ctx.rng.int(1, 3)), ...ctx.rng.shuffle(own)];
  // the shape follows the list's length, so the generator's random sequence (and every seed's set) stays as it was
  const section = ctx.code.replace(/\d+$/, '');
  const actualised = norms.length % 2 ? TITLE_SHAPES[section] : ACTUALISED_TITLES[section];
  const lines = norms.filter((n) => !adoptedAfter(n, ctx.set.year)).map((n) => `${n.designation} «${n.title}»`);
  if (actualised && ctx.rng.chance(0.7)) lines.push(actualised);
  if (ctx.rng.chance(0.5)) {
    return [
      h(heading),
      {
        t: 'table',
        head: ['№ п/п', 'Обозначение и наименование документа'],
        rows: lines.map((l, i) => [String(i + 1), l]),
        widths: [0.1, 0.9],
        tags: ['norms'],
      },
    ];
  }
  return [h(heading), ...lines.map((l, i) => p(`${i + 1}. ${l};`, 'norms'))];
}

/**
 * A law or decree adopted after the set's year («от 16.09.2020 № 1479» in a set of 2018): a set dated years back (a norm
 * replaced since) does not cite it, as its documents could not have. The random draws stay the same (the list's shape
 * follows its unfiltered length, a pick draws once), so only such sets change.
 */
function adoptedAfter(n: Norm, year: number): boolean {
  const adopted = /от \d{2}\.\d{2}\.(\d{4})/.exec(n.designation)?.[1];
  return adopted !== undefined && Number(adopted) > year;
}

/** Sentence citing the main norm of a section inline. */
export function inlineNorm(ctx: BuildCtx, lead: string): Block {
  const own = (CURRENT_NORMS[ctx.code.replace(/\d+$/, '')] ?? CURRENT_NORMS[ctx.code] ?? []).filter((x) => !adoptedAfter(x, ctx.set.year));
  const n = ctx.rng.pick(own.length ? own : COMMON_NORMS);
  return p(`${lead} ${n.designation} «${n.title}».`, 'norms');
}
