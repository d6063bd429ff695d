import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import iconv from 'iconv-lite';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sniffFile } from './sniff.ts';

const dir = await mkdtemp(join(tmpdir(), 'drs-sniff-'));
after(() => rm(dir, { recursive: true, force: true }));

async function sniff(content: Buffer | string) {
  const p = join(dir, `f${Math.random().toString(36).slice(2)}`);
  await writeFile(p, content);
  return sniffFile(p);
}

test('content decides, not names: PDF with a junk prefix, XML with BOM or UTF-16, HTML and SVG refused, empty refused', async () => {
  assert.deepEqual(await sniff('%PDF-1.7\n'), { kind: 'document', format: 'pdf' });
  assert.deepEqual(await sniff(Buffer.concat([Buffer.alloc(300, 0x20), Buffer.from('%PDF-1.4\n')])), { kind: 'document', format: 'pdf' });
  assert.deepEqual(await sniff('\uFEFF<?xml version="1.0"?>\n<!-- c --><ExplanatoryNote/>'), { kind: 'document', format: 'xml' });
  assert.deepEqual(await sniff(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<root/>', 'utf16le')])), { kind: 'document', format: 'xml' });
  // UTF-16 without a byte-order mark, either byte order, and a note in an 8-bit code page or an encoding the review cannot read
  const note = '<?xml version="1.0" encoding="UTF-16"?>\n<ExplanatoryNote><Name>Жилой дом</Name></ExplanatoryNote>';
  assert.deepEqual(await sniff(Buffer.from(note, 'utf16le')), { kind: 'document', format: 'xml' });
  assert.deepEqual(await sniff(Buffer.from(note, 'utf16le').swap16()), { kind: 'document', format: 'xml' });
  assert.deepEqual(await sniff(iconv.encode(note.replace('UTF-16', 'windows-1251'), 'windows-1251')), { kind: 'document', format: 'xml' });
  assert.deepEqual(await sniff(Buffer.from(note.replace('UTF-16', 'x-unknown'))), { kind: 'document', format: 'xml' });
  assert.equal((await sniff(Buffer.from('<html><body/></html>', 'utf16le'))).kind, 'unsupported');
  assert.equal((await sniff('<!DOCTYPE html><html><body></body></html>')).kind, 'unsupported');
  assert.equal((await sniff('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>')).kind, 'unsupported');
  assert.equal((await sniff('plain text')).kind, 'unsupported');
  const empty = await sniff('');
  assert.equal(empty.kind, 'unsupported');
  assert.match((empty as { reason: string }).reason, /Пустой/);
});

test('archive signatures: RAR 4 and 5, 7z; a broken ZIP is still handed to the unpacker as an archive', async () => {
  assert.deepEqual(await sniff(Buffer.from('Rar!\x1a\x07\x00rest', 'latin1')), { kind: 'archive', format: 'rar' });
  assert.deepEqual(await sniff(Buffer.from('Rar!\x1a\x07\x01\x00rest', 'latin1')), { kind: 'archive', format: 'rar' });
  assert.deepEqual(await sniff(Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0, 4])), { kind: 'archive', format: '7z' });
  assert.deepEqual(await sniff(Buffer.from('PK\x03\x04garbage', 'latin1')), { kind: 'archive', format: 'zip' });
});

test('an OLE2 file that is not a valid compound file is refused with a reason', async () => {
  const r = await sniff(Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600)]));
  assert.equal(r.kind, 'unsupported');
  assert.match((r as { reason: string }).reason, /повреждён/);
});
