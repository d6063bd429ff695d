import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { context, docFacts } from '../../../test/review/facts-builder.ts';
import { validateMinstroyXml, type SchemaCheck } from '../extract/xml-schema.ts';
import type { Violation } from '../extract/xml-schema-messages.ts';
import { xmlSchemaViolation } from './xml-schema.ts';

const FIXTURES = fileURLToPath(new URL('../../../test/fixtures/xsd/', import.meta.url));

const withSchema = (schema: SchemaCheck, role: 'review' | 'context' = 'review') => {
  const d = docFacts(1, '24-017-ПЗ.xml', 'ПЗ', ['Пояснительная записка (XML)'], { format: 'xml', role });
  d.schema = schema;
  return d;
};

test('each violation is a finding naming the element, the schema version and what to do', async () => {
  const xml =
    '<ExplanatoryNote SchemaVersion="01.07"><ExplanatoryNoteNumber>24-017-ПЗ</ExplanatoryNoteNumber><ExplanatoryNoteYear>2025</ExplanatoryNoteYear><IssueAuthor><Organization><OrgFullName>ООО «Проект»</OrgFullName><OrgOGRN>1027700123456</OrgOGRN></Organization></IssueAuthor></ExplanatoryNote>';
  const schema = await validateMinstroyXml(xml, 'ExplanatoryNote', FIXTURES);
  const { findings = [] } = xmlSchemaViolation.run(context([withSchema(schema)]));
  assert.equal(findings.length, 1);
  const [f] = findings;
  assert.equal(f?.importance, 'critical');
  assert.match(
    f!.essence,
    /XML пояснительной записки не соответствует XML-схеме 01\.07: элемент ExplanatoryNote\/IssueAuthor\/Organization\/OrgOGRN \(строка 1\)/,
  );
  assert.match(f!.evidence, /схема ожидает элемент OrgINN.*не принимается на экспертизу/);
  assert.equal(f?.norm, 'XML-схема пояснительной записки Минстроя России, версия 01.07');
});

test('a document not validated, a valid one and a context document give no finding', () => {
  const base: SchemaCheck = { document: 'ExplanatoryNote', version: '01.05', validated: true, violations: [], uncheckedAssertions: [] };
  const v: Violation = { path: 'ExplanatoryNote/Foo', line: 3, kind: 'unexpected_element', importance: 'critical', text: 'элемент не предусмотрен схемой' };
  assert.equal(xmlSchemaViolation.run(context([withSchema(base)])).findings?.length, 0);
  assert.equal(xmlSchemaViolation.run(context([withSchema({ ...base, validated: false, reason: 'нет схемы', violations: [v] })])).findings?.length, 0);
  assert.equal(xmlSchemaViolation.run(context([withSchema({ ...base, violations: [v] }, 'context')])).findings?.length, 0);
});

test('a badly broken document: twenty violations one by one, the rest in one more finding', () => {
  const violations: Violation[] = Array.from({ length: 45 }, (_, i) => ({
    path: `ExplanatoryNote/X[${i + 1}]`,
    line: i + 2,
    kind: 'value',
    importance: 'significant',
    text: 'значение не соответствует формату',
  }));
  const schema: SchemaCheck = { document: 'DesignAssignment', version: '01.01', validated: true, violations, uncheckedAssertions: [] };
  const findings = xmlSchemaViolation.run(context([withSchema(schema)])).findings ?? [];
  assert.equal(findings.length, 21);
  assert.match(findings[20]!.essence, /XML задания на проектирование содержит ещё 25 нарушений XML-схемы 01\.01/);
  assert.equal(findings[20]!.importance, 'significant');
});
