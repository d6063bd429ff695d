import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SAMPLE_NOTE } from '../../../test/review/samples.ts';
import { parseExplanatoryNote, xmlRoot } from './xml-note.ts';

test('facts of the Минстрой XML explanatory note', () => {
  assert.equal(xmlRoot(SAMPLE_NOTE), 'ExplanatoryNote');
  const f = parseExplanatoryNote(SAMPLE_NOTE)!;
  assert.equal(f.schemaVersion, '01.07');
  assert.equal(f.cipher, '24-017-ПЗ');
  assert.equal(f.objectName, 'Многоквартирный жилой дом с встроенными помещениями');
  assert.equal(f.address, 'г. Москва, ул. Ленина, д. 5');
  assert.deepEqual(f.cadastralNumbers, ['77:01:0001001:1234']);
  assert.deepEqual(
    f.indicators.map((i) => i.value),
    ['10', '1234.5', '120'],
  );
  assert.deepEqual(
    f.sections.map((s) => [s.code, s.notDeveloped, s.documents.flatMap((d) => d.files)]),
    [
      ['ПЗУ', null, ['24-017-ПЗУ.pdf']],
      ['АР', null, ['24-017-АР.pdf']],
      ['ИОС1', 'Раздел не разрабатывался', []],
    ],
  );
});

test('other XML roots are not taken for an explanatory note', () => {
  assert.equal(xmlRoot('<?xml version="1.0"?><DesignAssignment/>'), 'DesignAssignment');
  assert.equal(parseExplanatoryNote('<DesignAssignment><Name>x</Name></DesignAssignment>'), null);
});

test('characteristics of the object: responsibility level, energy class and climate conditions', () => {
  const xml = `<?xml version="1.0" encoding="UTF-8"?><ExplanatoryNote SchemaVersion="01.07"><ExplanatoryNoteNumber>24-017-ПЗ</ExplanatoryNoteNumber>
    <NonIndustrialObject><Name>Жилой дом</Name><EnergyEfficiency><EnergyEfficiencyClass>B</EnergyEfficiencyClass></EnergyEfficiency>
    <FireDangerCategory>не устанавливается</FireDangerCategory><ResponsibilityLevel>нормальный</ResponsibilityLevel>
    <ClimateConditions><ClimateDistrict>IIВ</ClimateDistrict><SnowDistrict>III</SnowDistrict><WindDistrict>I</WindDistrict></ClimateConditions>
    </NonIndustrialObject></ExplanatoryNote>`;
  const f = parseExplanatoryNote(xml)!;
  assert.deepEqual(f.characteristics, {
    ResponsibilityLevel: 'нормальный',
    EnergyEfficiencyClass: 'B',
    ClimateDistrict: 'IIВ',
    SnowDistrict: 'III',
    WindDistrict: 'I',
  });
  assert.deepEqual(
    parseExplanatoryNote('<ExplanatoryNote SchemaVersion="01.07"><NonIndustrialObject><Name>x</Name></NonIndustrialObject></ExplanatoryNote>')!.characteristics,
    {},
  );
});
