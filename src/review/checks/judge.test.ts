import { test } from 'node:test';
import assert from 'node:assert/strict';
import { docFacts } from '../../../test/review/facts-builder.ts';
import type { DocFacts } from '../facts/types.ts';
import { heldAgainst, judge, meetsBound, statementOf } from './judge.ts';

const near = (a: number, b: number) => Math.abs(a - b) <= 0.5;
const say = (doc: DocFacts, value: number, page = 1) => statementOf(doc, value, page, `значение ${value}`);

test('the odd one out against the rest, held against the first of the majority', () => {
  const [a, b, c] = [docFacts(1, 'pz.pdf', 'ПЗ', ['x']), docFacts(2, 'ar.pdf', 'АР', ['x']), docFacts(3, 'kr.pdf', 'КР', ['x'])];
  const v = judge([say(a, 10), say(b, 10.2), say(c, 12)], { same: near });
  assert.equal(v.length, 1);
  assert.equal(v[0]!.other.doc, c);
  assert.equal(v[0]!.ref.doc, a);
  assert.equal(v[0]!.majority, 2);
  assert.deepEqual(judge([say(a, 10), say(b, 10.4)], { same: near }), []);
});

test('a source document is the reference whatever the majority', () => {
  const [a, b, g] = [docFacts(1, 'pz.pdf', 'ПЗ', ['x']), docFacts(2, 'pzu.pdf', 'ПЗУ', ['x']), docFacts(3, 'gpzu.pdf', null, ['x'])];
  const v = judge([say(a, 2500), say(b, 2500), say(g, 2501)], { same: near, isSource: (d) => d === g });
  assert.deepEqual(
    v.map((x) => [x.other.doc.doc.index, x.ref.doc.doc.index]),
    [
      [1, 3],
      [2, 3],
    ],
  );
});

test('a tie goes to the ПЗ, and the XML note stands last', () => {
  const [pz, ar] = [docFacts(1, 'pz.pdf', 'ПЗ', ['x']), docFacts(2, 'ar.pdf', 'АР', ['x'])];
  assert.equal(judge([say(ar, 9), say(pz, 10)], { same: near })[0]!.other.doc, ar);
  const xml = docFacts(3, 'note.xml', null, ['x'], { format: 'xml', pdfPath: null });
  xml.xml = { indicators: [] } as unknown as DocFacts['xml'];
  xml.section = 'ПЗ';
  assert.equal(judge([say(xml, 9), say(ar, 10)], { same: near })[0]!.other.doc, xml);
});

test('agreement need not be transitive; one document in conflict twice is one verdict', () => {
  const [a, b, c] = [docFacts(1, 'pz.pdf', 'ПЗ', ['x']), docFacts(2, 'ar.pdf', 'АР', ['x']), docFacts(3, 'kr.pdf', 'КР', ['x'])];
  // 10 ~ 10,4 ~ 10,8: the 10,8 is agreed with by one of the rest
  assert.deepEqual(judge([say(a, 10), say(b, 10.4), say(c, 10.8)], { same: near }), []);
  const v = judge([say(a, 10), say(b, 10), say(c, 12, 1), say(c, 14, 5)], { same: near });
  assert.equal(v.length, 1);
  assert.deepEqual([v[0]!.other.place.page, ...v[0]!.more.map((m) => m.place.page)], [1, 5]);
});

test('held against a yardstick: every statement that does not meet it, whatever the majority', () => {
  const [a, b, c] = [docFacts(1, 'pz.pdf', 'ПЗ', ['x']), docFacts(2, 'ar.pdf', 'АР', ['x']), docFacts(3, 'kr.pdf', 'КР', ['x'])];
  const statements = [say(a, 5120), say(b, 5120), say(c, 4990)];
  // «не более 5 000»: the two agreeing documents break it, the one off the rest does not
  const over = heldAgainst(statements, 5000, (v, limit) => meetsBound('≤', { value: v }, limit, 0.5));
  assert.deepEqual(
    over.map((s) => s.doc),
    [a, b],
  );
  // «не менее 5 000»: only the lower one
  assert.deepEqual(
    heldAgainst(statements, 5000, (v, limit) => meetsBound('≥', { value: v }, limit, 0.5)).map((s) => s.doc),
    [c],
  );
});

test('a bound is met within its tolerance, and a range meets «не более» by its upper end', () => {
  assert.equal(meetsBound('≤', { value: 13_499 }, 13_000, 500), true);
  assert.equal(meetsBound('≤', { value: 13_501 }, 13_000, 500), false);
  assert.equal(meetsBound('≤', { value: 1, upTo: 3 }, 3, 0), true);
  assert.equal(meetsBound('≤', { value: 1, upTo: 4 }, 3, 0), false);
  assert.equal(meetsBound('≥', { value: 2_950 }, 3_000, 0.05), false);
});
