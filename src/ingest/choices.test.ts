import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '../kernel/errors.ts';
import { applyClientChoices } from './choices.ts';
import type { IntakeDocument, Role } from './types.ts';

const doc = (name: string, folderRole: Role | null = null): IntakeDocument => ({
  name,
  path: `/x/${name}`,
  size: 1,
  sha256: '',
  format: 'pdf',
  folderRole,
  kindGuess: null,
});
const PROFILE = ['ПЗ', 'АР', 'КР', 'ИОС1', 'ИОС5'];

function validation(fragment: RegExp, file?: string) {
  return (e: unknown) => {
    assert.ok(e instanceof AppError);
    assert.equal(e.code, 'validation_error');
    assert.match(e.message, fragment);
    if (file !== undefined) assert.equal(e.file, file);
    return true;
  };
}

test('kinds accept profile codes and their marks; codes outside the profile are ignored', () => {
  const docs = [doc('a.pdf'), doc('b.pdf'), doc('c.pdf'), doc('d.pdf')];
  const r = applyClientChoices(docs, JSON.stringify({ 'a.pdf': 'КР', 'b.pdf': 'ЭОМ', 'c.pdf': 'ПОС' }), undefined, PROFILE);
  assert.deepEqual(
    r.map((c) => [c.kind, c.kindChosen, c.role]),
    [
      ['КР', true, 'review'],
      ['ИОС1', true, 'review'],
      [null, false, 'review'],
      [null, false, 'review'],
    ],
  );
});

test('invalid JSON, wrong shape, unknown names and bad roles are validation errors naming the problem', () => {
  const docs = [doc('a.pdf')];
  assert.throws(() => applyClientChoices(docs, '{oops', undefined, PROFILE), validation(/kinds.*JSON/));
  assert.throws(() => applyClientChoices(docs, '["КР"]', undefined, PROFILE), validation(/JSON-объектом/));
  assert.throws(() => applyClientChoices(docs, '{"b.pdf":"КР"}', undefined, PROFILE), validation(/«b\.pdf».*нет в комплекте/, 'b.pdf'));
  assert.throws(() => applyClientChoices(docs, '{"a.pdf":4}', undefined, PROFILE), validation(/строка/, 'a.pdf'));
  assert.throws(() => applyClientChoices(docs, undefined, '{"a.pdf":"owner"}', PROFILE), validation(/review и context/, 'a.pdf'));
});

test('a role in roles wins over the folder; without any context everything is review', () => {
  const docs = [doc('Context/t.pdf', 'context'), doc('Reviews/k.pdf', 'review'), doc('p.pdf')];
  const r = applyClientChoices(docs, undefined, JSON.stringify({ 'Context/t.pdf': 'review', 'p.pdf': 'review' }), PROFILE);
  assert.deepEqual(
    r.map((c) => c.role),
    ['review', 'review', 'review'],
  );
  const plain = applyClientChoices([doc('x.pdf'), doc('y.pdf')], undefined, undefined, PROFILE);
  assert.deepEqual(
    plain.map((c) => c.role),
    ['review', 'review'],
  );
});

test('roles split by the roles field need a role for every document; at least one review either way', () => {
  const docs = [doc('t.pdf'), doc('k.pdf'), doc('Reviews/r.pdf', 'review')];
  assert.throws(() => applyClientChoices(docs, undefined, '{"t.pdf":"context"}', PROFILE), validation(/«k\.pdf»/, 'k.pdf'));
  const ok = applyClientChoices(docs, undefined, '{"t.pdf":"context","k.pdf":"review"}', PROFILE);
  assert.deepEqual(
    ok.map((c) => c.role),
    ['context', 'review', 'review'],
  );
  assert.throws(
    () => applyClientChoices([doc('Context/t.pdf', 'context'), doc('k.pdf')], undefined, '{"k.pdf":"context"}', PROFILE),
    validation(/хотя бы один/),
  );
});

test('roles split by folders only: a loose document with no folder and no entry in roles is reviewed', () => {
  const docs = [doc('a.pdf'), doc('Context/t.pdf', 'context'), doc('Reviews/k.pdf', 'review'), doc('b.pdf')];
  assert.deepEqual(
    applyClientChoices(docs, undefined, undefined, PROFILE).map((c) => c.role),
    ['review', 'context', 'review', 'review'],
  );
  assert.throws(() => applyClientChoices([doc('Context/t.pdf', 'context')], undefined, undefined, PROFILE), validation(/хотя бы один/));
});

test('kinds and roles keys are matched in NFC; the same key twice in two forms is refused', () => {
  const nfc = 'Й.pdf'.normalize('NFC');
  const nfd = 'Й.pdf'.normalize('NFD');
  const r = applyClientChoices([doc(nfc)], JSON.stringify({ [nfd]: 'КР' }), undefined, PROFILE);
  assert.equal(r[0]!.kind, 'КР');
  assert.throws(() => applyClientChoices([doc(nfc)], `{"${nfc}":"КР","${nfd}":"АР"}`, undefined, PROFILE), validation(/дважды/));
});

test('Context/ alone beside documents in no role folder: those are reviewed, not refused as all reference', () => {
  const docs = [doc('Context/ТУ.pdf', 'context'), doc('Том 1/ПЗ.pdf')];
  assert.deepEqual(
    applyClientChoices(docs, undefined, undefined, PROFILE).map((c) => c.role),
    ['context', 'review'],
  );
});

test('a key written twice in the JSON of kinds or roles is refused naming it', () => {
  assert.throws(
    () => applyClientChoices([doc('ПЗ.pdf')], '{"ПЗ.pdf":"ПЗ","ПЗ.pdf":"КР"}', undefined, PROFILE),
    validation(/Поле kinds: ключ «ПЗ\.pdf» указан в JSON дважды/, 'ПЗ.pdf'),
  );
  assert.throws(
    () => applyClientChoices([doc('ПЗ.pdf'), doc('АР.pdf')], undefined, '{"ПЗ.pdf":"review","АР.pdf":"context","ПЗ.pdf":"context"}', PROFILE),
    validation(/Поле roles: ключ «ПЗ\.pdf»/),
  );
});
