// provisional: replaced by the generated requirements
import type { ContentRequirement } from '../content/types.ts';
import type { CompositionEdition } from '../set/types.ts';

export const CONTENT_SOURCES: Readonly<Record<string, { title: string }>> = {
  'pp87-2021': { title: 'ПП РФ № 87 (ред. 09.04.2021)' },
};

const src = { key: 'pp87-2021', where: 'п. 13' };
export const CONTENT_REQUIREMENTS: readonly ContentRequirement[] = [
  {
    id: '2021:13:а',
    edition: 'before_2022_09_01',
    objects: 'nonlinear',
    point: '13',
    letter: 'а',
    part: 'text',
    sections: ['АР'],
    requirement:
      'описание и обоснование внешнего и внутреннего вида объекта капитального строительства, его пространственной, планировочной и функциональной организации',
    terms: ['внешн внутрен вид', 'объемно-пространств решен', 'архитектурн решен'],
    source: src,
  },
  {
    id: '2021:13:б',
    edition: 'before_2022_09_01',
    objects: 'nonlinear',
    point: '13',
    letter: 'б',
    part: 'text',
    sections: ['АР'],
    requirement: 'обоснование принятых объемно-пространственных и архитектурно-художественных решений',
    terms: ['архитектурно-художеств решен'],
    source: src,
  },
  {
    id: '2021:13:д',
    edition: 'before_2022_09_01',
    objects: 'nonlinear',
    point: '13',
    letter: 'д',
    part: 'text',
    sections: ['АР'],
    requirement: 'описание решений по отделке помещений основного, вспомогательного, обслуживающего и технического назначения',
    terms: ['отделк помещен', 'внутрен отделк'],
    source: src,
  },
  {
    id: '2021:13:л',
    edition: 'before_2022_09_01',
    objects: 'nonlinear',
    point: '13',
    letter: 'л',
    part: 'graphic',
    sections: ['АР'],
    requirement: 'поэтажные планы зданий и сооружений с приведением экспликации помещений',
    terms: ['план этаж', 'план отметк', 'экспликац помещен'],
    source: src,
  },
  {
    id: '2021:13:к',
    edition: 'before_2022_09_01',
    objects: 'nonlinear',
    point: '13',
    letter: 'к',
    part: 'graphic',
    sections: ['АР'],
    requirement: 'отображение фасадов',
    terms: ['фасад'],
    source: src,
  },
  {
    id: '2021:13:в',
    edition: 'before_2022_09_01',
    objects: 'nonlinear',
    point: '13',
    letter: 'в',
    part: 'text',
    sections: ['АР'],
    requirement: 'описание и обоснование использованных композиционных приемов при оформлении фасадов',
    terms: ['композиц прием', 'оформлен фасад'],
    source: src,
  },
  {
    id: '2021:13:ж',
    edition: 'before_2022_09_01',
    objects: 'nonlinear',
    point: '13',
    letter: 'ж',
    part: 'text',
    sections: ['АР'],
    requirement: 'описание решений по светоограждению объекта',
    when: 'unknown',
    condition: 'для объектов, требующих светоограждения',
    terms: ['светоогражд'],
    source: src,
  },
];

export function requirementsFor(section: string, edition: CompositionEdition, objects: 'nonlinear' | 'linear'): ContentRequirement[] {
  return CONTENT_REQUIREMENTS.filter((r) => r.edition === edition && r.objects === objects && r.sections.includes(section));
}
