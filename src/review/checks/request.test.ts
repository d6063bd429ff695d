import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts } from '../../../test/review/facts-builder.ts';
import { requestedSections, unanswerableRequest } from './request.ts';

test('sections are recognised in a task by code and by words', () => {
  assert.deepEqual(requestedSections('Проверьте КР и систему отопления').sort(), ['ИОС4', 'КР']);
  assert.deepEqual(requestedSections('замечания по разделу ЭОМ'), ['ИОС1']);
  assert.deepEqual(requestedSections('проверить всё'), []);
});

test('asking for an absent section or source document gives questions, not findings', () => {
  const docs = [docFacts(1, 'ar.pdf', 'АР', ['Раздел 3'])];
  const out = unanswerableRequest.run(context(docs, { userRequest: 'Проверьте конструктивные решения и соответствие ГПЗУ' }));
  assert.deepEqual(out.findings, []);
  assert.equal(out.questions!.length, 2);
  assert.match(out.questions![0]!.text, /раздел КР/);
  assert.match(out.questions![1]!.text, /ГПЗУ/);
});

test('a task about sections that are present asks nothing and notes the focus', () => {
  const docs = [docFacts(1, 'kr.pdf', 'КР', ['Раздел 4']), docFacts(2, 'gpzu.pdf', null, ['Градостроительный план земельного участка'], { role: 'context' })];
  const out = unanswerableRequest.run(context(docs, { userRequest: 'Проверьте КР на соответствие ГПЗУ' }));
  assert.deepEqual(out.questions, []);
  assert.equal(out.warnings![0]!.code, 'request_focus');
  assert.deepEqual(unanswerableRequest.run(context(docs, { userRequest: null })), {});
});

test('a volume that cites the source document does not stand in for it', () => {
  const docs = [docFacts(1, 'pz.pdf', 'ПЗ', ['Раздел 1. Пояснительная записка\nОснование: задание на проектирование, ГПЗУ № РФ-66-3-02-0-00-2024-1234'])];
  const out = unanswerableRequest.run(context(docs, { userRequest: 'Сверьте проект с заданием на проектирование и ГПЗУ' }));
  assert.deepEqual(
    out.questions!.map((q) => q.section),
    ['ОБЩ', 'ОБЩ'],
  );
  assert.match(out.questions![0]!.text, /ГПЗУ/);
  assert.match(out.questions![1]!.text, /задание на проектирование/);
  // the assignment itself, attached as context, answers the second
  const withTask = [...docs, docFacts(2, 'Задание на проектирование.pdf', null, ['ЗАДАНИЕ НА ПРОЕКТИРОВАНИЕ'], { role: 'context' })];
  assert.deepEqual(unanswerableRequest.run(context(withTask, { userRequest: 'Сверьте проект с заданием на проектирование' })).questions, []);
});
