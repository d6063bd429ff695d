import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts } from '../../../test/review/facts-builder.ts';
import { supersededNorms } from './superseded-norms.ts';

test('a superseded norm is reported once per document with its pages and the replacement', () => {
  const d = docFacts(1, 'kr.pdf', 'КР', ['Нагрузки по СНиП 2.01.07-85*', 'текст', 'см. также СНиП 2.01.07-85 и СП 63.13330.2012']);
  const f = supersededNorms.run(context([d])).findings!;
  assert.equal(f.length, 2);
  const snip = f.find((x) => x.essence.includes('СНиП 2.01.07-85*'))!;
  assert.deepEqual(snip.places.map((p) => p.page), [1, 3]);
  assert.match(snip.essence, /СП 20\.13330\.2016/);
  assert.equal(snip.importance, 'significant');
  assert.equal(snip.norm, 'СП 20.13330.2016');
});

test('a current СП with «Актуализированная редакция СНиП» in its title is not reported', () => {
  const d = docFacts(1, 'kr.pdf', 'КР', ['СП 20.13330.2016 «Нагрузки и воздействия. Актуализированная редакция СНиП 2.01.07-85*»', 'СП 24.13330.2021 Свайные фундаменты. СНиП 2.02.03-85']);
  assert.deepEqual(supersededNorms.run(context([d])).findings, []);
});

test('a СНиП listed next to the СП that replaced it («СП 63.13330.2012 и СНиП 2.03.01-84*») is reported', () => {
  const d = docFacts(1, 'kr.pdf', 'КР', ['Расчет выполнен по СП 63.13330.2018 и СНиП 2.03.01-84*.', 'Нагрузки: СП 20.13330.2016, СНиП 2.01.07-85*.']);
  assert.deepEqual(supersededNorms.run(context([d])).findings!.map((f) => f.essence.match(/СНиП \S+/)?.[0]), ['2.03.01-84*', '2.01.07-85*'].map((n) => `СНиП ${n}`));
});

test('context documents get no findings; unconfirmed registry entries are minor and say so', () => {
  const ctxDoc = docFacts(1, 'old.pdf', 'КР', ['СНиП 2.01.07-85*'], { role: 'context' });
  assert.deepEqual(supersededNorms.run(context([ctxDoc])).findings, []);
  const d = docFacts(2, 'ov.pdf', 'ИОС4', ['Отопление по СНиП 41-02-2003']);
  const [f] = supersededNorms.run(context([d])).findings!;
  assert.equal(f!.importance, 'minor');
  assert.match(f!.evidence, /не подтверждены/);
});

test('a norm replaced recently is not reported on a document dated before the change', () => {
  const d = docFacts(1, 'eom.pdf', 'ИОС1', ['Москва 2024 г.', 'Кабели по ГОСТ 26411-85']);
  assert.deepEqual(supersededNorms.run(context([d])).findings, []);
});

test('a СНиП listed right after its replacement in a list of norms is still a citation', () => {
  const d = docFacts(1, 'ar.pdf', 'АР', ['2\nСП 50.13330.2024 «Тепловая защита зданий»\n3\nСНиП 23-02-2003 «Тепловая защита зданий»']);
  assert.equal(supersededNorms.run(context([d])).findings!.length, 1);
});

test('the quote in the evidence stops before the title block and ends with one mark', () => {
  const page = { text: 'Работы вести с соблюдением СНиП 12-03-2001.\nИзм. Кол.уч. Лист №док. Подп. Дата\nРазраб. Смирнова' };
  const [f] = supersededNorms.run(context([docFacts(1, 'pos.pdf', 'ПОС', [page])])).findings!;
  assert.match(f!.evidence, /указано: Работы вести с соблюдением СНиП 12-03-2001\.… По реестру/);
  assert.doesNotMatch(f!.evidence, /Разраб|\.…\./);
});

test('the replacement is named in words that fit one document or several', () => {
  const [f] = supersededNorms.run(context([docFacts(1, 'pb.pdf', 'ПБ', ['Противопожарный режим — по ППБ 01-03.'])])).findings!;
  assert.equal(f!.essence, 'Ссылка на недействующий нормативный документ ППБ 01-03 «Правила пожарной безопасности в Российской Федерации»: он отменён, применять следует Правила противопожарного режима (ПП РФ от 16.09.2020 № 1479).');
});

test('a СНиП cited in the sentence after its replacement\'s closed title is a citation', () => {
  const d = docFacts(1, 'ov.pdf', 'ИОС4', ['Решения приняты по СП 50.13330.2024 «Тепловая защита зданий».\nРасчет выполнен в соответствии с требованиями СНиП\n23-02-2003 «Тепловая защита зданий».']);
  assert.equal(supersededNorms.run(context([d])).findings!.length, 1);
});
