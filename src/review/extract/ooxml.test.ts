import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Document, Packer, PageBreak, Paragraph, TextRun, Footer } from 'docx';
import yazl from 'yazl';
import { docxPages, xlsxPages } from './ooxml.ts';

test('a .docx is split at Word page breaks and its footer (title block) is kept', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'drs-ooxml-'));
  try {
    const doc = new Document({
      sections: [{
        footers: { default: new Footer({ children: [new Paragraph('24-017-ПЗ Лист 1')] }) },
        children: [
          new Paragraph({ children: [new TextRun('Пояснительная записка. Этажность – 9')] }),
          new Paragraph({ children: [new PageBreak()] }),
          new Paragraph('Вторая страница: см. лист 3'),
        ],
      }],
    });
    const path = join(dir, 'pz.docx');
    await writeFile(path, await Packer.toBuffer(doc));
    const r = await docxPages(path);
    assert.equal(r.pages.length, 2);
    assert.match(r.pages[0]!, /Этажность – 9/);
    assert.match(r.pages[1]!, /см\. лист 3/);
    assert.match(r.extra, /24-017-ПЗ/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a .xlsx gives one page per sheet with shared and inline strings', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'drs-ooxml-'));
  try {
    const path = join(dir, 'tep.xlsx');
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from('<sst><si><t>Общая площадь здания, м²</t></si><si><t>Этажность</t></si></sst>'), 'xl/sharedStrings.xml');
    zip.addBuffer(Buffer.from('<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1"><v>1234.5</v></c></row><row r="2"><c r="A2" t="s"><v>1</v></c><c r="B2" t="inlineStr"><is><t>9</t></is></c></row></sheetData></worksheet>'), 'xl/worksheets/sheet1.xml');
    zip.addBuffer(Buffer.from('<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Лист 2 &amp; примечания</t></is></c></row></sheetData></worksheet>'), 'xl/worksheets/sheet2.xml');
    zip.end();
    const out = createWriteStream(path);
    zip.outputStream.pipe(out);
    await once(out, 'finish');
    assert.deepEqual(await xlsxPages(path), ['Общая площадь здания, м²\t1234.5\nЭтажность\t9', 'Лист 2 & примечания']);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a file that is not a zip is rejected, not read as empty', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'drs-ooxml-'));
  try {
    const path = join(dir, 'broken.docx');
    await writeFile(path, 'not a zip at all');
    await assert.rejects(docxPages(path));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
