import { test } from 'node:test';
import assert from 'node:assert/strict';
import { displayName, UNNAMED } from './display-name.ts';

test('invisible and bidi control characters are removed from a shown name; other characters stay', () => {
  assert.equal(displayName('АР\u202Efdp.exe'), 'АРfdp.exe');
  assert.equal(displayName('\uFEFFПЗ\u200B\u200C\u200D\u200E\u200F.pdf'), 'ПЗ.pdf');
  assert.equal(displayName('К\u00ADР\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069.pdf'), 'КР.pdf');
  assert.equal(displayName('Том 1/ИОС 5.2 — схема.pdf'), 'Том 1/ИОС 5.2 — схема.pdf');
  assert.equal(displayName('\u200B'), UNNAMED, 'a name of nothing else is named neutrally rather than shown empty');
});

test('controls, every format character and the letters that draw nothing are removed: U+0085, U+061C, U+3164 and their kin', () => {
  assert.equal(displayName('АР\u0085.pdf'), 'АР.pdf', 'NEXT LINE, a C1 control');
  assert.equal(displayName('\u061CКР.pdf'), 'КР.pdf', 'ARABIC LETTER MARK');
  assert.equal(displayName('П\u3164З.pdf'), 'ПЗ.pdf', 'HANGUL FILLER');
  for (const c of [
    '\u0000',
    '\u001F',
    '\u007F',
    '\u009F',
    '\u034F',
    '\u115F',
    '\u1160',
    '\u17B4',
    '\u180E',
    '\u2060',
    '\u2064',
    '\u206F',
    '\u2800',
    '\uFE0F',
    '\uFFA0',
    '\u{E0041}',
  ]) {
    assert.equal(displayName(`ИОС${c}1.pdf`), 'ИОС1.pdf', `U+${c.codePointAt(0)!.toString(16).toUpperCase()}`);
  }
  assert.equal(displayName('Ёлка — ПЗ №1 (ред. 2).pdf'), 'Ёлка — ПЗ №1 (ред. 2).pdf', 'visible letters, dashes, signs stay');
});

test('a name of invisible characters only is shown under a neutral name, its extension and folder kept', () => {
  assert.equal(displayName('\u0085\u061C\u3164'), UNNAMED);
  assert.equal(displayName('\u3164\u3164.pdf'), `${UNNAMED}.pdf`);
  assert.equal(displayName('\u200B\u3000 .pdf'), `${UNNAMED}.pdf`, 'spaces left alone are nothing to read either');
  assert.equal(displayName('Том 1/\u061C\u200F.dwg.pdf'), 'Том 1/.dwg.pdf', 'a stem that is visible stays');
  assert.equal(displayName('Том 1/\u061C\u200F.pdf'), `Том 1/${UNNAMED}.pdf`);
  assert.equal(displayName('\u3164/\u3164.pdf'), `${UNNAMED}.pdf`, 'a blank folder is not shown');
  assert.equal(displayName('Том 1/\u3164'), `Том 1/${UNNAMED}`);
});
