import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts, stampLines } from '../../../test/review/facts-builder.ts';
import { surnameVariants, titleBlockNames } from './title-block-names.ts';

const roles = { 'Разраб.': 'Корнев', 'Пров.': 'Сагиров', 'Н. контр.': 'Козлов', ГИП: 'Козлов' };
const stamped = (r: Record<string, string>, n: number, text = 'Пояснительная записка') => ({
  text,
  stamp: stampLines({ cipher: 'МЕС-БМК-04/24-ПОС', sheet: n, roles: r }),
});
const title = (gip: string) => ({ text: `ООО «Мосевросервис»\nПроект организации строительства\nГлавный инженер проекта ____________ ${gip}` });

test('the ГИП of the title blocks is another person than the title page names: one significant finding', () => {
  const d = docFacts(1, 'pos.pdf', 'ПОС', [title('В. В. Козлов'), stamped({ ...roles, ГИП: 'Турик' }, 1), stamped({ ...roles, ГИП: 'Турик' }, 2)]);
  const found = titleBlockNames.run(context([d])).findings!;
  assert.equal(found.length, 1);
  assert.equal(found[0]!.importance, 'significant');
  assert.match(found[0]!.essence, /главный инженер проекта — Турик, а на титульном листе — В\. В\. Козлов/);
  assert.deepEqual(
    found[0]!.places.map((p) => p.page),
    [2, 1],
  );
});

test('the same ГИП, with initials or without, and a title page naming none, are no finding', () => {
  const same = docFacts(1, 'pos.pdf', 'ПОС', [title('Козлов В.В.'), stamped(roles, 1)]);
  const untitled = docFacts(2, 'ar.pdf', 'АР', [{ text: 'Архитектурные решения' }, stamped({ ...roles, ГИП: 'Турик' }, 1)]);
  assert.deepEqual(titleBlockNames.run(context([same, untitled])).findings, []);
});

test('one surname written two ways in a row of the title blocks is a minor finding naming both', () => {
  const d = docFacts(1, 'ios3.pdf', 'ИОС3', [
    stamped({ ...roles, 'Н. контр.': 'Лаврентьева' }, 1),
    stamped({ ...roles, 'Н. контр.': 'Лаврентьев' }, 2),
    stamped({ ...roles, 'Н. контр.': 'Лаврентьева' }, 3),
  ]);
  const found = titleBlockNames.run(context([d])).findings!;
  assert.deepEqual(
    found.map((f) => [f.importance, f.essence, f.places.map((p) => p.page)]),
    [['minor', 'Фамилия нормоконтролёра в документе «ios3.pdf» написана по-разному: «Лаврентьева» и «Лаврентьев».', [2, 1]]],
  );
});

test('different developers on different sheets are different people, not one surname written wrongly', () => {
  const d = docFacts(1, 'ar.pdf', 'АР', [stamped(roles, 1), stamped({ ...roles, 'Разраб.': 'Жуков' }, 2), stamped({ ...roles, 'Разраб.': 'Жукин' }, 3)]);
  assert.deepEqual(titleBlockNames.run(context([d])).findings, []);
});

test('variants of a surname: a gender ending, one letter in a long name; short names one letter apart are others', () => {
  assert.equal(surnameVariants('Лаврентьев', 'Лаврентьева'), true);
  assert.equal(surnameVariants('Орлова', 'Орлов'), true);
  assert.equal(surnameVariants('Вознесенский', 'Вознесенская'), true);
  assert.equal(surnameVariants('Ковалевский', 'Коваленский'), true);
  assert.equal(surnameVariants('Жуков', 'Жукин'), false);
  assert.equal(surnameVariants('Козлов', 'Козлов'), false);
  assert.equal(surnameVariants('Ковалёв', 'Ковалев'), false);
});
