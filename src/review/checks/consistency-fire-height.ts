import { sameValue } from '../facts/values.ts';
import { soleValueCheck } from './sole-value-check.ts';

/** C-05: the пожарно-техническая высота is the same in АР, ПБ and ПЗ (it decides the fire-safety requirements). */
export const fireHeightConsistency = soleValueCheck({
  id: 'consistency.fire_height',
  kind: 'fire_height',
  title: 'Пожарно-техническая высота здания совпадает в АР, ПБ и ПЗ',
  same: sameValue,
  action:
    'Уточнить пожарно-техническую высоту (СП 1.13130.2020, п. 3.1) по разрезам АР и привести её к единому значению в ПЗ, АР и ПБ; проверить зависящие от неё требования (тип лестничных клеток, противодымная защита, проезды).',
});
