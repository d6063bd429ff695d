import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import test from 'node:test';
import { mirrorDir, readMirror, readPreface } from './prefaces.ts';
import { SOURCES_DIR } from './registry-build.ts';

const at = { commit: 'c'.repeat(40), file: 'metadata/x.json' };

test('a СП preface: the approving order, the date it came into force and the edition it revised', () => {
  const page = [
    'СП 38.13330.2018 СВОД ПРАВИЛ НАГРУЗКИ',
    'Предисловие 1 ИСПОЛНИТЕЛИ — институт 2 ВНЕСЕН Техническим комитетом ТК 465',
    '4 УТВЕРЖДЕН Приказом Министерства строительства от 16 августа 2018 г. № 531/пр и введен в действие с 17 февраля 2019 г.',
    '5 ЗАРЕГИСТРИРОВАН Росстандартом. Пересмотр СП 38.13330.2012 «СНиП 2.06.04—82* Нагрузки»',
    'Дата введения — 2019—02—17 1 Область применения',
  ].join('\n');
  const p = readPreface({ document_type: 'Свод правил', number: '38.13330.2018', full_name: 'Нагрузки' }, [page], at)!;
  assert.equal(p.designation, 'СП 38.13330.2018');
  assert.equal(p.approved, '2018-08-16');
  assert.equal(p.order, 'приказ от 16.08.2018 № 531/пр');
  assert.equal(p.inForce, '2019-02-17');
  assert.deepEqual(p.replaces, ['СП 38.13330.2012']);
  assert.equal(p.basis, 'пересмотр');
});

test('an interstate standard: the date it came into force in Russia; «взамен … в части» replaces nothing whole', () => {
  const page =
    'ГОСТ 27772—2021 Предисловие 4 Приказом Росстандарта межгосударственный стандарт ГОСТ 27772—2021 введен в действие в качестве национального стандарта Российской Федерации с 1 августа 2022 г. 5 ВЗАМЕН ГОСТ 27772—2015 Информация';
  const p = readPreface({ document_type: 'ГОСТ', number: '27772-2021' }, [page], at)!;
  assert.equal(p.inForce, '2022-08-01');
  assert.deepEqual(p.replaces, ['ГОСТ 27772-2015']);
  const partial = readPreface(
    { document_type: 'ГОСТ Р', number: '50571.1-2009' },
    ['ГОСТ Р 50571.1—2009 5 ВЗАМЕН ГОСТ Р 50571.1—93, ГОСТ Р 50571.2—94 в части пунктов 31 6 ПЕРЕИЗДАНИЕ'],
    at,
  )!;
  assert.deepEqual(partial.replaces, []);
});

test('a national standard the metadata files as ГОСТ is read as ГОСТ Р; laws in the «взамен» line are not norms replaced', () => {
  const page =
    'ГОСТР 21.101 — 2020 Предисловие 4 ВЗАМЕН ГОСТ Р 21.1101—2013 5 В настоящем стандарте реализованы нормы Федерального закона от 29 декабря 2004 г № 190-ФЗ';
  const p = readPreface({ document_type: 'ГОСТ', number: '21.101-2020' }, [page], at)!;
  assert.equal(p.designation, 'ГОСТ Р 21.101-2020');
  assert.deepEqual(p.replaces, ['ГОСТ Р 21.1101-2013']);
});

test('an amended text’s heading date is not taken for the date the norm came into force', () => {
  const page = 'СП 62.13330.2011* ГАЗОРАСПРЕДЕЛИТЕЛЬНЫЕ СИСТЕМЫ Актуализированная редакция СНиП 42-01-2002 С изменением № 1 Дата введения 2013-01-01';
  const p = readPreface({ document_type: 'Свод правил', number: '62.13330.2011' }, [page], at)!;
  assert.equal(p.inForce, null);
  assert.deepEqual(p.replaces, ['СНиП 42-01-2002']);
  assert.equal(p.basis, 'актуализированная редакция');
});

test('with the mirror present, the committed prefaces are what it gives (npm run norms:build)', { skip: !existsSync(mirrorDir('/work/.mirror')) }, () => {
  const fresh = readMirror(mirrorDir('/work/.mirror'))!;
  assert.equal(readFileSync(join(SOURCES_DIR, 'prefaces.json'), 'utf8'), `${JSON.stringify(fresh, null, 2)}\n`);
});
