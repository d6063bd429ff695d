import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findGpzuCitations, parseRuDate, ruDateParts } from './gpzu-citation.ts';

test('a ГПЗУ cited with its number and date, by abbreviation or in full', () => {
  const a = findGpzuCitations('разработана на основании ГПЗУ № РФ-77-4-53-3-05-2021-0123 от 12.03.2021, задания на проектирование', 2);
  assert.deepEqual(
    a.map((c) => [c.number, c.date, c.docPage]),
    [['РФ-77-4-53-3-05-2021-0123', '2021-03-12', 2]],
  );
  const b = findGpzuCitations('Градостроительный план земельного участка № RU66302000-1234 от 5 апреля 2019 г.', 1);
  assert.deepEqual(
    b.map((c) => [c.number, c.date]),
    [['RU66302000-1234', '2019-04-05']],
  );
  const c = findGpzuCitations('градостроительного плана земельного участка от 01.02.2020', 3);
  assert.deepEqual(
    c.map((x) => [x.number, x.date]),
    [[null, '2020-02-01']],
  );
});

test('a ГПЗУ named without a date gives no citation; dates are checked', () => {
  assert.deepEqual(findGpzuCitations('ГПЗУ № РФ-66-3-02-0-00-2024-1234.', 1), []);
  assert.equal(parseRuDate('31.02.2021'.replace('31', '40')), null);
  assert.equal(parseRuDate('12.03.21'), '2021-03-12');
});

test('a two-digit year above 50 is of the last century: «04.05.99» is 1999, «12.03.21» is 2021', () => {
  assert.deepEqual(ruDateParts('04.05.99'), { day: 4, month: 5, year: 1999 });
  assert.deepEqual(ruDateParts('12.03.21'), { day: 12, month: 3, year: 2021 });
});
