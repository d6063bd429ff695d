import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Document, Packer, PageBreak, Paragraph, TextRun, Footer, Table, TableRow, TableCell, WidthType } from 'docx';
import { parseStamp } from '../facts/stamp.ts';

/** Runs a test body with a scratch directory that is removed afterwards. */
const inDir = (body: (dir: string) => Promise<void>) => async () => {
  const dir = await mkdtemp(join(tmpdir(), 'drs-ooxml-'));
  try {
    await body(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};
import yazl from 'yazl';
import { docxPages, xlsxPages } from './ooxml.ts';

test(
  'a .docx is split at Word page breaks and its footer (title block) is kept',
  inDir(async (dir) => {
    const doc = new Document({
      sections: [
        {
          footers: { default: new Footer({ children: [new Paragraph('24-017-ПЗ Лист 1')] }) },
          children: [
            new Paragraph({ children: [new TextRun('Пояснительная записка. Этажность – 9')] }),
            new Paragraph({ children: [new PageBreak()] }),
            new Paragraph('Вторая страница: см. лист 3'),
          ],
        },
      ],
    });
    const path = join(dir, 'pz.docx');
    await writeFile(path, await Packer.toBuffer(doc));
    const r = await docxPages(path);
    assert.equal(r.pages.length, 2);
    assert.match(r.pages[0]!, /Этажность – 9/);
    assert.match(r.pages[1]!, /см\. лист 3/);
    assert.match(r.extra, /24-017-ПЗ/);
  }),
);

test(
  'a .xlsx gives one page per sheet with shared and inline strings',
  inDir(async (dir) => {
    const path = join(dir, 'tep.xlsx');
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from('<sst><si><t>Общая площадь здания, м²</t></si><si><t>Этажность</t></si></sst>'), 'xl/sharedStrings.xml');
    zip.addBuffer(
      Buffer.from(
        '<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1"><v>1234.5</v></c></row><row r="2"><c r="A2" t="s"><v>1</v></c><c r="B2" t="inlineStr"><is><t>9</t></is></c></row></sheetData></worksheet>',
      ),
      'xl/worksheets/sheet1.xml',
    );
    zip.addBuffer(
      Buffer.from('<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Лист 2 &amp; примечания</t></is></c></row></sheetData></worksheet>'),
      'xl/worksheets/sheet2.xml',
    );
    zip.end();
    const out = createWriteStream(path);
    zip.outputStream.pipe(out);
    await once(out, 'finish');
    assert.deepEqual(await xlsxPages(path), ['Общая площадь здания, м²\t1234.5\nЭтажность\t9', 'Лист 2 & примечания']);
  }),
);

test(
  'a file that is not a zip is rejected, not read as empty',
  inDir(async (dir) => {
    const path = join(dir, 'broken.docx');
    await writeFile(path, 'not a zip at all');
    await assert.rejects(docxPages(path));
  }),
);

/** A form-5 title block typed as a Word table: the table of changes and role rows on the left, cipher and numbers on the right. */
function stampTable(o: { cipher: string; sheet: string; sheets?: string; roles: [string, string][] }): Table {
  const cell = (text: string, twips: number, span?: number) =>
    new TableCell({ children: [new Paragraph(text)], width: { size: twips, type: WidthType.DXA }, ...(span ? { columnSpan: span } : {}) });
  const head = ['Изм.', 'Кол.уч.', 'Лист', '№ док.', 'Подп.', 'Дата'].map((t) => cell(t, 560));
  const rows = [
    new TableRow({ children: [...head, cell(o.cipher, 3400, 3)] }),
    new TableRow({ children: [...['', '', '', '', '', ''].map((t) => cell(t, 560)), cell('Стадия', 1100), cell('Лист', 1100), cell('Листов', 1200)] }),
    new TableRow({ children: [...['', '', '', '', '', ''].map((t) => cell(t, 560)), cell('П', 1100), cell(o.sheet, 1100), cell(o.sheets ?? '', 1200)] }),
    ...o.roles.map(([role, name]) => new TableRow({ children: [cell(role, 1120, 2), cell(name, 1120, 2), cell('', 560), cell('', 560), cell('', 3400, 3)] })),
  ];
  return new Table({ rows, columnWidths: [560, 560, 560, 560, 560, 560, 1100, 1100, 1200] });
}

test(
  'title blocks typed as Word tables are placed like drawn ones: roles, sheet and sheet count are read per page',
  inDir(async (dir) => {
    const contents = new Table({
      rows: [
        ['Лист', 'Наименование'],
        ['1', 'Содержание'],
        ['2', 'Текстовая часть'],
      ].map((r) => new TableRow({ children: r.map((t) => new TableCell({ children: [new Paragraph(t)] })) })),
    });
    const doc = new Document({
      sections: [
        {
          children: [
            new Paragraph('Содержание тома'),
            contents,
            stampTable({
              cipher: '24-017-КР',
              sheet: '1',
              sheets: '3',
              roles: [
                ['Разраб.', 'Иванов'],
                ['Пров.', 'Петров'],
                ['Н. контр.', ''],
                ['ГИП', 'Сидоров'],
              ],
            }),
            new Paragraph({ children: [new PageBreak()] }),
            new Paragraph('Текстовая часть, см. лист 7'),
            stampTable({ cipher: '24-017-КР', sheet: '2', roles: [] }),
          ],
        },
      ],
    });
    const path = join(dir, 'kr.docx');
    await writeFile(path, await Packer.toBuffer(doc));
    const r = await docxPages(path);
    assert.equal(r.pages.length, 2);
    const first = parseStamp(r.stamps[0]!, 1);
    const second = parseStamp(r.stamps[1]!, 2);
    // the contents table has a «Лист» column but no title-block rows: it is not a stamp
    assert.ok(!r.stamps[0]!.some((l) => l.text === 'Текстовая часть'));
    assert.deepEqual([first.cipher, first.sheet, first.sheets, first.hasRoleRows], ['24-017-КР', 1, 3, true]);
    assert.deepEqual(first.roles, { 'Разраб.': 'filled', 'Пров.': 'filled', 'Н. контр.': 'empty', ГИП: 'filled' });
    assert.deepEqual([second.sheet, second.sheets], [2, null]);
  }),
);

test(
  'a page without a typed title block has no stamp lines',
  inDir(async (dir) => {
    const path = join(dir, 'letter.docx');
    await writeFile(path, await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('Письмо заказчику')] }] })));
    assert.deepEqual((await docxPages(path)).stamps, [[]]);
  }),
);

test(
  'a table whose cells only begin like a role («Провод ВВГнг», «Гипсокартон») is not a title block',
  inDir(async (dir) => {
    const spec = new Table({
      rows: [
        ['Поз.', 'Наименование', 'Лист'],
        ['1', 'Провод ВВГнг-LS 3х2,5', '4'],
        ['2', 'Гипсокартон ГКЛВ', '5'],
      ].map((r) => new TableRow({ children: r.map((t) => new TableCell({ children: [new Paragraph(t)] })) })),
    });
    const path = join(dir, 'spec.docx');
    await writeFile(path, await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('Спецификация'), spec] }] })));
    assert.deepEqual((await docxPages(path)).stamps, [[]]);
  }),
);

test(
  'a stamp in the footer stands on every page with its roles and cipher, without its page-field numbers',
  inDir(async (dir) => {
    const footer = new Footer({
      children: [
        stampTable({
          cipher: '77-25-АР',
          sheet: '1',
          sheets: '3',
          roles: [
            ['Разраб.', 'Иванов'],
            ['Н. контр.', ''],
          ],
        }),
      ],
    });
    const doc = new Document({
      sections: [
        {
          footers: { default: footer },
          children: [new Paragraph('Лист первый'), new Paragraph({ children: [new PageBreak()] }), new Paragraph('Лист второй')],
        },
      ],
    });
    const path = join(dir, 'ar.docx');
    await writeFile(path, await Packer.toBuffer(doc));
    const r = await docxPages(path);
    assert.equal(r.stamps.length, 2);
    for (const [i, lines] of r.stamps.entries()) {
      const st = parseStamp(lines, i + 1);
      assert.deepEqual([st.cipher, st.sheet, st.sheets, st.roles['Разраб.'], st.roles['Н. контр.']], ['77-25-АР', null, null, 'filled', 'empty']);
    }
  }),
);
