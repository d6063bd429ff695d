import { test } from 'node:test';
import assert from 'node:assert/strict';
import { garble } from '../../../test/helpers/mojibake.ts';
import { detectMojibake, MOJIBAKE_ENCODINGS, repairMojibake, repairWith } from './mojibake.ts';

const PAGE = `Содержание тома
1. Общие положения. Проектная документация разработана в соответствии с заданием на проектирование.
2. Количество этажей — 9, в том числе подземный этаж. Общая площадь здания 4 512,3 м².
Объект: жилой дом № 5 по ул. Лесной, корп. 2. Класс функциональной пожарной опасности Ф1.3.
Ведомость ссылочных документов: СП 54.13330.2022 «Здания жилые многоквартирные», п/п 1–3.`;

test('the example of the real document: cp1251 read as Latin-1 is repaired', () => {
  assert.equal(garble('Содержание тома', 'cp1251'), 'Ñîäåðæàíèå òîìà');
  assert.deepEqual(repairMojibake('Ñîäåðæàíèå òîìà. Íîðìîêîíòðîëü ïðîéäåí.'), { text: 'Содержание тома. Нормоконтроль пройден.', encoding: 'cp1251' });
});

for (const enc of MOJIBAKE_ENCODINGS) {
  test(`a page written in ${enc} and read as cp1252 or Latin-1 comes back whole`, () => {
    for (const as of ['cp1252', 'latin1'] as const) {
      const broken = garble(PAGE, enc, as);
      assert.notEqual(broken, PAGE);
      const r = repairMojibake(broken);
      assert.equal(r.encoding, enc, as);
      // cp866 has no guillemets: a «…» kept from another font is read as the letters it stands for there
      assert.equal(r.text, enc === 'cp866' ? PAGE.replace('«', 'л') : PAGE, `${enc} as ${as}`);
    }
  });
}

test('digits, punctuation and signs inside a broken run keep their places; «¹» is «№», «¸» is «ё»', () => {
  const broken = garble('Изм. № док. 12-3/45, отм. +3,150 (ещё 2 шт.; ±0,000) — Ø400, 5×6 м², 4,2–5,1 м', 'cp1251');
  assert.match(broken, /¹ äîê\. 12-3\/45/);
  assert.equal(repairMojibake(broken).text, 'Изм. № док. 12-3/45, отм. +3,150 (ещё 2 шт.; ±0,000) — Ø400, 5×6 м², 4,2–5,1 м');
});

test('a page mixing good Cyrillic, Latin words and a broken body: only the broken words change', () => {
  const good = 'Основная надпись: Н. контр. Хагай, ГИП Петров. Café Müller, résumé, PDF v1.7.';
  const body = 'Пояснительная записка. Здание жилое, количество этажей 9.';
  const r = repairMojibake(`${good}\n${garble(body, 'cp1251')}\n${good}`);
  assert.equal(r.encoding, 'cp1251');
  assert.equal(r.text, `${good}\n${body}\n${good}`);
});

test('Western European text is never taken for broken Russian', () => {
  const texts = [
    'Café Müller, résumé, à la carte, Straße, Öl, où, über, déjà vu, naïve, garçon, São Paulo, Ålesund, Æsop',
    'À la recherche du temps perdu. Ça va très bien, élève. Über München Äpfel. Él está aquí, ¿qué tal? Ó, à, é, è, ù.',
    'ÉTÉ ÀÉÈ ÇÀ Ö Ü Ä',
  ];
  for (const t of texts) {
    assert.equal(detectMojibake([t]), null, t);
    assert.equal(repairMojibake(t).text, t);
  }
});

test('a page without two characters of U+00C0–U+00FF in a row returns unchanged at once', () => {
  for (const t of ['Здание жилое, Ø400, 3×6 м', 'Plain ASCII text 12.3', '']) {
    assert.equal(detectMojibake([t]), null);
    assert.equal(repairWith(t, 'cp1251'), t);
  }
});

test('a title-block line alone is too short to judge, but not after earlier pages of the document were repaired', () => {
  assert.equal(repairMojibake('Ëèñò').encoding, null);
  assert.deepEqual(repairMojibake('Ëèñò', 'cp1251'), { text: 'Лист', encoding: 'cp1251' });
  assert.equal(repairMojibake(garble('Н.Контр. Хагай', 'cp1251')).text, 'Н.Контр. Хагай');
  // a one-letter line of a page found broken (the stage in its cell) is repaired with the page's code page
  assert.equal(repairWith('Ï', 'cp1251'), 'П');
});

test('the code page is told apart from its neighbours: cp1251 text is not read as KOI8-R, nor the reverse', () => {
  const lower = 'проектная документация разработана в соответствии с заданием на проектирование';
  const upper = 'ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ. РАЗДЕЛ 4. КОНСТРУКТИВНЫЕ РЕШЕНИЯ';
  for (const enc of ['cp1251', 'koi8-r'] as const) {
    for (const t of [lower, upper]) assert.equal(repairMojibake(garble(t, enc)).text, t, `${enc}: ${t}`);
  }
});

test('the degree sign of a KOI8-R page («−34 œC») is mended though the Latin «C» keeps it out of the runs', () => {
  const page = garble('Температура наиболее холодной пятидневки −34 °C, расчётная температура −28 °С. Ветер 5 м/с.', 'koi8-r');
  assert.match(page, /œC/);
  const fixed = repairMojibake(page);
  assert.equal(fixed.encoding, 'koi8-r');
  assert.match(fixed.text, /пятидневки −34 °C, расчётная температура −28 °С\./);
  // a cp1251 page shows «°» as it is: nothing to mend
  assert.match(repairMojibake(garble('Температура наиболее холодной пятидневки −34 °C', 'cp1251')).text, /−34 °C/);
});
