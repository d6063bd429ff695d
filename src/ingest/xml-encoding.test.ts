import assert from 'node:assert/strict';
import { test } from 'node:test';
import iconv from 'iconv-lite';
import { asUtf8Document, decodeXml } from './xml-encoding.ts';

const NOTE = (encoding: string | null) =>
  `<?xml version="1.0"${encoding ? ` encoding="${encoding}"` : ''}?>\n<ExplanatoryNote SchemaVersion="01.07">\n  <ExplanatoryNoteNumber>24-017-ПЗ</ExplanatoryNoteNumber>\n  <Name>Многоквартирный жилой дом, Ёлочный переулок, д. 5</Name>\n</ExplanatoryNote>\n`;
const BOM_LE = Buffer.from([0xff, 0xfe]);
const BOM_BE = Buffer.from([0xfe, 0xff]);
const be = (s: string) => Buffer.from(s, 'utf16le').swap16();

const read = (bytes: Buffer) => {
  const r = decodeXml(bytes);
  assert.ok(r.ok, r.ok ? '' : r.reason);
  return r;
};

test('a note is read in the encoding it declares: windows-1251, KOI8-R, IBM866, ISO-8859-5, UTF-8 with and without a mark', () => {
  for (const [declared, codec] of [
    ['windows-1251', 'windows-1251'],
    ['WINDOWS-1251', 'windows-1251'],
    ['cp1251', 'windows-1251'],
    ['KOI8-R', 'koi8-r'],
    ['IBM866', 'cp866'],
    ['ISO-8859-5', 'iso-8859-5'],
  ] as const) {
    const r = read(iconv.encode(NOTE(declared), codec));
    assert.equal(r.text, NOTE(declared), declared);
  }
  // the signs windows-1251 has beyond the letters
  const signs = '<?xml version="1.0" encoding="windows-1251"?><Name>«Ёж» № 5 — ул. Щорса</Name>';
  assert.equal(read(iconv.encode(signs, 'windows-1251')).text, signs);
  assert.equal(read(Buffer.from(NOTE('UTF-8'))).text, NOTE('UTF-8'));
  assert.equal(read(Buffer.from(NOTE(null))).text, NOTE(null), 'no declaration: UTF-8');
  const marked = read(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(NOTE('utf-8'))]));
  assert.equal(marked.text, NOTE('utf-8'), 'the mark is not part of the text');
});

test('UTF-16 with or without a byte-order mark, little- or big-endian, declared or not', () => {
  assert.equal(read(Buffer.concat([BOM_LE, Buffer.from(NOTE('UTF-16'), 'utf16le')])).encoding, 'UTF-16LE');
  assert.equal(read(Buffer.concat([BOM_LE, Buffer.from(NOTE('UTF-16'), 'utf16le')])).text, NOTE('UTF-16'));
  assert.equal(read(Buffer.concat([BOM_BE, be(NOTE('UTF-16'))])).text, NOTE('UTF-16'));
  assert.equal(read(Buffer.from(NOTE('UTF-16'), 'utf16le')).text, NOTE('UTF-16'), 'no mark, little-endian');
  const bare = read(be(NOTE('utf-16')));
  assert.equal(bare.encoding, 'UTF-16BE');
  assert.equal(bare.text, NOTE('utf-16'), 'no mark, big-endian');
  assert.equal(read(Buffer.from(NOTE(null), 'utf16le')).text, NOTE(null), 'no declaration at all');
  assert.equal(read(Buffer.from('\n<ExplanatoryNote/>', 'utf16le')).text, '\n<ExplanatoryNote/>', 'a line end before the root');
});

test('an encoding the service does not know, or one the bytes are not in, is refused with the reason', () => {
  const refused = (bytes: Buffer, reason: RegExp) => {
    const r = decodeXml(bytes);
    assert.equal(r.ok, false);
    if (!r.ok) {
      assert.match(r.reason, reason);
      // the markup is still there to recognise the document by
      assert.match(r.markup, /<ExplanatoryNote/);
    }
  };
  refused(Buffer.from(NOTE('x-klingon')), /указана кодировка «x-klingon», которую сервис не знает/);
  // a name that would decode the file into something else entirely is not an encoding of a document
  refused(Buffer.from(NOTE('base64')), /«base64», которую сервис не знает/);
  refused(Buffer.from(NOTE('UTF-7')), /«UTF-7», которую сервис не знает/);
  // lying declarations
  refused(iconv.encode(NOTE('UTF-8'), 'windows-1251'), /указана кодировка UTF-8, но его байты не являются UTF-8 \(строка 3\)/);
  refused(iconv.encode(NOTE(null), 'windows-1251'), /кодировка в нём не объявлена.*сохранён в windows-1251 без объявления/);
  refused(Buffer.from(NOTE('windows-1251')), /указана кодировка windows-1251, но файл записан в UTF-8/);
  refused(Buffer.from(NOTE('KOI8-R')), /указана кодировка KOI8-R, но файл записан в UTF-8/);
  refused(Buffer.concat([BOM_LE, Buffer.from(NOTE('windows-1251'), 'utf16le')]), /записан в кодировке UTF-16LE, а в его объявлении указана windows-1251/);
  refused(Buffer.from(NOTE('UTF-8'), 'utf16le'), /записан в кодировке UTF-16LE, а в его объявлении указана UTF-8/);
  refused(Buffer.from(NOTE('UTF-16')), /указана кодировка UTF-16, но файл записан в 8-битной кодировке/);
  refused(Buffer.concat([BOM_BE, be(NOTE('UTF-16LE'))]), /UTF-16BE, а в его объявлении указана UTF-16LE/);
  refused(
    Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), iconv.encode(NOTE('windows-1251'), 'windows-1251')]),
    /метки кодировки UTF-8, а в его объявлении указана windows-1251/,
  );
  refused(iconv.encode(NOTE('US-ASCII'), 'windows-1251'), /US-ASCII, но в нём есть знаки вне её/);
  // broken UTF-16: a lone surrogate, an odd number of bytes
  const lone = Buffer.concat([Buffer.from('<ExplanatoryNote>', 'utf16le'), Buffer.from([0x00, 0xd8]), Buffer.from('</ExplanatoryNote>', 'utf16le')]);
  refused(lone, /байты в этой кодировке не читаются/);
  refused(Buffer.concat([Buffer.from('<ExplanatoryNote/>', 'utf16le'), Buffer.from([0x41])]), /нечётное число байтов/);
  const utf32 = decodeXml(Buffer.concat([Buffer.from([0xff, 0xfe, 0, 0]), Buffer.from('<a/>', 'utf16le')]));
  assert.equal(utf32.ok, false);
});

test('a head of a file: a character cut at its end is no fault', () => {
  const utf8 = Buffer.from(NOTE('UTF-8'));
  const cut = utf8.subarray(0, utf8.indexOf(Buffer.from('ПЗ')) + 1);
  assert.equal(decodeXml(cut).ok, false, 'the whole file cut inside a character is broken');
  const head = decodeXml(cut, { head: true });
  assert.ok(head.ok);
  assert.match(head.text, /24-017-$/);
  const le = Buffer.from(NOTE('UTF-16'), 'utf16le');
  const odd = decodeXml(le.subarray(0, 41), { head: true });
  assert.ok(odd.ok);
  assert.equal(odd.text.length, 20);
  const koi = decodeXml(iconv.encode(NOTE('KOI8-R'), 'koi8-r').subarray(0, 120), { head: true });
  assert.ok(koi.ok && koi.text.includes('24-017-ПЗ'));
});

test('the text goes to the XML parser in UTF-8, its declaration saying so, on the same lines', () => {
  const r = read(iconv.encode(NOTE('windows-1251'), 'windows-1251'));
  const doc = asUtf8Document(r.text).toString('utf8');
  assert.equal(doc, NOTE('UTF-8'));
  assert.equal(
    asUtf8Document("<?xml version='1.0' encoding='koi8-r' standalone='yes'?>\n<a/>").toString(),
    "<?xml version='1.0' encoding='UTF-8' standalone='yes'?>\n<a/>",
  );
  assert.equal(asUtf8Document('<a encoding="x"/>').toString(), '<a encoding="x"/>', 'only the declaration');
});
