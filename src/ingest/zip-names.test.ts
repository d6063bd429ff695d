import { test } from 'node:test';
import assert from 'node:assert/strict';
import { crc32 } from 'node:zlib';
import iconv from 'iconv-lite';
import { decodeZipName } from './zip-names.ts';

test('names without the UTF-8 flag: valid UTF-8 stays UTF-8, other bytes are CP866', () => {
  assert.equal(decodeZipName(Buffer.from('Том 5.1 ИОС1.pdf'), 0, []), 'Том 5.1 ИОС1.pdf');
  assert.equal(decodeZipName(iconv.encode('Раздел 4 КР.pdf', 'cp866'), 0, []), 'Раздел 4 КР.pdf');
  assert.equal(decodeZipName(Buffer.from('plain-name.pdf'), 0, []), 'plain-name.pdf');
});

test('CP866 bytes that happen to be valid UTF-8 are still read as CP866', () => {
  const raw = iconv.encode('рап.pdf', 'cp866');
  assert.doesNotThrow(() => new TextDecoder('utf-8', { fatal: true }).decode(raw), 'the fixture must be valid UTF-8');
  assert.equal(decodeZipName(raw, 0, []), 'рап.pdf');
});

test('the UTF-8 flag decides; a Unicode Path extra field wins only when its CRC matches the header name', () => {
  assert.equal(decodeZipName(Buffer.from('ПЗ.pdf'), 0x800, []), 'ПЗ.pdf');
  const header = Buffer.from('old.pdf');
  const field = (crc: number) => {
    const u = Buffer.from('Новое имя.pdf');
    const data = Buffer.alloc(5 + u.length);
    data[0] = 1;
    data.writeUInt32LE(crc, 1);
    u.copy(data, 5);
    return { id: 0x7075, data };
  };
  assert.equal(decodeZipName(header, 0, [field(crc32(header))]), 'Новое имя.pdf');
  assert.equal(decodeZipName(header, 0, [field(crc32(header) ^ 1)]), 'old.pdf');
});
