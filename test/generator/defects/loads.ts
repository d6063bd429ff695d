/**
 * consistency.fire_height, zero_elevation, gpzu, resources, tech_conditions: one document (or the XML note) states the
 * object's fire height, 0,000 elevation, ГПЗУ, a load or a ТУ differently from the rest of the set.
 */
import type { Rng } from '../rng.ts';
import type { TuRef } from '../facts.ts';
import type { SetBuild } from '../set-build.ts';
import type { CheckId } from '../types.ts';
import type { DefectImpl } from './impl.ts';
import { recordPages, target } from './consistency.ts';
import { ruNumber } from '../format.ts';

/** Another number of the same shape: one digit changed. */
function otherNumber(n: string, rng: Rng): string {
  const digits = [...n].map((c, i) => (/\d/.test(c) ? i : -1)).filter((i) => i >= 0);
  const i = rng.pick(digits.slice(-3));
  return n.slice(0, i) + String((Number(n[i]) + rng.int(1, 8)) % 10) + n.slice(i + 1);
}

/** Another date: the day moved by a few days, the month and year kept. */
function otherDate(date: string, rng: Rng): string {
  const [d, m, y] = date.split('.');
  const day = ((Number(d) + rng.int(2, 9) - 1) % 28) + 1;
  return `${String(day).padStart(2, '0')}.${m}.${y}`;
}

/** A defect carried by the XML note: the set gets one, and the finding names the note (no page). */
function inXml(b: SetBuild, kind: CheckId, change: (x: Parameters<SetBuild['xmlHooks'][number]>[0]) => string): void {
  b.withXml = true;
  b.xmlHooks.push((x) => b.planted.push({ kind, docName: '', page: null, detail: `XML: ${change(x)}` }));
}

export const fireHeight: DefectImpl = {
  variants: 6,
  afterPlans(b, d, v, rng) {
    const plan = target(b, rng, d, ['ПБ', 'АР', 'ПЗ'], v);
    const before = plan.facts.fireHeight;
    plan.facts.fireHeight = Math.round((before + rng.pick([-4.5, -3, -1.5, 1.5, 3, 6])) * 100) / 100;
    recordPages(
      b,
      'consistency.fire_height',
      plan,
      ['fact:fireHeight'],
      `пожарно-техническая высота ${ruNumber(plan.facts.fireHeight, 2)} вместо ${ruNumber(before, 2)}`,
    );
  },
};

export const zeroElevation: DefectImpl = {
  variants: 6,
  afterPlans(b, d, v, rng) {
    const plan = target(b, rng, d, ['КР', 'КР1', 'АР', 'ПЗУ', 'ПЗ'], v);
    const before = plan.facts.zeroAbs;
    plan.facts.zeroAbs = Math.round((before + rng.pick([-1.2, -0.4, -0.15, 0.2, 0.5, 1.1])) * 100) / 100;
    recordPages(b, 'consistency.zero_elevation', plan, ['fact:zero'], `отметка 0,000 = ${ruNumber(plan.facts.zeroAbs, 2)} вместо ${ruNumber(before, 2)}`);
  },
};

export const gpzu: DefectImpl = {
  variants: 7,
  afterPlans(b, d, v, rng) {
    if (v === 6) {
      // every document cites one number, whose subject code is not the plot's
      const swap = (n: string) => n.replace(/^РФ-(\d{2})-/, (_, c: string) => `РФ-${c === '48' ? '36' : '48'}-`);
      for (const p of b.plans) p.facts.gpzu = swap(p.facts.gpzu);
      b.xmlHooks.push((x) => {
        x.loads.gpzu = swap(x.loads.gpzu);
      });
      b.planted.push({ kind: 'consistency.gpzu', docName: '', page: null, detail: 'номер ГПЗУ с кодом другого субъекта РФ во всех документах' });
      return;
    }
    if (v % 3 === 2) {
      inXml(b, 'consistency.gpzu', (x) => {
        if (v % 2 === 0) {
          x.loads.gpzu = otherNumber(x.loads.gpzu, rng);
          return `ГПЗУ № ${x.loads.gpzu}`;
        }
        x.loads.gpzuDate = otherDate(x.loads.gpzuDate, rng);
        return `дата ГПЗУ ${x.loads.gpzuDate}`;
      });
      return;
    }
    const plan = target(b, rng, d, ['ПЗУ', 'ПЗ'], v >> 1);
    const f = plan.facts;
    const detail = v % 3 === 0 ? `ГПЗУ № ${(f.gpzu = otherNumber(f.gpzu, rng))}` : `дата ГПЗУ ${(f.gpzuDate = otherDate(f.gpzuDate, rng))}`;
    recordPages(b, 'consistency.gpzu', plan, ['fact:gpzu'], detail);
  },
};

type Load = 'power' | 'water' | 'heat';
const LOAD_DOCS: Record<Load, string> = { power: 'ИОС1', water: 'ИОС2', heat: 'ИОС4' };
/** Variant → which load, and whether the subsection, the ПЗ or the XML note states it differently. */
const LOAD_VARIANTS: { load: Load; where: 'ios' | 'pz' | 'xml' }[] = [
  { load: 'power', where: 'ios' },
  { load: 'water', where: 'ios' },
  { load: 'heat', where: 'pz' },
  { load: 'power', where: 'xml' },
  { load: 'heat', where: 'ios' },
  { load: 'water', where: 'pz' },
];

export const resources: DefectImpl = {
  variants: 6,
  beforePlans(b, _d, v) {
    // the load is stated by its subsection: the set holds it
    b.codes.add(LOAD_DOCS[LOAD_VARIANTS[v % 6]!.load]);
  },
  afterPlans(b, d, v, rng) {
    const { load, where } = LOAD_VARIANTS[v % 6]!;
    const factor = rng.pick([0.8, 0.88, 1.12, 1.25]);
    const changed = (x: number) =>
      load === 'heat' ? Math.round(x * factor * 1000) / 1000 : load === 'water' ? Math.round(x * factor * 100) / 100 : Math.round(x * factor);
    if (where === 'xml') {
      inXml(b, 'consistency.resources', (x) => `${load} ${(x.loads[load] = changed(x.loads[load]))} вместо ${b.set[load]}`);
      return;
    }
    const plan = target(b, rng, d, [where === 'pz' ? 'ПЗ' : LOAD_DOCS[load]], 0);
    const before = plan.facts[load];
    plan.facts[load] = changed(before);
    recordPages(b, 'consistency.resources', plan, [`fact:${load}`], `${load} ${plan.facts[load]} вместо ${before}`);
  },
};

const TU_VARIANTS: { load: Load; where: 'ios' | 'pz' | 'xml'; date: boolean }[] = [
  { load: 'power', where: 'ios', date: false },
  { load: 'water', where: 'pz', date: false },
  { load: 'heat', where: 'ios', date: true },
  { load: 'power', where: 'xml', date: false },
  { load: 'water', where: 'ios', date: true },
  { load: 'heat', where: 'pz', date: false },
];

export const techConditions: DefectImpl = {
  variants: 6,
  beforePlans(b, _d, v) {
    b.codes.add(LOAD_DOCS[TU_VARIANTS[v % 6]!.load]);
  },
  afterPlans(b, d, v, rng) {
    const { load, where, date } = TU_VARIANTS[v % 6]!;
    const alter = (r: TuRef) => (date ? `дата ТУ ${load} ${(r.date = otherDate(r.date, rng))}` : `ТУ ${load} № ${(r.number = otherNumber(r.number, rng))}`);
    if (where === 'xml') {
      inXml(b, 'consistency.tech_conditions', (x) => alter(x.loads.tu[load]));
      return;
    }
    const plan = target(b, rng, d, [where === 'pz' ? 'ПЗ' : LOAD_DOCS[load]], 0);
    recordPages(b, 'consistency.tech_conditions', plan, [`fact:tu:${load}`], alter(plan.facts.tu[load]));
  },
};
