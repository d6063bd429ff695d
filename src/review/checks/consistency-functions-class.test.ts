import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts } from '../../../test/review/facts-builder.ts';
import { assignmentSummary, parseDesignAssignment } from '../extract/design-assignment.ts';
import { parseExplanatoryNote } from '../extract/xml-note.ts';
import { SAMPLE_ASSIGNMENT } from '../../../test/review/samples.ts';
import { functionsClassConsistency } from './consistency-functions-class.ts';

const run = (docs: Parameters<typeof context>[0]) => functionsClassConsistency.run(context(docs)).findings!;
const note = (code: string) =>
  parseExplanatoryNote(
    `<ExplanatoryNote SchemaVersion="01.05"><NonIndustrialObject><Name>Школа</Name><Functions><FunctionsClass>${code}</FunctionsClass></Functions></NonIndustrialObject></ExplanatoryNote>`,
  )!;
// the sample assignment sets 02.03.002.003
const assignment = () => docFacts(2, 'ТЗ.xml', null, [assignmentSummary(parseDesignAssignment(SAMPLE_ASSIGNMENT)!)], { role: 'context', format: 'xml' });
const xml = (code: string) => docFacts(1, 'Раздел ПД1-ПЗ.xml', 'ПЗ', ['Пояснительная записка (XML)'], { format: 'xml' }, note(code));

test("the XML note's code of functional purpose against the assignment's: another object's code is reported on the note", () => {
  const docs = [xml('02.03.002.002'), assignment()];
  const f = run(docs);
  assert.equal(f.length, 1);
  assert.equal(f[0]!.about, docs[0]);
  assert.match(f[0]!.essence, /код функционального назначения/);
  assert.match(f[0]!.evidence, /02\.03\.002\.002/);
  assert.match(f[0]!.evidence, /02\.03\.002\.003/);
  assert.match(f[0]!.norm ?? '', /374\/пр/);
});

test('the same code, or the group the code belongs to, agrees', () => {
  assert.deepEqual(run([xml('02.03.002.003'), assignment()]), []);
  assert.deepEqual(run([xml('02.03.002'), assignment()]), []);
  // another group is not the object's
  assert.equal(run([xml('02.03.001'), assignment()]).length, 1);
});

test('a volume stating the code in words is compared; a code not written as a code is not read', () => {
  const pz = docFacts(3, 'pz.pdf', 'ПЗ', ['Код функционального назначения объекта по классификатору — 02.03.002.001.']);
  const f = run([xml('02.03.002.003'), assignment(), pz]);
  assert.equal(f.length, 1);
  assert.equal(f[0]!.about, pz);
  assert.deepEqual(run([xml('общеобразовательная школа'), assignment()]), []);
});
