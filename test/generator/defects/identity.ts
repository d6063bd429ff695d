/** identity.other_object: a volume of another object bound into the set — its address, name and cipher on every sheet. */
import { alterBase } from '../set-build.ts';
import type { DefectImpl } from './impl.ts';
import { target } from './consistency.ts';

const TOWNS = ['Торжок', 'Ржев', 'Кимры', 'Бежецк', 'Вышний Волочек'];
const STREETS = ['Школьная', 'Заречная', 'Первомайская', 'Комсомольская'];
const NAMES = ['Здание общеобразовательной школы на 550 мест', 'Детский сад на 220 мест', 'Административное здание с гаражом'];

export const otherObject: DefectImpl = {
  variants: 3,
  afterPlans(b, d, v, rng) {
    const plan = target(b, rng, d, ['АР', 'КР', 'ИОС1', 'ПОС', 'ООС', 'ПБ'], v);
    const a = plan.facts.address;
    // another town, street and house: the title page, the title blocks and the text all describe the other object
    plan.facts.address = {
      ...a,
      federalCity: false,
      city: rng.pick(TOWNS.filter((t) => t !== a.city)),
      street: rng.pick(STREETS.filter((s) => s !== a.street)),
      house: String(rng.int(1, 40)),
      building: null,
    };
    plan.facts.objectName = NAMES[v % NAMES.length]!;
    const intended = plan.cipher;
    const suffix = intended.slice(plan.facts.cipherBase.length);
    plan.cipher = alterBase(plan.facts.cipherBase, rng) + suffix;
    b.planted.push({
      kind: 'identity.other_object',
      docName: plan.fileName,
      page: null,
      importance: 'critical',
      detail: `том другого объекта: «${plan.facts.objectName}», г. ${plan.facts.address.city}, шифр ${plan.cipher} вместо ${intended}`,
    });
  },
};
