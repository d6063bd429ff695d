import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts } from '../../../test/review/facts-builder.ts';
import { nonexistentNorms } from './nonexistent-norms.ts';
import { supersededNorms } from './superseded-norms.ts';

test('a hybrid designation is reported once per document with its pages, the quote and what was probably meant', () => {
  const d = docFacts(1, 'pz.pdf', 'ПЗ', ['Документация выполнена по ГОСТ Р 21.101-2013', 'текст', 'Оформление — ГОСТ Р 21.101-2013 «СПДС»']);
  const f = nonexistentNorms.run(context([d])).findings!;
  assert.equal(f.length, 1);
  const x = f[0]!;
  assert.equal(x.checkId, 'norms.nonexistent');
  assert.equal(x.theme, 'norms');
  assert.equal(x.importance, 'significant');
  assert.deepEqual(
    x.places.map((p) => p.page),
    [1, 3],
  );
  assert.match(x.essence, /несуществующее обозначение.*ГОСТ Р 21\.101-2013/);
  assert.match(x.essence, /ГОСТ Р 21\.1101-2013 или ГОСТ Р 21\.101-2020/);
  assert.match(x.evidence, /«pz\.pdf».*указано: .*ГОСТ Р 21\.101-2013/);
  assert.match(x.action, /Проверить обозначение/);
  assert.equal(x.norm, 'ГОСТ Р 21.1101-2013 или ГОСТ Р 21.101-2020');
});

test('lost digits and a СП number under ГОСТ name the norm probably meant', () => {
  const d = docFacts(1, 'eom.pdf', 'ИОС1', [
    'Электроустановки по СП 26.1325800.2016, климат по СП 131.1330.2020',
    'Кладка по ГОСТ 70.13330.2012',
    'АПС по СП 484.131500.2020',
  ]);
  const f = nonexistentNorms.run(context([d])).findings!;
  const meant = Object.fromEntries(f.map((x) => [`${x.places[0]!.page}:${/обозначение нормативного документа (\S+ [^\s:]+)/.exec(x.essence)![1]}`, x.norm]));
  assert.deepEqual(meant, {
    '1:СП 26.1325800.2016': 'СП 256.1325800.2016',
    '1:СП 131.1330.2020': 'СП 131.13330.2020',
    '2:ГОСТ 70.13330.2012': 'СП 70.13330.2012',
    '3:СП 484.131500.2020': 'СП 484.1311500.2020',
  });
  assert.ok(f.every((x) => x.importance === 'significant'));
});

test('an edition year the sources disagree on is a minor request to confirm, never an assertion', () => {
  const d = docFacts(1, 'kr.pdf', 'КР', ['Бетон по СП 63.13330.2025', 'Антитеррористическая защищенность — СП 132.13330.2020']);
  const f = nonexistentNorms.run(context([d])).findings!;
  assert.equal(f.length, 2);
  for (const x of f) {
    assert.equal(x.importance, 'minor');
    assert.match(x.essence, /^Требуется подтвердить обозначение/);
    assert.doesNotMatch(x.essence + x.evidence, /несуществующ|нет \(реестр/);
    assert.match(x.action, /protect\.gost\.ru/);
  }
  // after the last edition the registry lists, a newer one may exist
  assert.match(f.find((x) => x.essence.includes('СП 63.13330.2025'))!.essence, /возможно, имелся в виду СП 63\.13330\.2018/);
  const sp132 = f.find((x) => x.essence.includes('СП 132.13330.2020'))!;
  assert.doesNotMatch(sp132.essence, /имелся в виду/);
  assert.equal(sp132.norm, undefined);
});

test('an edition year between the editions a series had is stated to name no norm, with the edition meant', () => {
  const d = docFacts(1, 'kr.pdf', 'КР', ['Кладка по СП 15.13330.2019', 'Планировка по СП 42.13330.2019']);
  const f = nonexistentNorms.run(context([d])).findings!;
  assert.equal(f.length, 2);
  for (const x of f) assert.equal(x.importance, 'significant');
  const sp15 = f.find((x) => x.essence.includes('СП 15.13330.2019'))!;
  assert.match(sp15.essence, /редакции 2019 года у СП 15\.13330 нет: изданы редакции 2010, 2012, 2020 годов; вероятно, имелся в виду СП 15\.13330\.2020/);
  assert.equal(sp15.norm, 'СП 15.13330.2020');
  assert.equal(f.find((x) => x.essence.includes('СП 42.13330.2019'))!.norm, 'СП 42.13330.2016');
});

test('real norms, a «Р» left out and superseded editions are not reported by this check, and the two checks do not overlap', () => {
  const d = docFacts(1, 'pz.pdf', 'ПЗ', [
    'ГОСТ Р 21.101-2020, ГОСТ Р 21.1101-2013, ГОСТ 21.101-2020, СП 256.1325800.2016, СП 131.13330.2020, СП 484.1311500.2020, СП 70.13330.2012',
    'ГОСТ Р ИСО 2507-1-2015, СО 153-34.21.122-2003, СП 15.13330.2020, СП 50.13330.2012',
  ]);
  assert.deepEqual(nonexistentNorms.run(context([d])).findings, []);
  const stale = supersededNorms.run(context([d])).findings!.map((x) => x.essence);
  assert.ok(stale.some((e) => e.includes('ГОСТ Р 21.1101-2013')));
  assert.ok(stale.some((e) => e.includes('СП 50.13330.2012')));
  const wrong = docFacts(2, 'ar.pdf', 'АР', ['ГОСТ Р 21.101-2013 и СП 15.13330.2019']);
  assert.deepEqual(supersededNorms.run(context([wrong])).findings, []);
});

test('context documents get no findings', () => {
  const d = docFacts(1, 'old.pdf', 'ПЗ', ['ГОСТ Р 21.101-2013'], { role: 'context' });
  assert.deepEqual(nonexistentNorms.run(context([d])).findings, []);
});
