import { traitCheck } from './trait-consistency.ts';

/**
 * The code of the object's functional purpose: the design assignment sets it, the XML explanatory note (FunctionsClass,
 * required by its schema) and any volume stating it must give the same code, or the group it belongs to.
 */
export const functionsClassConsistency = traitCheck({
  id: 'consistency.functions_class',
  title: 'Код функционального назначения объекта совпадает в задании на проектирование, XML ПЗ и томах',
  kinds: ['functions_class'],
  xml: ['FunctionsClass'],
  assignmentStates: true,
  action: 'Уточнить {name} по классификатору и указать один код в задании на проектирование, в элементе FunctionsClass XML пояснительной записки и в томах.',
  norm: 'Классификатор объектов капитального строительства по их назначению и функционально-технологическим особенностям (приказ Минстроя России от 10.07.2020 № 374/пр); XML-схемы пояснительной записки и задания на проектирование (элемент FunctionsClass)',
});
