import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RevisionNorms } from '../../kernel/result.ts';
import { namedNorms } from './norms.ts';

const norms: RevisionNorms = {
  cited: [
    { designation: 'СП 30.13330.2020', key: 'СП 30.13330', year: 2020, places: [{ page: 2 }] },
    { designation: 'СП 60.13330.2020', key: 'СП 60.13330', year: 2020, places: [{ page: 4 }] },
    { designation: 'ГОСТ Р 21.101-2020', key: 'ГОСТ Р 21.101', year: 2020, places: [{ page: 1 }] },
  ],
  dropped: [{ designation: 'СНИП 2.04.01-85', key: 'СНИП 2.04.01', year: 1985 }],
  replacements: [{ designation: 'ГОСТ 21.101-2020', key: 'ГОСТ 21.101', year: 2020 }],
};
const named = (answer: string) => namedNorms(answer, [{ label: 'АР', norms }]).map((n) => `${n.role} ${n.key} ${n.year} «${n.written}»`);

test('the norms an answer names, as written, old and new by what the answer says of them', () => {
  assert.deepEqual(named('Ссылка на СНиП 2.04.01-85* заменена на СП 30.13330.2020'), [
    'old СНИП 2.04.01 1985 «СНиП 2.04.01-85*»',
    'new СП 30.13330 2020 «СП 30.13330.2020»',
  ]);
  assert.deepEqual(named('Исправлено на ГОСТ 21.101-2020.'), ['new ГОСТ 21.101 2020 «ГОСТ 21.101-2020»']);
  assert.deepEqual(named('СП 60.13330.2016 исключён'), ['old СП 60.13330 2016 «СП 60.13330.2016»']);
  assert.deepEqual(named('Указан СП 60.13330.2020 вместо СП 60.13330.2016'), [
    'new СП 60.13330 2020 «СП 60.13330.2020»',
    'old СП 60.13330 2016 «СП 60.13330.2016»',
  ]);
  assert.deepEqual(named('Ссылки на СНиП 2.04.01 - 85 и СП 60. 13330.2016 удалены'), [
    'old СНИП 2.04.01 1985 «СНиП 2.04.01 - 85»',
    'old СП 60.13330 2016 «СП 60. 13330.2016»',
  ]);
  // Latin look-alikes in a Cyrillic word, and a designation the volumes do not know
  assert.deepEqual(named('Заменено на CП 30.13330.2020'), ['new СП 30.13330 2020 «CП 30.13330.2020»']);
  assert.deepEqual(named('Заменено на СП 131.13330.2020'), []);
  assert.deepEqual(named('См. ГОСТ Р 21.1101-2013'), [], 'a longer number is not the key inside it');
  assert.deepEqual(named('Исправлено'), []);
  assert.deepEqual(named('Ссылка на СНиП 2.04.01-85* заменена'), ['old СНИП 2.04.01 1985 «СНиП 2.04.01-85*»'], 'named, then said replaced');
});
