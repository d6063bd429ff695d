/**
 * norms.superseded: a citation of a superseded or cancelled norm, and — in a set dated before the change — of a norm
 * replaced since (expected as a minor note); norms.nonexistent: a citation of a designation that names no norm (a hybrid,
 * a lost digit, a doubtful edition year); norms.malformed_designation: a designation no norm can have (a broken register
 * code, an impossible year). All in the spellings met in real documents.
 */
import type { Rng } from '../rng.ts';
import type { Block } from '../model.ts';
import { taggedPages } from '../build-doc.ts';
import { dateSetBack, modelOf, pickTarget, type SetBuild } from '../set-build.ts';
import { DATED_NORMS, MALFORMED_DESIGNATIONS, SPELLINGS, STALE_NORMS, WRONG_DESIGNATIONS, spell } from '../norms.ts';
import type { CheckId, DefectSpec } from '../types.ts';
import type { DefectImpl } from './impl.ts';
import { plantStaleUsedNorm } from './xml.ts';

const LEADS = [
  'Расчет выполнен в соответствии с требованиями',
  'Проектные решения приняты согласно',
  'При проектировании учтены требования',
  'Конструкции запроектированы с учетом положений',
  'Требования приняты по',
];

interface Cited {
  designation: string;
  title: string;
  sections: string[];
}

/**
 * Cites a norm in one of the volumes that would cite it: inline, in the list of norms, or in the КР loads table, spelled
 * as real documents do; records the pages where the citation landed.
 */
function plantCitation<N extends Cited>(
  b: SetBuild,
  d: DefectSpec,
  v: number,
  rng: Rng,
  kind: CheckId,
  catalogue: readonly N[],
  detail: (n: N, spelled: string) => string,
  importance?: 'minor',
): void {
  const usable = catalogue.filter((n) => n.sections.some((s) => b.plans.some((p) => p.code === s || p.code === `${s}1`)));
  const norm = usable[(v * 5 + rng.int(0, usable.length - 1)) % usable.length];
  if (!norm) throw new Error(`no norm for ${kind} fits the set`);
  const plan = pickTarget(
    b,
    rng,
    norm.sections.flatMap((s) => [s, `${s}1`]),
    d.format,
  );
  const spelled = spell(norm.designation, SPELLINGS[v % SPELLINGS.length] ?? 'canonical', rng);
  const tag = `planted:norm:${b.planted.length}:${v}`;
  const inList = rng.chance(0.4);
  const inLoads = rng.chance(0.5);
  b.contentHooks.push({
    code: plan.code,
    mutate: (c) => {
      // Loads of КР are often tabulated with the norm they come from.
      const loadsAt = c.text.findIndex((x) => x.t === 'table' && x.head[0] === 'Вид нагрузки');
      if (!inList && inLoads && loadsAt >= 0) {
        const table = c.text[loadsAt] as Extract<Block, { t: 'table' }>;
        c.text[loadsAt] = { ...table, rows: [...table.rows, [`Ветровая (по ${spelled})`, '0,30', '1,4']], tags: [...(table.tags ?? []), tag] };
        return;
      }
      const listAt = c.text.findIndex((x) => x.tags?.includes('norms') && x.t === 'table');
      if (inList && listAt >= 0) {
        const table = c.text[listAt] as Extract<Block, { t: 'table' }>;
        const rows = [...table.rows];
        rows.splice(rng.int(0, rows.length), 0, ['', `${spelled} «${norm.title}»`]);
        c.text[listAt] = { ...table, rows: rows.map((r, i) => [String(i + 1), r[1] ?? '']), tags: [...(table.tags ?? []), tag] };
        return;
      }
      const at = rng.int(Math.min(2, c.text.length), Math.max(2, c.text.length - 3));
      c.text.splice(at, 0, { t: 'p', text: `${rng.pick(LEADS)} ${spelled} «${norm.title}».`, tags: [tag] });
    },
  });
  b.modelHooks.push(() => {
    const pages = taggedPages(modelOf(b, plan.code), tag);
    if (pages.length === 0) throw new Error('planted norm lost');
    b.planted.push({
      kind,
      docName: plan.fileName,
      page: pages[0] as number,
      altPages: pages.slice(1),
      detail: detail(norm, spelled.replace('\n', '⏎')),
      ...(importance ? { importance } : {}),
    });
  });
}

/** Variants past the spellings: the set is dated before the cited norm was replaced (plan.ts keeps it from set-level defects). */
export const isDatedSuperseded = (d: DefectSpec): boolean =>
  d.kind === 'norms.superseded' && (d.variant ?? 0) >= SPELLINGS.length && (d.variant ?? 0) < SPELLINGS.length + DATED_NORMS.length;

export const superseded: DefectImpl = {
  // the spellings in volumes, the sets dated before a change, and one in the XML note's UsedNorms
  variants: SPELLINGS.length + DATED_NORMS.length + 1,
  afterPlans(b, d, v, rng) {
    if (v === SPELLINGS.length + DATED_NORMS.length) {
      plantStaleUsedNorm(b, rng.pick(STALE_NORMS.filter((n) => n.sections.includes('ПЗ'))));
      return;
    }
    if (v < SPELLINGS.length) {
      plantCitation(
        b,
        d,
        v,
        rng,
        'norms.superseded',
        STALE_NORMS,
        (n, spelled) => `ссылка на ${n.designation} (заменен ${n.replacement}) в написании «${spelled}»`,
      );
      return;
    }
    const fits = DATED_NORMS.filter((n) => n.sections.some((s) => b.plans.some((p) => p.code === s || p.code === `${s}1`)));
    const norm = fits[(v - SPELLINGS.length) % fits.length];
    if (!norm) throw new Error('no dated norm fits the set');
    dateSetBack(b, norm.year);
    plantCitation(
      b,
      d,
      v,
      rng,
      'norms.superseded',
      [norm],
      (n, spelled) =>
        `ссылка на ${n.designation}, действовавший в ${n.year} г. (с тех пор заменен ${n.replacement}), в написании «${spelled}» — ожидается замечание minor`,
      'minor',
    );
  },
};

export const malformed: DefectImpl = {
  variants: SPELLINGS.length,
  afterPlans(b, d, v, rng) {
    plantCitation(
      b,
      d,
      v,
      rng,
      'norms.malformed_designation',
      MALFORMED_DESIGNATIONS,
      (n, spelled) => `ссылка на искаженное обозначение ${n.designation} в написании «${spelled}»`,
    );
  },
};

export const nonexistent: DefectImpl = {
  variants: SPELLINGS.length,
  afterPlans(b, d, v, rng) {
    plantCitation(
      b,
      d,
      v,
      rng,
      'norms.nonexistent',
      WRONG_DESIGNATIONS,
      (n, spelled) => `ссылка на несуществующее обозначение ${n.designation}${n.meant ? ` (вероятно, ${n.meant})` : ''} в написании «${spelled}»`,
    );
  },
};
