import type { DocFacts } from '../facts/types.ts';
import type { SetModel } from '../set/types.ts';
import type { ContentCondition } from './types.ts';

/** Whether a condition holds for the object: true, false, or null when the set does not settle it; with the words that decided. */
export interface Settled {
  holds: boolean | null;
  why: string;
}

/** What the set says of the object that decides the conditions of content items, read once per run. */
export interface ObjectTraits {
  name: string | null;
  /** Functional fire-danger classes stated for the object itself (not for its parts). */
  fireClasses: string[];
  undergroundFloors: number | null;
  /** The XML note names a budget among its sources of financing (null without a note, or without FinanceSources). */
  budget: boolean | null;
  /** The set holds a section of works on demolition. */
  demolitionSection: boolean;
  /** The object's kind the XML note states, or null. */
  xmlKind: 'non_industrial' | 'industrial' | 'linear' | null;
}

export function objectTraits(docs: readonly DocFacts[], set: SetModel): ObjectTraits {
  const fireClasses = new Set<string>();
  let underground: number | null = null;
  for (const d of docs) {
    for (const t of d.traits) if (t.kind === 'functional_fire_class' && !t.secondary) fireClasses.add(t.value);
    for (const v of d.values) if (v.kind === 'underground_floors' && !v.weak) underground = Math.max(underground ?? 0, v.value);
  }
  const xml = docs.find((d) => d.xml)?.xml ?? null;
  const financing = xml?.financing ?? null;
  return {
    name: set.object?.name?.value ?? null,
    fireClasses: [...fireClasses],
    undergroundFloors: underground,
    budget: financing ? financing.budgetLevels.length > 0 : null,
    demolitionSection: set.documents.some((t) => t.type === 'pd_section' && t.code === 'ПОД'),
    xmlKind: xml?.objectKind ?? null,
  };
}

const REPAIR = /реконструкц|капитальн\S*\s+ремонт/iu;
const NEW_WORK = /(?:^|[\s«"])(?:строительств|размещени|возведени)/iu;

/** A condition settled by the object's name, fire classes, underground floors, financing and sections. */
export function settle(condition: ContentCondition, o: ObjectTraits): Settled {
  const named = o.name ? `«${o.name.slice(0, 120)}»` : null;
  const classes = o.fireClasses.join(', ');
  switch (condition) {
    case 'reconstruction_or_repair':
    case 'new_construction': {
      if (!named) return { holds: null, why: 'наименование объекта не установлено' };
      const repair = REPAIR.test(o.name!);
      const work = repair ? 'реконструкция или капитальный ремонт' : NEW_WORK.test(o.name!) ? 'новое строительство' : null;
      if (!work) return { holds: null, why: `вид работ из наименования ${named} не ясен` };
      return { holds: condition === 'reconstruction_or_repair' ? repair : !repair, why: `${work} по наименованию ${named}` };
    }
    case 'production':
    case 'nonproduction': {
      if (o.xmlKind === 'industrial' || o.xmlKind === 'non_industrial') {
        const production = o.xmlKind === 'industrial';
        return {
          holds: condition === 'production' ? production : !production,
          why: `вид объекта в XML-записке: ${production ? 'производственный' : 'непроизводственный'}`,
        };
      }
      if (!o.fireClasses.length) return { holds: null, why: 'класс функциональной пожарной опасности объекта не указан' };
      const production = o.fireClasses.some((c) => c.startsWith('Ф5'));
      const nonproduction = o.fireClasses.some((c) => !c.startsWith('Ф5'));
      if (production && nonproduction) return { holds: null, why: `классы ${classes}: объект и производственный, и нет` };
      return { holds: condition === 'production' ? production : nonproduction, why: `класс функциональной пожарной опасности ${classes}` };
    }
    case 'residential': {
      if (o.fireClasses.some((c) => c === 'Ф1.3' || c === 'Ф1.4')) return { holds: true, why: `класс ${classes}` };
      if (named && /жил\S*\s+(?:дом|здани|комплекс)/iu.test(o.name!)) return { holds: true, why: `наименование ${named}` };
      if (o.fireClasses.length) return { holds: false, why: `класс функциональной пожарной опасности ${classes} — не жилое здание` };
      return { holds: null, why: 'назначение объекта не установлено' };
    }
    case 'underground':
      if (o.undergroundFloors === null) return { holds: null, why: 'число подземных этажей не указано' };
      return { holds: o.undergroundFloors > 0, why: `подземных этажей: ${o.undergroundFloors}` };
    case 'budget_funded':
      if (o.budget === null) return { holds: null, why: 'источник финансирования не указан в XML-записке' };
      return { holds: o.budget, why: o.budget ? 'финансирование из бюджета (XML-записка)' : 'бюджет не назван среди источников финансирования (XML-записка)' };
    case 'demolition':
      if (o.demolitionSection) return { holds: true, why: 'в комплекте есть раздел ПОД' };
      if (named && /снос|демонтаж/iu.test(o.name!)) return { holds: true, why: `наименование ${named}` };
      return { holds: null, why: 'снос или демонтаж в комплекте не установлен' };
    case 'unknown':
      return { holds: null, why: 'условие по комплекту не устанавливается' };
  }
}
