import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts } from '../../../test/review/facts-builder.ts';
import { COMMON_NORMS, CURRENT_NORMS } from '../../../test/generator/norms.ts';
import { malformedNorms } from './malformed-norms.ts';
import { nonexistentNorms } from './nonexistent-norms.ts';
import { supersededNorms } from './superseded-norms.ts';

const findings = (pages: string[]) => {
  const ctx = context([docFacts(1, 'pz.pdf', 'ПЗ', pages)]);
  return [supersededNorms, nonexistentNorms, malformedNorms].flatMap((c) => c.run(ctx).findings ?? []).map((f) => f.essence);
};

test('a paragraph citing only norms in force yields no finding of any norms check', () => {
  assert.deepEqual(
    findings([
      'Проект выполнен в соответствии с Федеральным законом от 30.12.2009 № 384-ФЗ, Федеральным законом № 123-ФЗ, ' +
        'постановлением Правительства РФ от 16.02.2008 № 87, Правилами противопожарного режима (ПП РФ от 16.09.2020 № 1479), ' +
        'ГОСТ Р 21.101-2020, СП 42.13330.2016, СП 54.13330.2022, СП 118.13330.2022, СП 60.13330.2020, СП 30.13330.2020, ' +
        'СП 1.13130.2020, СП 2.13130.2020, СП 4.13130.2013, СП 10.13130.2020, СП 484.1311500.2020, СП 256.1325800.2016, ' +
        'СанПиН 1.2.3685-21, СанПиН 2.1.3684-21, СП 2.4.3648-20, ГОСТ 30331.1-2013, ГОСТ 21.110-2013, СП 20.13330.2016, СП 14.13330.2018.',
    ]),
    [],
  );
});

test('the current norms generated clean sets cite yield no finding', () => {
  const cited = [...COMMON_NORMS, ...Object.values(CURRENT_NORMS).flat()].map((n) => `${n.designation} «${n.title}»`);
  assert.deepEqual(findings(cited), []);
});
