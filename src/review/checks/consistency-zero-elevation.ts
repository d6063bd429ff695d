import { figureCheck } from './consistency-values.ts';

/** C-09: the absolute elevation taken as 0,000 is the same in АР, КР, ПЗУ and ПЗ. */
export const zeroElevationConsistency = figureCheck(
  'consistency.zero_elevation',
  'Абсолютная отметка, соответствующая относительной отметке 0,000, совпадает в АР, КР, ПЗУ и ПЗ',
);
