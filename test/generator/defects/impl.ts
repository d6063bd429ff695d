/** How a kind of defect is planted: it may change the section list before volumes are planned, then anything after. */
import type { Rng } from '../rng.ts';
import type { SetBuild } from '../set-build.ts';
import type { DefectSpec } from '../types.ts';

export interface DefectImpl {
  /** Number of distinct variants (phrasing, position, document) of the kind. */
  variants: number;
  beforePlans?(b: SetBuild, d: DefectSpec, variant: number, rng: Rng): void;
  afterPlans?(b: SetBuild, d: DefectSpec, variant: number, rng: Rng): void;
}
