/** The state of a set while it is generated, and the hooks through which defects change it at each stage. */
import type { Rng } from './rng.ts';
import type { SetFacts, TuRef } from './facts.ts';
import type { DocPlan, StampStyle } from './build-doc.ts';
import type { DocContent } from './content/common.ts';
import type { DocModel } from './model.ts';
import type { FileFormat, GeneratedSet, PlantedDefect } from './types.ts';
import type { XmlNoteData } from './xml-note.ts';
import type { AssignmentData } from './design-assignment.ts';
import type { EstimateEntry } from './estimate.ts';
import type { IulEntry } from './iul.ts';

export interface SetBuild {
  set: SetFacts;
  style: StampStyle;
  /** Section codes present in the set (КР stands for КР1+КР2 when split). */
  codes: Set<string>;
  splitKr: boolean;
  formats: FileFormat[];
  withXml: boolean;
  /** The design assignment written with the set, or null. */
  assignment: AssignmentData | null;
  userRequest: string | null;
  objectAddress: string;
  plans: DocPlan[];
  models: DocModel[];
  planted: PlantedDefect[];
  /** Content traps the set holds (defects/content.ts). */
  contentTraps: GeneratedSet['contentTraps'];
  /** Content changes applied before a document is paginated, by document code. */
  contentHooks: { code: string; mutate: (c: DocContent) => void }[];
  modelHooks: (() => void)[];
  xmlHooks: ((x: XmlNoteData) => void)[];
  /** The inner pages of PDF volumes carry a broken text layer (mojibake.ts). */
  brokenTextLayer: boolean;
  /** An ИУЛ is written for every volume. */
  withIul: boolean;
  /** Changes to what the ИУЛ state, after the volumes are rendered. */
  iulHooks: ((entries: IulEntry[]) => void)[];
  /** A локальный сметный расчёт is written beside the volumes. */
  withEstimate: boolean;
  /** Changes to what the estimate states, before it is rendered. */
  estimateHooks: ((e: EstimateEntry) => void)[];
  /** Documents already chosen as targets, so two defects of a set rarely pile on one place. */
  used: Set<string>;
}

export function modelOf(b: SetBuild, code: string): DocModel {
  const m = b.models.find((x) => x.code === code);
  if (!m) throw new Error(`no document model ${code}`);
  return m;
}

/** Picks a target document among candidates present in the set, preferring ones no other defect uses. */
export function pickTarget(b: SetBuild, rng: Rng, candidates: readonly string[], format?: FileFormat): DocPlan {
  const present = b.plans.filter((p) => candidates.includes(p.code));
  if (present.length === 0) throw new Error(`no candidate document among ${candidates.join(', ')}`);
  const fresh = present.filter((p) => !b.used.has(p.code));
  const plan = rng.pick(fresh.length ? fresh : present);
  b.used.add(plan.code);
  if (format && plan.format !== format) {
    plan.format = format;
    plan.fileName = plan.fileName.replace(/\.(pdf|docx)$/, `.${format}`);
  }
  return plan;
}

/** Changes one digit of a cipher base so it stays plausible but differs. */
export function alterBase(base: string, rng: Rng): string {
  const digits = [...base].map((c, i) => (/\d/.test(c) ? i : -1)).filter((i) => i >= 0);
  const i = rng.pick(digits.slice(-4));
  const d = Number(base[i]);
  const nd = (d + rng.int(1, 8)) % 10;
  return base.slice(0, i) + String(nd) + base.slice(i + 1);
}

/** The XML note's file name: the ПЗ volume's with .xml, or the set's cipher when there is no ПЗ volume. */
export function xmlNoteName(b: SetBuild): string {
  const pz = b.plans.find((p) => p.code === 'ПЗ');
  return pz ? pz.fileName.replace(/\.(pdf|docx)$/, '.xml') : `${b.set.cipherBase}-ПЗ.xml`;
}

/**
 * Dates the whole set to a year back: title pages, the XML note and the ГПЗУ's number and date carry that year; the ТУ
 * were issued the year before, as none may be dated after the note that cites them. Called before or after the plans.
 */
export function dateSetBack(b: SetBuild, year: number): void {
  b.set.year = year;
  b.set.gpzu = b.set.gpzu.replace(/-\d{4}-(\d{4})$/, `-${year - 1}-$1`);
  b.set.gpzuDate = b.set.gpzuDate.replace(/\d{4}$/, String(year - 1));
  const earlier = (tu: TuRef) => {
    tu.date = tu.date.replace(/\d{4}$/, String(year - 1));
  };
  Object.values(b.set.tu).forEach(earlier);
  // volumes were planned with a copy of the set's facts: they state the same ГПЗУ and ТУ (a ТУ changed by another defect keeps its change)
  for (const p of b.plans) {
    Object.assign(p.facts, { gpzu: b.set.gpzu, gpzuDate: b.set.gpzuDate });
    Object.values(p.facts.tu).forEach(earlier);
  }
}
