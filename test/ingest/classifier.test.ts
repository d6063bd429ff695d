import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { guessKind } from '../../src/ingest/classify.ts';
import { scoreClassifier, type LabelledName } from '../../src/ingest/classifier-score.ts';

const dataset = JSON.parse(readFileSync(new URL('../fixtures/ingest/classifier-dataset.json', import.meta.url), 'utf8')) as LabelledName[];

test('the labelled dataset is large enough and covers every section of the reference', () => {
  assert.ok(dataset.length >= 200);
  const kinds = new Set(dataset.map((d) => d.kind));
  for (const k of ['ПЗ', 'ПЗУ', 'АР', 'КР', 'ИОС1', 'ИОС2', 'ИОС3', 'ИОС4', 'ИОС5', 'ИОС6', 'ТХ', 'ПОС', 'ООС', 'ПБ', 'ТБЭ', 'ОДИ', 'СМ', 'ИД', null]) {
    assert.ok(kinds.has(k), `no example labelled ${k}`);
  }
});

test('accuracy and wrong-guess share on the whole dataset stay above the measured floors', () => {
  const s = scoreClassifier(dataset);
  assert.ok(s.accuracy >= 0.95, `accuracy ${s.accuracy}`);
  assert.ok(s.wrong <= 0.01, `wrong ${s.wrong}`);
});

for (const group of ['holdout', 'holdout2']) {
  test(`${group}: names written after the rules are mostly right, and rarely guessed wrong`, () => {
    const s = scoreClassifier(dataset.filter((d) => d.group === group));
    assert.ok(s.n >= 40);
    assert.ok(s.accuracy >= 0.85, `accuracy ${s.accuracy}`);
    assert.ok(s.wrong <= 0.05, `wrong ${s.wrong}`);
  });
}

test('cipher suffix, Latin look-alikes and noise tokens', () => {
  assert.equal(guessKind('пд/5.4. П-2025-04.266-ИОС4.2 Корр. 4.pdf'), 'ИОС4');
  assert.equal(guessKind('2345-12-KP.pdf'), 'КР');
  assert.equal(guessKind('С-005-20-ИОС41.pdf'), 'ИОС4');
  assert.equal(guessKind('пд/133-0820-ОК-1-ИОС7.1 Корр. 2.pdf'), 'ТХ');
});

test('edition-dependent numbers, working-drawing marks under РД and non-sections give null', () => {
  assert.equal(guessKind('Том 7.pdf'), null);
  assert.equal(guessKind('Раздел 10.pdf'), null);
  assert.equal(guessKind('2345-12-РД-КЖ1.pdf'), null);
  assert.equal(guessKind('2345-12-КЖ1.pdf'), 'КР');
  assert.equal(guessKind('Задание на проектирование.pdf'), null);
  assert.equal(guessKind('2345-12-ЭЭ.pdf'), null);
});

test('first-page text decides when the name says nothing, and a conflict with the name gives null', () => {
  const title = 'ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ\nРаздел 9. «Мероприятия по обеспечению пожарной безопасности»\nШифр 24-017-ПБ';
  assert.equal(guessKind('scan_0001.pdf', title), 'ПБ');
  assert.equal(guessKind('24-017-АР.pdf', title), null);
  assert.equal(guessKind('data.xml', '<?xml version="1.0"?><ExplanatoryNote SchemaVersion="01.07">'), 'ПЗ');
});
