import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts, stampLines } from '../../../test/review/facts-builder.ts';
import { cipherScript } from './cipher-script.ts';
import { cipherConsistency } from './consistency-cipher.ts';

test('a cipher typed with a Latin «C» among Cyrillic letters is one minor finding per volume, listing its pages', () => {
  const d = docFacts(1, 'ios1.2.pdf', 'ИОС1', [
    'Титульный лист',
    { text: 'Содержание тома', stamp: stampLines({ cipher: '25/06/2025-CОШ10-ИОС1.2', sheet: 1 }) },
    { text: 'Пояснительная записка', stamp: stampLines({ cipher: '25/06/2025-СОШ10-ИОС1.2', sheet: 2 }) },
    { text: 'См. 25/06/2025-CОШ10-ИОС1.2', stamp: stampLines({ cipher: '25/06/2025-CОШ10-ИОС1.2', sheet: 3 }) },
  ]);
  const ctx = context([d]);
  const [f, ...rest] = cipherScript.run(ctx).findings!;
  assert.equal(rest.length, 0);
  assert.equal(f!.importance, 'minor');
  assert.match(f!.essence, /В шифре «25\/06\/2025-CОШ10-ИОС1\.2» документа «ios1\.2\.pdf» латинская буква среди кириллических \(с\. 2, 4\)/);
  assert.match(f!.evidence, /латинские буквы «C»; кириллицей — 25\/06\/2025-СОШ10-ИОС1\.2/);
  // the reading still takes it for the volume's own cipher: no other-cipher finding
  assert.deepEqual(cipherConsistency.run(ctx).findings, []);
});

test('ciphers typed in one alphabet give nothing', () => {
  const d = docFacts(1, 'kr.pdf', 'КР', [{ text: 'Расчёт CО2', stamp: stampLines({ cipher: '24-017-КР', sheet: 1 }) }]);
  assert.deepEqual(cipherScript.run(context([d])).findings, []);
});
