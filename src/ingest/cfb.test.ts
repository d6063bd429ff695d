import { test } from 'node:test';
import assert from 'node:assert/strict';
import { summaryPageCount } from './cfb.ts';

/** A SummaryInformation property set with the given (id, VT_I4 value) properties. */
function propertySet(props: [number, number][]): Buffer {
  const head = Buffer.alloc(48);
  head.writeUInt16LE(0xfffe, 0);
  head.writeUInt32LE(1, 24);
  head.writeUInt32LE(48, 44);
  const section = Buffer.alloc(8 + props.length * 16);
  section.writeUInt32LE(section.length, 0);
  section.writeUInt32LE(props.length, 4);
  props.forEach(([id, value], i) => {
    const valueAt = 8 + props.length * 8 + i * 8;
    section.writeUInt32LE(id, 8 + i * 8);
    section.writeUInt32LE(valueAt, 12 + i * 8);
    section.writeUInt32LE(3, valueAt);
    section.writeInt32LE(value, valueAt + 4);
  });
  return Buffer.concat([head, section]);
}

test('the page count property of a Word SummaryInformation stream is read; absent or broken gives null', () => {
  assert.equal(
    summaryPageCount(
      propertySet([
        [1, 1251],
        [14, 12],
      ]),
    ),
    12,
  );
  assert.equal(summaryPageCount(propertySet([[1, 1251]])), null);
  assert.equal(summaryPageCount(propertySet([[14, 0]])), null);
  assert.equal(summaryPageCount(Buffer.alloc(10)), null);
});
