/** references.missing_target: a reference to a sheet or a volume that the set does not have. */
import type { Block } from '../model.ts';
import { taggedPages } from '../build-doc.ts';
import { modelOf, pickTarget } from '../set-build.ts';
import type { DefectImpl } from './impl.ts';
import { OPTIONAL_CODES } from '../sections.ts';

const TARGETS = ['КР', 'КР1', 'АР', 'ПОС', 'ИОС1', 'ПЗ', 'ПБ', 'ПЗУ'];

export const missingTarget: DefectImpl = {
  variants: 8,
  afterPlans(b, d, v, rng) {
    const rotated = [...TARGETS.slice(v % TARGETS.length), ...TARGETS.slice(0, v % TARGETS.length)];
    const plan = pickTarget(b, rng, rotated.slice(0, 3), d.format);
    const base = plan.facts.cipherBase;
    const tag = `planted:ref:${b.planted.length}:${v}`;
    const k = rng.int(3, 9);
    let text: string;
    let detail: string;
    switch (v % 8) {
      case 0:
        text = `Узлы сопряжения перекрытий со стенами — см. лист {{sheets+${k}}}.`;
        detail = 'ссылка на лист за пределами документа';
        break;
      case 1: {
        const code = ['КР2', 'АР2', 'ПЗУ2'].find((c) => !b.plans.some((x) => x.code === c)) as string;
        text = `Армирование участков стен в местах проемов выполнить по ${base}-${code}.`;
        detail = `ссылка на несуществующий том ${base}-${code}`;
        break;
      }
      case 2: {
        const absent = OPTIONAL_CODES.find((c) => !b.codes.has(c)) ?? 'ИОС6';
        // or by its number alone: a volume number none of the set's volumes has
        const numbers = b.plans.map((p) => Number.parseInt(p.volume, 10)).filter(Number.isFinite);
        const absentVolume = `${Math.max(0, ...numbers) + rng.int(2, 4)}`;
        const byNumber = rng.chance(1 / 3);
        text = byNumber
          ? rng.pick([`Решения по прокладке инженерных сетей см. том ${absentVolume}.`, `Трассировка сетей приведена в томе ${absentVolume}.`])
          : rng.pick([`Решения по прокладке инженерных сетей приведены в томе ${base}-${absent}.`, `Трассировка сетей — см. ${base}-${absent}.`]);
        detail = byNumber ? `ссылка на отсутствующий том ${absentVolume}` : `ссылка на отсутствующий том ${base}-${absent}`;
        break;
      }
      case 3: {
        const other = b.plans.find((p) => p.code !== plan.code && (p.code === 'АР' || p.code === 'КР' || p.code === 'ПЗУ'));
        text = other
          ? `Привязка здания к осям — см. ${other.cipher}, лист {{xsheets:${other.code}+${k}}}.`
          : `Привязка здания к осям — см. лист {{sheets+${k}}}.`;
        detail = other ? `ссылка на несуществующий лист тома ${other.cipher}` : 'ссылка на лист за пределами документа';
        break;
      }
      case 4:
        text = `Спецификация элементов приведена на листе {{sheets+${k}}} графической части.`;
        detail = 'ссылка на лист за пределами документа';
        break;
      case 5:
        text = `Ведомость отделки помещений (лист {{sheets+${k}}}) выполнена в соответствии с заданием.`;
        detail = 'ссылка на лист за пределами документа';
        break;
      case 6:
        text = `Узел примыкания кровли к парапету — см. л. {{sheets+${k}}}.`;
        detail = 'ссылка на лист за пределами документа (сокращение «л.»)';
        break;
      default:
        text = `Разрезы по зданию приведены на листах {{sheets+${k}}}–{{sheets+${k + 2}}}.`;
        detail = 'ссылка на диапазон листов за пределами документа';
    }
    const block: Block = { t: 'p', text, tags: [tag] };
    b.contentHooks.push({
      code: plan.code,
      mutate: (c) => {
        const at = rng.int(Math.min(2, c.text.length), c.text.length);
        c.text.splice(at, 0, block);
      },
    });
    b.modelHooks.push(() => {
      const page = taggedPages(modelOf(b, plan.code), tag)[0];
      if (page === undefined) throw new Error('planted reference lost');
      b.planted.push({ kind: 'references.missing_target', docName: plan.fileName, page, detail });
    });
  },
};
