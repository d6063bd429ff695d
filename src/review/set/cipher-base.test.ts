import { test } from 'node:test';
import assert from 'node:assert/strict';
import { docFacts, stampLines } from '../../../test/review/facts-builder.ts';
import { setCipherBase } from './cipher-base.ts';

const roles = { 'Разраб.': 'Иванов', 'Пров.': 'Петров', ГИП: 'Сидоров' };
const sheet = (cipher: string) => ({ text: 'Текст', stamp: stampLines({ cipher, sheet: 1, roles }) });

test("the set's cipher base is the volumes'; an act or a ТУ sent as context does not vote, whatever ciphers it lists", () => {
  const act = (i: number) => docFacts(i, `Акт ${i}.pdf`, null, ['АКТ ПРИЕМА-ПЕРЕДАЧИ\n09-2024-ПИР-ИОС4.1', sheet('09-2024-ПИР-ИОС4.1')], { role: 'context' });
  assert.equal(setCipherBase([act(1), act(2)]), null);
  const volume = docFacts(3, 'ИОС1.pdf', 'ИОС1', ['МКД-0109-2024-ПИР-ИОС1', sheet('МКД-0109-2024-ПИР-ИОС1')]);
  assert.equal(setCipherBase([act(1), act(2), volume]), 'МКД-0109-2024-ПИР');
});
