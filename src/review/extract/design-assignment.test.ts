import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assignmentSummary, isDesignAssignment, parseDesignAssignment } from './design-assignment.ts';
import { xmlRoot } from './xml-note.ts';
import { SAMPLE_ASSIGNMENT } from '../../../test/review/samples.ts';

test('a design assignment is told by its root, schema or document type', () => {
  assert.equal(isDesignAssignment(SAMPLE_ASSIGNMENT, xmlRoot(SAMPLE_ASSIGNMENT)), true);
  assert.equal(isDesignAssignment('<DesignAssignment/>', 'DesignAssignment'), true);
  assert.equal(isDesignAssignment('<Document TypeCode="05.01"/>', 'Document'), false);
  assert.equal(isDesignAssignment('<ExplanatoryNote/>', 'ExplanatoryNote'), false);
});

test('indicators keep their bound; the ОКЕИ code becomes a unit and never stands as a number', () => {
  const f = parseDesignAssignment(SAMPLE_ASSIGNMENT)!;
  assert.equal(f.objectName, 'Школа на 1100 мест');
  assert.deepEqual(
    f.indicators.map((i) => [i.name, i.measure, i.value]),
    [
      ['Этажность', '796', 'не более 4 этажей без учёта технического подполья'],
      ['Общая площадь объекта', '055', 'не более 13000'],
      ['Здание школы', '902', '1100'],
    ],
  );
  const text = assignmentSummary(f);
  assert.match(text, /^Задание на проектирование \(XML/);
  assert.match(text, /Общая площадь объекта: не более 13000 м²/);
  assert.match(text, /Этажность: не более 4 этажей без учёта/);
  assert.doesNotMatch(text, /055|796/);
  assert.match(text, /Климатический район: IIВ/);
  assert.match(text, /Категория по пожарной и взрывопожарной опасности: В/);
  assert.match(text, /класс энергоэффективности здания – В/);
});
