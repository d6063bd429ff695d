import { figureCheck } from './consistency-values.ts';

/** C-05: the пожарно-техническая высота is the same in АР, ПБ and ПЗ (it decides the fire-safety requirements). */
export const fireHeightConsistency = figureCheck('consistency.fire_height', 'Пожарно-техническая высота здания совпадает в АР, ПБ и ПЗ');
