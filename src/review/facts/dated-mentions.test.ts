import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findDatedMentions } from './dated-mentions.ts';

const acts = (flat: string) => findDatedMentions(flat, 3).map((m) => [m.raw, m.year, m.act?.kind ?? null, m.act?.number ?? null]);

test('laws and decrees are read with their number, whichever side of the date it stands', () => {
  assert.deepEqual(
    acts(
      'Федеральный закон от 30.12.2009 № 384-ФЗ «Технический регламент о безопасности зданий и сооружений»; ФЗ № 123-ФЗ от 22.07.2008; Постановление Правительства Российской Федерации от 16 февраля 2008 г. № 87; ПП РФ № 1479 от 16.09.2020',
    ),
    [
      ['30.12.2009', 2009, 'ФЗ', '384'],
      ['22.07.2008', 2008, 'ФЗ', '123'],
      ['16 февраля 2008', 2008, 'ПП', '87'],
      ['16.09.2020', 2020, 'ПП', '1479'],
    ],
  );
});

test('other dated documents, typed years and revision dates are read without an act', () => {
  assert.deepEqual(acts('ТУ № 45-1234/24 от 12.03.0024; ГПЗУ, дата выдачи 05.06.2023; 123-ФЗ (ред. от 25.12.2023)'), [
    ['12.03.0024', 24, null, null],
    ['05.06.2023', 2023, null, null],
    ['25.12.2023', 2023, null, null],
  ]);
  // the words of the act's own citation, not of the next one, go with it
  const [first] = findDatedMentions('Федеральный закон от 30.12.2019 № 384-ФЗ; Федеральный закон от 22.07.2008 № 123-ФЗ «О пожарной»', 1);
  assert.doesNotMatch(first!.act!.context, /пожарной/);
  assert.deepEqual(findDatedMentions('Этажность 9; отметка от 0,000', 1), []);
});
