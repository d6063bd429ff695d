/**
 * The sets of the quality measurement: every check id planted in at least six variants (documents, phrasings, positions),
 * alternating PDF and DOCX carriers, three defects of different kinds per set, plus clean control sets.
 */
import { ANSWERABLE_REQUESTS } from '../generator/defects/completeness.ts';
import { DEFECTS } from '../generator/defects/index.ts';
import { isDatedSuperseded } from '../generator/defects/norms.ts';
import { isSetWideClimate } from '../generator/defects/traits.ts';
import { CHECK_IDS, type CheckId, type ComparisonTrap, type DefectSpec, type SetSpec, type TextLayerSpec, type VolumeTrap } from '../generator/types.ts';

export const INSTANCES_PER_CHECK = 6;
export const CLEAN_SETS = 6;
const PER_SET = 3;

/**
 * Sets whose PDF volumes carry a broken text layer on their inner pages (mojibake the engine repairs): defects on those
 * pages — storeys, areas, title-block roles, sheet numbers, references — must be found as on a good layer, and a clean
 * set must stay clean.
 */
const BROKEN_TEXT_LAYERS: Record<string, TextLayerSpec> = {
  'defects-03': { encoding: 'cp1251', stamps: true },
  'defects-05': { encoding: 'cp1251', stamps: true },
  'defects-14': { encoding: 'koi8-r', stamps: false },
  'defects-25': { encoding: 'koi8-r', stamps: true },
  'clean-3': { encoding: 'cp1251', stamps: true },
};

/**
 * Clean sets holding volumes built in parts: text and graphic parts each numbered from 1, and another object's album
 * bound into a volume — no gap, repeat, wrong «Листов», wrong cipher or contents finding may come of them.
 */
/**
 * Clean sets on climate traps: a town with no station of its own in СП 131.13330 and none named, and a town whose documents
 * say the data were taken for the regional centre's station (its values) — no finding and no question of either.
 */
const CLIMATE_TRAPS: Record<string, NonNullable<SetSpec['climateTrap']>> = { 'clean-2': 'no_station', 'clean-4': 'named_station' };

const VOLUME_TRAPS: Record<string, VolumeTrap[]> = {
  'clean-1': ['parts_numbering', 'bound_album'],
  'clean-3': ['content_other_words', 'content_table'],
  'clean-5': ['parts_numbering'],
  'clean-6': ['bound_album', 'content_drawing'],
};
/**
 * Clean sets on the comparisons' traps: an address by its plot in three spellings, four floors with the basement beside
 * three above ground, plots listed on purpose (one of them the plot's number transposed, as the ПЗУ's adjacent plot).
 */
const COMPARISON_TRAPS: Record<string, ComparisonTrap[]> = {
  'clean-2': ['plot_address', 'plots_listed'],
  'clean-4': ['storeys_basement'],
  'clean-6': ['plot_address', 'storeys_basement', 'plots_listed'],
};
/** Role labels of real organisations' forms: «Исполнил» is the developer, «Н.контроль» (or cut off, «Н.контрол») the normocontroller. */
const OTHER_FORM_LABELS = [
  { dev: 'Исполнил', chk: 'Провер.', nk: 'Н.контроль', gip: 'ГИП' },
  { dev: 'Разработал', chk: 'Провер.', nk: 'Н.контрол', gip: 'ГИП' },
];

export interface PlannedSet {
  id: string;
  clean: boolean;
  spec: SetSpec;
}

/** `seedBase` moves every set to other seeds (other objects, phrasings, target volumes) with the same defect variants. */
export function qualityPlan(seedBase = 1000): PlannedSet[] {
  const queue: DefectSpec[] = [];
  const count = (kind: CheckId): number => Math.max(INSTANCES_PER_CHECK, DEFECTS[kind].variants);
  const rounds = Math.max(...CHECK_IDS.map(count));
  for (let i = 0; i < rounds; i++) {
    for (const [k, kind] of CHECK_IDS.entries()) {
      if (i >= count(kind)) continue;
      // Every variant is planted once; when a kind has fewer variants than instances, the repeats flip the format.
      const v = DEFECTS[kind].variants;
      queue.push({ kind, variant: (i + k) % v, format: (i + Math.floor(i / v)) % 2 === 0 ? 'pdf' : 'docx' });
    }
  }
  const sets: PlannedSet[] = [];
  let n = 0;
  while (queue.length) {
    const defects: DefectSpec[] = [];
    for (let i = 0; i < queue.length && defects.length < PER_SET; ) {
      const d = queue[i] as DefectSpec;
      if (defects.some((x) => x.kind === d.kind || clash(x.kind, d.kind) || datedClash(x, d))) i++;
      else defects.push(...queue.splice(i, 1));
    }
    const seed = seedBase + n * 7;
    const mixed = defects.some((d) => d.format === 'docx') || n % 3 === 0;
    const hasRequest = defects.some((d) => d.kind === 'request.unanswerable');
    sets.push({
      id: `defects-${String(n + 1).padStart(2, '0')}`,
      clean: false,
      spec: {
        seed,
        defects,
        formats: mixed ? ['pdf', 'docx'] : ['pdf'],
        withXmlNote: n % 2 === 0,
        ...(hasRequest || n % 4 !== 1 ? {} : { userRequest: ANSWERABLE_REQUESTS[n % ANSWERABLE_REQUESTS.length] as string }),
      },
    });
    n++;
  }
  for (let i = 0; i < CLEAN_SETS; i++) {
    sets.push({
      id: `clean-${i + 1}`,
      clean: true,
      spec: {
        seed: seedBase + 4000 + i * 13,
        defects: [],
        formats: i % 2 === 0 ? ['pdf'] : ['pdf', 'docx'],
        withXmlNote: i % 3 !== 2,
        // an assignment the set meets, its table carrying ОКЕИ codes and a class required below the designed one
        withAssignment: i % 2 === 0,
        // traps of a real set: every volume with its ИУЛ, all of them matching their files; role labels of other forms
        withIul: i < 2,
        // a локальный сметный расчёт in base prices at 01.01.2000, signed by both: no finding of its form
        withEstimate: i >= 4,
        ...(i < 2 ? { stampLabels: OTHER_FORM_LABELS[i]! } : {}),
        ...(i % 2 === 1 ? { userRequest: ANSWERABLE_REQUESTS[i % ANSWERABLE_REQUESTS.length] as string } : {}),
      },
    });
  }
  for (const s of sets) {
    const layer = BROKEN_TEXT_LAYERS[s.id];
    if (layer) s.spec.brokenTextLayer = layer;
    const traps = VOLUME_TRAPS[s.id];
    if (traps) s.spec.traps = traps;
    const comparisonTraps = COMPARISON_TRAPS[s.id];
    if (comparisonTraps) s.spec.comparisonTraps = comparisonTraps;
    const climateTrap = CLIMATE_TRAPS[s.id];
    if (climateTrap) s.spec.climateTrap = climateTrap;
  }
  // a set developed under the composition's former edition, its items disclosed as designers do, and the content traps
  sets.push({
    id: 'clean-former-edition',
    clean: true,
    spec: {
      seed: seedBase + 4500,
      defects: [],
      formats: ['pdf', 'docx'],
      withXmlNote: true,
      year: 2021,
      traps: ['content_drawing', 'content_other_words', 'content_table'],
    },
  });
  // one volume uploaded on its own: composition is a warning, never findings of missing sections
  sets.push({ id: 'clean-single-volume', clean: true, spec: { seed: seedBase + 5000, defects: [], sections: ['АР'], formats: ['pdf', 'docx'] } });
  return sets;
}

/** Kinds that would blur each other in one set: both rewrite the set's request or sections. */
function clash(a: CheckId, b: CheckId): boolean {
  const setLevel: CheckId[] = ['completeness.missing_section', 'request.unanswerable'];
  return setLevel.includes(a) && setLevel.includes(b);
}

/**
 * A set dated years back (a norm replaced since) changes the composition edition: it does not carry set-level defects; nor
 * a five-day temperature wrong in every volume, which only the climate table of the set's date tells (none is held for 2018–2021).
 */
function datedClash(a: DefectSpec, b: DefectSpec): boolean {
  const setLevel: CheckId[] = ['completeness.missing_section', 'request.unanswerable'];
  // a content item is taken out of a set dated back when the set's own edition gives its volumes none (defects/content.ts)
  const dated = (x: DefectSpec) => isDatedSuperseded(x) || x.kind === 'content.items_missing';
  const clashes = (x: DefectSpec, y: DefectSpec) => dated(x) && (setLevel.includes(y.kind) || isSetWideClimate(y));
  return clashes(a, b) || clashes(b, a);
}
