import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts, stampLines } from '../../../test/review/facts-builder.ts';
import { garble } from '../../../test/helpers/mojibake.ts';
import { titleBlockRoles } from '../checks/title-block-roles.ts';
import { DocCollector } from '../facts/collector.ts';
import type { MojibakeEncoding } from '../text/mojibake.ts';
import type { PlacedLine, ReadPage, ReviewDocument } from '../types.ts';
import { streamDocument } from './index.ts';
import type { PdfReader, RawPdfPage } from './reader-contract.ts';

const ROLES = { 'Разраб.': 'Иванов', 'Пров.': 'Петров', ГИП: 'Сидоров', 'Н.Контр.': 'Хагай' };
const BODY = 'Пояснительная записка. Проектная документация разработана в соответствии с заданием на проектирование. Количество этажей — 9.';

/** A reader handing out prepared pages, as the PDF readers do. */
function fakeReader(pages: RawPdfPage[]): PdfReader {
  return {
    async read(_path, _opts, onPage) {
      for (const [i, p] of pages.entries()) await onPage(i + 1, p);
      return pages.length;
    },
    plan: () => undefined,
    warm: () => undefined,
    close: async () => undefined,
    setIdle: () => undefined,
    alive: true,
    lastChildMaxRssKb: 0,
  };
}

const raw = (text: string, lines: PlacedLine[]): RawPdfPage => ({
  text: `${text}\n${lines.map((l) => l.text).join('\n')}`,
  width: 595,
  height: 842,
  stampLines: lines,
  rendered: false,
});
const broken = (lines: PlacedLine[], enc: MojibakeEncoding, only?: RegExp) =>
  lines.map((l) => (!only || only.test(l.text) ? { ...l, text: garble(l.text, enc) } : l));
const doc: ReviewDocument = {
  index: 3,
  name: 'Том 4_24-017-КР.pdf',
  kind: 'КР',
  role: 'review',
  format: 'pdf',
  path: '/x.pdf',
  pdfPath: '/x.pdf',
  pages: 3,
  pageFrom: null,
};

async function read(pages: RawPdfPage[]) {
  const collector = new DocCollector(doc, 1);
  const seen: ReadPage[] = [];
  const res = await streamDocument(doc, { workDir: '/tmp', timeoutMs: 5000, tesseractBin: 'tesseract', ocr: false }, fakeReader(pages), (p) => {
    seen.push(p);
    collector.addPage(p);
  });
  return { facts: collector.finish(res.pagesTotal, null), warnings: res.warnings, seen };
}

test('a title block whose «Н.Контр.» row is mojibake: the role is found after repair, and the repair is warned once', async () => {
  const stamp = (n: number) => stampLines({ cipher: '24-017-КР', sheet: n, roles: ROLES });
  const nkBroken = broken(stamp(2), 'cp1251', /Контр|Хагай/);
  assert.ok(nkBroken.some((l) => l.text === 'Í.Êîíòð.'));
  // read as it is, the sheet has no «Н. контр.» row: what the real document was accused of
  const unrepaired = docFacts(3, doc.name, 'КР', [{ text: BODY, stamp: nkBroken }]);
  assert.match(titleBlockRoles.run(context([unrepaired])).findings![0]!.essence, /нет строк Н\. контр\./);

  const { facts, warnings, seen } = await read([
    raw('Том 4. Конструктивные решения', stamp(1)),
    // a good body and a broken signature row
    raw(BODY, nkBroken),
    // a broken body and a good title block
    raw(garble(BODY, 'cp1251'), stamp(3)),
  ]);
  assert.deepEqual(titleBlockRoles.run(context([facts])).findings, []);
  assert.ok(seen[1]!.stampLines!.some((l) => l.text === 'Н.Контр.') && seen[1]!.stampLines!.some((l) => l.text === 'Хагай'));
  assert.match(seen[1]!.text, /Н\.Контр\.\nХагай/);
  assert.match(seen[2]!.text, /^Пояснительная записка\. Проектная документация/);
  assert.equal(warnings.length, 1);
  const w = warnings[0]!;
  assert.equal(w.code, 'text_layer_repaired');
  assert.equal(w.doc_index, 3);
  assert.equal(w.page, 2);
  assert.match(w.message, /Windows-1251/);
  assert.match(w.message, /с\. 2, 3/);
  assert.match(w.message, /«Í\.Êîíòð\.» вместо «Н\.Контр\.»/);
});

test('a mojibake title block really missing the «Н.Контр.» row is still reported, on its page', async () => {
  const { 'Н.Контр.': _n, ...noNk } = ROLES;
  const { facts } = await read([
    // the normocontroller signs the document's first signed sheet
    raw(garble(BODY, 'koi8-r'), broken(stampLines({ cipher: '24-017-КР', sheet: 1, roles: noNk }), 'koi8-r')),
    raw(garble(BODY, 'koi8-r'), broken(stampLines({ cipher: '24-017-КР', sheet: 2, roles: ROLES }), 'koi8-r')),
  ]);
  const findings = titleBlockRoles.run(context([facts])).findings!;
  assert.equal(findings.length, 1);
  assert.match(findings[0]!.essence, /нет строк Н\. контр\./);
  assert.deepEqual(
    findings[0]!.places.map((p) => p.page),
    [1],
  );
});

test('good pages, recognised pages and Western European names are left alone and warn nothing', async () => {
  const { warnings, seen } = await read([raw('Café Müller, résumé. Здание жилое.', stampLines({ cipher: '24-017-КР', sheet: 1, roles: ROLES }))]);
  assert.deepEqual(warnings, []);
  assert.match(seen[0]!.text, /^Café Müller, résumé\. Здание жилое\./);
});
