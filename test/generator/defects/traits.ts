/** consistency.fire_safety / climate / energy_class: one document (or the XML note) states a characteristic differently. */
import type { Rng } from '../rng.ts';
import { wrongFiveDay, type ObjectTraits } from '../facts.ts';
import type { SetBuild } from '../set-build.ts';
import type { CheckId, DefectSpec } from '../types.ts';
import type { XmlNoteData } from '../xml-note.ts';
import type { DefectImpl } from './impl.ts';
import { recordPages, target } from './consistency.ts';

interface TraitVariant {
  /** Documents that may carry it, the first present preferred; none: the XML note. */
  docs?: string[];
  tag: string;
  change(t: ObjectTraits, rng: Rng): string;
  /** The same change made in the XML note. */
  xml?(x: XmlNoteData, rng: Rng): string;
  /** Made in every document alike: the set agrees with itself and only the climate table of the place tells the value wrong. */
  all?: true;
}

const FIRE = ['ПБ', 'АР', 'КР', 'КР1', 'ПЗ'];
const CLIMATE = ['КР', 'КР1', 'ПЗ'];
/** Volumes that state each fact (content/traits.ts as used by the section builders). */
const STATED_IN: Record<string, string[]> = {
  'fact:fire_resistance': FIRE,
  'fact:structural': FIRE,
  'fact:functional': ['ПБ', 'АР', 'ПЗ'],
  'fact:responsibility': ['КР', 'КР1', 'ПЗ'],
  'fact:climate_district': CLIMATE,
  'fact:snow': CLIMATE,
  'fact:wind': CLIMATE,
  'fact:seismic': CLIMATE,
  'fact:temperature': CLIMATE,
  'fact:energy': ['АР', 'ПЗ'],
};

function traitDefect(kind: CheckId, variants: TraitVariant[]): DefectImpl {
  return {
    variants: variants.length,
    afterPlans(b: SetBuild, d: DefectSpec, v: number, rng: Rng) {
      const vr = variants[v % variants.length]!;
      if (vr.xml) {
        b.withXml = true;
        b.xmlHooks.push((x) => b.planted.push({ kind, docName: '', page: null, detail: `XML: ${vr.xml!(x, rng)}` }));
        return;
      }
      if (vr.all) {
        const detail = vr.change(b.set.traits, rng);
        for (const p of b.plans) p.facts.traits = { ...p.facts.traits, ...pickTraits(b.set.traits, vr.tag) };
        const carrier = (STATED_IN[vr.tag] ?? []).find((c) => b.plans.some((p) => p.code === c));
        if (!carrier) throw new Error(`${kind}: no volume states ${vr.tag}`);
        recordPages(b, kind, b.plans.find((p) => p.code === carrier)!, [vr.tag], detail);
        return;
      }
      // a volume removed by another defect of the set gives way to another volume stating the same fact
      const present = [...vr.docs!, ...(STATED_IN[vr.tag] ?? [])].filter((c) => b.plans.some((p) => p.code === c));
      const plan = target(b, rng, d, present.slice(0, 1), 0);
      const detail = vr.change(plan.facts.traits, rng);
      recordPages(b, kind, plan, [vr.tag], detail);
    },
  };
}

/** The characteristic a tag names, as the set states it. */
function pickTraits(t: ObjectTraits, tag: string): Partial<ObjectTraits> {
  if (tag === 'fact:temperature') return { temperature: t.temperature };
  throw new Error(`no characteristic for ${tag}`);
}

const other = <T>(rng: Rng, from: readonly T[], not: T): T => rng.pick(from.filter((x) => x !== not));
const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII'];
/** A neighbouring district: one up or down, as a misread map would give. */
const nextDistrict = (r: string, max: number): string => {
  const i = ROMAN.indexOf(r);
  return ROMAN[i + 1 < max ? i + 1 : i - 1]!;
};

export const fireSafety = traitDefect('consistency.fire_safety', [
  {
    docs: ['ПБ'],
    tag: 'fact:fire_resistance',
    change: (t) => {
      const was = t.fireResistance;
      t.fireResistance = was === 'II' ? 'III' : 'II';
      return `степень огнестойкости ${t.fireResistance} вместо ${was}`;
    },
  },
  {
    docs: ['АР'],
    tag: 'fact:structural',
    change: (t) => {
      t.structural = 'С1';
      return 'класс конструктивной пожарной опасности С1 вместо С0';
    },
  },
  {
    docs: ['ПЗ'],
    tag: 'fact:functional',
    change: (t, rng) => {
      t.functional = rng.pick(['Ф1.4', 'Ф1.2']);
      return `класс функциональной пожарной опасности ${t.functional} вместо Ф1.3`;
    },
  },
  {
    docs: ['КР', 'КР1'],
    tag: 'fact:responsibility',
    change: (t) => {
      t.responsibility = 'повышенный';
      return 'уровень ответственности повышенный вместо нормальный';
    },
  },
  {
    tag: '',
    change: () => '',
    xml: (x) => {
      x.responsibility = 'повышенный';
      return 'ResponsibilityLevel повышенный вместо нормальный';
    },
  },
  {
    docs: ['КР', 'КР1'],
    tag: 'fact:fire_resistance',
    change: (t) => {
      const was = t.fireResistance;
      t.fireResistance = was === 'II' ? 'I' : 'II';
      return `степень огнестойкости ${t.fireResistance} вместо ${was}`;
    },
  },
  {
    docs: ['ПБ'],
    tag: 'fact:structural',
    change: (t, rng) => {
      t.structural = rng.pick(['С1', 'С2']);
      return `класс конструктивной пожарной опасности ${t.structural} вместо С0`;
    },
  },
  {
    docs: ['АР'],
    tag: 'fact:functional',
    change: (t) => {
      t.functional = 'Ф1.4';
      return 'класс функциональной пожарной опасности Ф1.4 вместо Ф1.3';
    },
  },
  // a class of constructions written as the building's class
  {
    docs: ['АР', 'ПБ'],
    tag: 'fact:structural',
    change: (t) => {
      t.structural = 'К0';
      return 'класс конструктивной пожарной опасности К0 (класс конструкций) вместо С0';
    },
  },
]);

export const climate = traitDefect('consistency.climate', [
  {
    docs: ['КР', 'КР1'],
    tag: 'fact:snow',
    change: (t) => {
      const was = t.snow;
      t.snow = nextDistrict(was, 8);
      return `снеговой район ${t.snow} вместо ${was}`;
    },
  },
  {
    docs: ['ПЗ'],
    tag: 'fact:wind',
    change: (t) => {
      const was = t.wind;
      t.wind = nextDistrict(was, 7);
      return `ветровой район ${t.wind} вместо ${was}`;
    },
  },
  {
    docs: ['ПЗ'],
    tag: 'fact:climate_district',
    change: (t, rng) => {
      const was = t.climateDistrict;
      t.climateDistrict = other(rng, ['IВ', 'IIВ', 'IIIБ', 'IIIА', 'IIГ'], was);
      return `климатический подрайон ${t.climateDistrict} вместо ${was}`;
    },
  },
  {
    docs: ['КР', 'КР1'],
    tag: 'fact:seismic',
    change: (t, rng) => {
      t.seismic = rng.pick([6, 7]);
      return `сейсмичность ${t.seismic} баллов вместо менее 6`;
    },
  },
  {
    docs: ['ИОС4', 'КР', 'КР1'],
    tag: 'fact:temperature',
    change: (t, rng) => {
      const was = t.temperature;
      t.temperature = was - rng.pick([3, 4, 6]);
      return `температура холодной пятидневки ${t.temperature} вместо ${was}`;
    },
  },
  {
    tag: '',
    change: () => '',
    xml: (x) => {
      const was = x.climate.snow;
      x.climate.snow = nextDistrict(was, 8);
      return `SnowDistrict ${x.climate.snow} вместо ${was}`;
    },
  },
  {
    docs: ['ПЗ'],
    tag: 'fact:temperature',
    change: (t, rng) => {
      const was = t.temperature;
      t.temperature = was + rng.pick([3, 5]);
      return `температура холодной пятидневки ${t.temperature} вместо ${was}`;
    },
  },
  // every volume states the same wrong value: the 2012 edition's, a nearby station's — only СП 131.13330.2020 tells it
  {
    tag: 'fact:temperature',
    all: true,
    change: (t) => {
      const was = t.temperature;
      t.temperature = wrongFiveDay({ t5: was, t5of2012: t.fiveDayOf2012, stationT: was - 2 });
      return `температура холодной пятидневки ${t.temperature} во всех томах вместо ${was} по СП 131.13330.2020 для места строительства`;
    },
  },
]);

/** The climate variant every volume carries alike: it needs a set dated by an edition whose table is held (not one dated years back). */
export const isSetWideClimate = (d: DefectSpec): boolean =>
  d.kind === 'consistency.climate' && d.variant !== undefined && d.variant % climate.variants === climate.variants - 1;

/** A class whose name (высокий, очень высокий …) differs too, so no spelling of the two can agree. */
const otherClass = (c: string, rng: Rng): string => (c === 'B' ? rng.pick(['A', 'C']) : rng.pick(['B', 'C']));

export const energyClass = traitDefect('consistency.energy_class', [
  {
    docs: ['АР'],
    tag: 'fact:energy',
    change: (t, rng) => {
      const was = t.energyClass;
      t.energyClass = otherClass(was, rng);
      return `класс энергетической эффективности ${t.energyClass} вместо ${was}`;
    },
  },
  {
    docs: ['ПЗ'],
    tag: 'fact:energy',
    change: (t, rng) => {
      const was = t.energyClass;
      t.energyClass = otherClass(was, rng);
      return `класс энергетической эффективности ${t.energyClass} вместо ${was}`;
    },
  },
  {
    tag: '',
    change: () => '',
    xml: (x, rng) => {
      const was = x.energyClass;
      x.energyClass = otherClass(was, rng);
      return `EnergyEfficiencyClass ${x.energyClass} вместо ${was}`;
    },
  },
  {
    tag: '',
    change: () => '',
    xml: (x) => {
      const was = x.energyClass;
      x.energyClass = 'Не классифицируется';
      return `EnergyEfficiencyClass «Не классифицируется» вместо ${was}`;
    },
  },
]);
