import type { ValueFact } from '../facts/types.ts';
import { roundingStep } from '../facts/values.ts';
import { soleValueCheck } from './sole-value-check.ts';

/** Equal within the rounding of the coarser one: «145,6» and «145,60» agree, «145,60» and «145,65» do not. */
function sameElevation(a: ValueFact, b: ValueFact): boolean {
  return Math.abs(a.value - b.value) <= Math.max(roundingStep(a), roundingStep(b)) + 1e-6;
}

/** C-09: the absolute elevation taken as 0,000 is the same in АР, КР, ПЗУ and ПЗ. */
export const zeroElevationConsistency = soleValueCheck({
  id: 'consistency.zero_elevation',
  kind: 'zero_elevation',
  title: 'Абсолютная отметка, соответствующая относительной отметке 0,000, совпадает в АР, КР, ПЗУ и ПЗ',
  same: sameElevation,
  decimals: 2,
  action:
    'Уточнить абсолютную отметку, принятую за 0,000 (по плану организации рельефа ПЗУ), и привести её к единому значению в ПЗ, ПЗУ, АР и КР; проверить зависящие от неё отметки фундаментов, вводов и выпусков сетей.',
});
