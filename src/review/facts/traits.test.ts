import { test } from 'node:test';
import assert from 'node:assert/strict';
import { collapseSpaces, normalizeText } from '../text/normalize.ts';
import { findTraits, traitsAgree, xmlTrait } from './traits.ts';

const read = (t: string) => findTraits(collapseSpaces(normalizeText(t)), 1).map((f) => `${f.kind}=${f.value}${f.map ? `@${f.map}` : ''}`);

test('labelled fire-safety characteristics of the building, in text and in table rows', () => {
  assert.deepEqual(read('Степень огнестойкости здания — II. Класс конструктивной пожарной опасности: С0.'), ['fire_resistance=II', 'structural_fire_class=С0']);
  assert.deepEqual(read('Степень огнестойкости | II\nКласс конструктивной пожарной опасности | C0\nКласс функциональной пожарной опасности | Ф1.3'), [
    'fire_resistance=II',
    'structural_fire_class=С0',
    'functional_fire_class=Ф1.3',
  ]);
  assert.deepEqual(
    read('Проектируемое здание II степени огнестойкости, класса конструктивной пожарной опасности С0, класса функциональной пожарной опасности Ф1.3.'),
    ['fire_resistance=II', 'structural_fire_class=С0', 'functional_fire_class=Ф1.3'],
  );
  assert.deepEqual(read('Здание относится ко II степени огнестойкости.'), ['fire_resistance=II']);
});

test("norm quotes with ranges, requirements and neighbouring buildings are not the building's values", () => {
  assert.deepEqual(read('Для зданий I и II степени огнестойкости класса С0–С1 допускается предусматривать…'), []);
  assert.deepEqual(read('Степень огнестойкости здания должна быть не ниже II, класс конструктивной пожарной опасности — не ниже С1.'), []);
  assert.deepEqual(read('С северной стороны расположено соседнее здание V степени огнестойкости. Степень огнестойкости соседнего здания — V.'), []);
  assert.deepEqual(read('Существующий гараж (соседнее здание): степень огнестойкости — V, класс конструктивной пожарной опасности — С3.'), []);
  assert.deepEqual(read('Степень огнестойкости I–II. Класс конструктивной пожарной опасности С0, С1'), []);
  assert.deepEqual(read('В зданиях класса конструктивной пожарной опасности С0 допускается применять…'), []);
  assert.deepEqual(read('Категория помещения по взрывопожарной и пожарной опасности — В4; класс пожарной опасности строительных материалов КМ0.'), []);
});

test("functional classes: the building's class counts, a part with its own class does not; a list is a set", () => {
  assert.deepEqual(read('Класс функциональной пожарной опасности здания — Ф1.3, встроенных помещений — Ф4.3.'), ['functional_fire_class=Ф1.3']);
  assert.deepEqual(read('Встроенные помещения: класс функциональной пожарной опасности — Ф4.3.'), []);
  assert.deepEqual(read('Встроенные помещения общественного назначения: класс функциональной пожарной опасности — Ф4.3.'), []);
  assert.deepEqual(read('Класс функциональной пожарной опасности — Ф4.3 (встроенные помещения коммерческого назначения).'), []);
  assert.deepEqual(read('Для встроенных помещений класс функциональной пожарной опасности — Ф4.3.'), []);
  assert.deepEqual(read('Класс функциональной пожарной опасности: Ф1.3, Ф4.3'), ['functional_fire_class=Ф1.3', 'functional_fire_class=Ф4.3']);
  assert.deepEqual(read('Класс функциональной пожарной опасности — Ф1.9'), []);
});

test('responsibility level in words, as КС-class and as the old Roman numeral', () => {
  assert.deepEqual(read('Уровень ответственности здания — нормальный. Класс сооружения КС-2.'), ['responsibility=нормальный', 'responsibility=нормальный']);
  assert.deepEqual(read('Здание относится к повышенному уровню ответственности.'), ['responsibility=повышенный']);
  assert.deepEqual(read('Уровень ответственности — II (нормальный)'), ['responsibility=нормальный']);
  assert.deepEqual(read('Коэффициент надежности по ответственности γn = 1,0'), []);
});

test('climate data of the site: districts, seismicity with its map, the design temperature', () => {
  assert.deepEqual(read('Климатический район строительства — IIВ. Снеговой район — III (Sg = 1,5 кПа), ветровой район — I.'), [
    'climate_district=IIВ',
    'snow_district=III',
    'wind_district=I',
  ]);
  assert.deepEqual(read('Район строительства относится к климатическому подрайону II в.'), ['climate_district=IIВ']);
  assert.deepEqual(read('Район строительства по весу снегового покрова — IV, по давлению ветра — Ia. Сейсмичность площадки — менее 6 баллов.'), [
    'snow_district=IV',
    'wind_district=Iа',
    'seismicity=<6',
  ]);
  assert.deepEqual(read('Сейсмичность района строительства — 7 баллов по карте ОСР-2015-В.'), ['seismicity=7@В']);
  assert.deepEqual(read('Расчетная температура наружного воздуха в холодный период года — минус 28 °С'), ['design_temperature=-28']);
  assert.deepEqual(read('Температура наружного воздуха наиболее холодной пятидневки обеспеченностью 0,92: −31 °C'), ['design_temperature=-31']);
});

test("climate tables of weather stations, loads of a named district and ranges are not the site's data", () => {
  assert.deepEqual(
    read('Метеостанция | Температура наиболее холодной пятидневки (0,92), °С | Снеговой район\nКазань | −31 | IV\nНабережные Челны | −32 | V'),
    [],
  );
  assert.deepEqual(read('Снеговая нагрузка для III снегового района — 1,5 кПа. Снеговые районы I–III.'), []);
  assert.deepEqual(read('Расчетная температура наружного воздуха для проектирования вентиляции — минус 14 °С'), []);
  assert.deepEqual(read('Температура наиболее холодной пятидневки обеспеченностью 0,98 — минус 32 °С'), []);
});

test('energy efficiency class: letters in either alphabet, names, «не классифицируется»; requirements are not the class', () => {
  assert.deepEqual(read('Класс энергетической эффективности здания — B (высокий).'), ['energy_class=B']);
  assert.deepEqual(read('Класс энергетической эффективности: «А+»'), ['energy_class=A+']);
  assert.deepEqual(read('Класс энергосбережения здания — «нормальный».'), ['energy_class=нормальный']);
  assert.deepEqual(read('Класс энергетической эффективности — не классифицируется'), ['energy_class=не классифицируется']);
  assert.deepEqual(read('Класс энергетической эффективности должен быть не ниже С.'), []);
  assert.deepEqual(read('Обозначение класса энергосбережения | Наименование класса\nA++ | Очень высокий\nB | Высокий'), []);
});

test('statements agree when they can be the same: subdistrict and district, a class and its name', () => {
  const f = (kind: 'climate_district' | 'energy_class' | 'seismicity', value: string, extra = {}) => ({ kind, value, docPage: 1, snippet: '', ...extra });
  assert.equal(traitsAgree(f('climate_district', 'II'), f('climate_district', 'IIВ')), true);
  assert.equal(traitsAgree(f('climate_district', 'IIВ'), f('climate_district', 'IIБ')), false);
  assert.equal(traitsAgree(f('climate_district', 'II'), f('climate_district', 'IIIБ')), false);
  assert.equal(traitsAgree(f('energy_class', 'высокий', { options: ['B+', 'B'] }), f('energy_class', 'B')), true);
  assert.equal(traitsAgree(f('energy_class', 'высокий', { options: ['B+', 'B'] }), f('energy_class', 'A')), false);
  assert.equal(traitsAgree(f('seismicity', '6', { map: 'А' }), f('seismicity', '7', { map: 'В' })), true);
  assert.equal(traitsAgree(f('seismicity', '6', { map: 'А' }), f('seismicity', '7', { map: 'А' })), false);
});

test('XML characteristics are read like the words of a document', () => {
  assert.equal(xmlTrait('ResponsibilityLevel', 'нормальный')?.value, 'нормальный');
  assert.equal(xmlTrait('EnergyEfficiencyClass', 'A++')?.value, 'A++');
  assert.equal(xmlTrait('EnergyEfficiencyClass', 'Не классифицируется')?.value, 'не классифицируется');
  assert.equal(xmlTrait('ClimateDistrict', 'IIВ')?.value, 'IIВ');
  assert.equal(xmlTrait('WindDistrict', 'Iа')?.value, 'Iа');
  assert.equal(xmlTrait('SeismicActivity', '6')?.value, '6');
});
