import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { XMLParser } from 'fast-xml-parser';
import { generateSet } from './generate.ts';
import { docxSheets, pdfPages, zipEntry } from './inspect.ts';
import { fileChecksum } from './xml-note.ts';
import { STALE_NORMS, WRONG_DESIGNATIONS } from './norms.ts';
import { storeysAdjective } from './format.ts';
import { REQUIRED_CODES } from './sections.ts';
import { CHECK_IDS, type GeneratedFile, type GeneratedSet } from './types.ts';
import { convertAll, sofficeAvailable } from '../quality/convert.ts';

async function tmp(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'drs-gen-'));
}

async function pagesOf(f: GeneratedFile): Promise<string[]> {
  return f.format === 'pdf' ? pdfPages(f.path) : docxSheets(f.path);
}

const flat = (s: string): string => s.replace(/\s+/g, ' ');

test('a clean set holds every required section, matching page counts and no stale norm', async () => {
  const dir = await tmp();
  try {
    const set = await generateSet({ seed: 11, formats: ['pdf', 'docx'], defects: [], withXmlNote: true }, dir);
    assert.deepEqual(set.planted, []);
    const kinds = set.files.map((f) => f.kind);
    for (const code of REQUIRED_CODES) assert.ok(kinds.includes(code), `${code} missing`);
    assert.ok(set.files.some((f) => f.format === 'docx') && set.files.some((f) => f.format === 'pdf'));
    for (const f of set.files.filter((x) => x.format !== 'xml')) {
      const pages = await pagesOf(f);
      assert.equal(pages.length, f.pages, `${f.name}: page count`);
      const text = flat(pages.join(' '));
      assert.match(text, /ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ/);
      for (const n of STALE_NORMS) {
        // A stale designation may only appear inside or right after the title of its current successor.
        const at = text.indexOf(n.designation);
        if (at < 0) continue;
        const titled =
          /Актуализированная редакция $|["»] \(?$/.test(text.slice(Math.max(0, at - 40), at)) ||
          /^\S* Актуализированная редакция/.test(text.slice(at + n.designation.length, at + n.designation.length + 40));
        assert.ok(titled, `${f.name} cites ${n.designation}: …${text.slice(Math.max(0, at - 60), at + 60)}…`);
      }
      for (const n of WRONG_DESIGNATIONS) assert.ok(!text.includes(n.designation), `${f.name} cites ${n.designation}`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('LibreOffice lays every DOCX sheet out on exactly one page', { skip: !sofficeAvailable() && 'soffice is not installed' }, async () => {
  const dir = await tmp();
  try {
    const docx: GeneratedFile[] = [];
    for (const seed of [41, 42]) {
      const set = await generateSet(
        { seed, formats: ['docx'], defects: [{ kind: 'norms.superseded' }, { kind: 'references.missing_target' }] },
        join(dir, String(seed)),
      );
      docx.push(...set.files.filter((f) => f.format === 'docx'));
    }
    const pdfs = await convertAll(docx.map((f) => ({ path: f.path, outDir: dirname(f.path) })));
    for (const f of docx) {
      const pages = await pdfPages(pdfs.get(f.path) as string);
      assert.equal(pages.length, f.pages, `${f.name}: LibreOffice pages`);
      // The sheet number printed in the title block of the last page is the page count minus the title page.
      assert.match(flat(pages[pages.length - 1] as string), new RegExp(`(^|\\D)${f.pages - 1}(\\D|$)`));
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('the same seed gives the same set; another seed gives another one', async () => {
  const [a, b, c] = [await tmp(), await tmp(), await tmp()];
  try {
    const spec = {
      seed: 5,
      formats: ['pdf', 'docx'] as ('pdf' | 'docx')[],
      defects: [{ kind: 'norms.superseded' as const }, { kind: 'titleblock.missing_roles' as const }],
    };
    const s1 = await generateSet(spec, a);
    const s2 = await generateSet(spec, b);
    const s3 = await generateSet({ ...spec, seed: 6 }, c);
    assert.deepEqual(s2.planted, s1.planted);
    assert.deepEqual(
      s2.files.map((f) => [f.name, f.pages]),
      s1.files.map((f) => [f.name, f.pages]),
    );
    for (const [i, f] of s1.files.entries()) {
      const g = s2.files[i] as GeneratedFile;
      if (f.format === 'pdf') assert.deepEqual(await pdfPages(g.path), await pdfPages(f.path));
      else assert.equal(await zipEntry(g.path, 'word/document.xml'), await zipEntry(f.path, 'word/document.xml'));
    }
    assert.notDeepEqual(
      s3.files.map((f) => f.name),
      s1.files.map((f) => f.name),
    );
  } finally {
    await Promise.all([a, b, c].map((d) => rm(d, { recursive: true, force: true })));
  }
});

test('a defect forced into DOCX in a PDF set is carried by a real DOCX file', async () => {
  const dir = await tmp();
  try {
    const set = await generateSet(
      {
        seed: 31,
        formats: ['pdf'],
        defects: [
          { kind: 'consistency.cipher', variant: 2, format: 'docx' },
          { kind: 'sheets.numbering_gap', variant: 0, format: 'docx' },
        ],
      },
      dir,
    );
    for (const d of set.planted) {
      assert.match(d.docName, /\.docx$/);
      const f = set.files.find((x) => x.name === d.docName) as GeneratedFile;
      assert.equal(f.format, 'docx');
      assert.equal((await readFile(f.path)).subarray(0, 2).toString('latin1'), 'PK');
    }
    for (const f of set.files.filter((x) => x.format === 'pdf')) assert.equal((await readFile(f.path)).subarray(0, 5).toString('latin1'), '%PDF-');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('the XML explanatory note parses and lists every volume with its checksum', async () => {
  const dir = await tmp();
  try {
    const set = await generateSet({ seed: 21, defects: [], withXmlNote: true }, dir);
    const xmlFile = set.files.find((f) => f.format === 'xml') as GeneratedFile;
    const doc = new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(await readFile(xmlFile.path, 'utf8'));
    const note = doc.ExplanatoryNote;
    assert.equal(note['@_SchemaVersion'], '01.07');
    const pz = set.files.find((f) => f.kind === 'ПЗ' && f.format !== 'xml') as GeneratedFile;
    const pzText = flat((await pagesOf(pz)).join(' '));
    assert.ok(pzText.includes(note.ExplanatoryNoteNumber), 'cipher of the XML appears in the ПЗ');
    assert.ok(pzText.includes(note.NonIndustrialObject.LandInfo.LandAreaInfo.CadastralNumber));
    const listed = [
      ...(await readFile(xmlFile.path, 'utf8')).matchAll(/<FileName>([^<]+)<\/FileName><FileFormat>[^<]+<\/FileFormat><FileChecksum>([0-9A-F]{8})</g),
    ];
    const volumes = set.files.filter((f) => f.format !== 'xml' && f.kind !== 'ПЗ');
    assert.equal(listed.length, volumes.length);
    for (const [, name, sum] of listed) {
      const f = volumes.find((v) => v.name === name);
      assert.ok(f, `${name} listed but absent`);
      assert.equal(sum, await fileChecksum(f.path));
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

const spelledIn = (d: GeneratedSet['planted'][number]): RegExp =>
  new RegExp((/в написании «(.+)»$/.exec(d.detail)?.[1] ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('⏎', '\\s*'));

const EVIDENCE: Partial<Record<string, (d: GeneratedSet['planted'][number]) => RegExp>> = {
  'norms.superseded': spelledIn,
  'norms.nonexistent': spelledIn,
  // «общая площадь 1 234,5 вместо …» or «площадь земельного участка 3 483 вместо …» (whole square metres)
  'consistency.area': (d) => new RegExp((/ (\d[\d ]*(?:,\d)?) вместо/.exec(d.detail)?.[1] ?? 'x').replace(/\s/g, '\\s?')),
  'consistency.storeys': (d) => {
    const n = Number(/этажность (\d+)/.exec(d.detail)?.[1]);
    const floors = Number(/этажей (\d+)/.exec(d.detail)?.[1]);
    return new RegExp(`(?:^|\\D)(?:${n}|${floors})(?:\\D|$)|${storeysAdjective(n, true)}`);
  },
  'consistency.cadastral_number': (d) => new RegExp(/номер (\S+) вместо/.exec(d.detail)?.[1] ?? 'x'),
  'cipher.mixed_script': (d) => new RegExp((/шифр (\S+) с латинской/.exec(d.detail)?.[1] ?? 'x').replace(/[./]/g, '\\$&')),
  'iul.file_mismatch': (d) => new RegExp(/CRC32 (\S+)/.exec(d.detail)?.[1] ?? 'x'),
};

for (const kind of CHECK_IDS) {
  test(`planting ${kind} records where it is, and the text layer shows it`, async () => {
    const dir = await tmp();
    try {
      for (const format of ['pdf', 'docx'] as const) {
        const set = await generateSet({ seed: 100 + CHECK_IDS.indexOf(kind), formats: [format], defects: [{ kind, format }] }, join(dir, format));
        const planted = set.planted.filter((p) => p.kind === kind);
        assert.equal(planted.length, 1, `${format}: one ${kind} planted`);
        const d = planted[0] as GeneratedSet['planted'][number];
        if (d.docName === '') {
          if (kind === 'request.unanswerable') {
            assert.ok(set.userRequest);
            assert.ok(!set.files.some((f) => f.kind === d.section), 'the section asked about is absent');
          }
          if (kind === 'completeness.missing_section') assert.ok(!set.files.some((f) => f.kind === d.section));
          continue;
        }
        const file = set.files.find((f) => f.name === d.docName) as GeneratedFile;
        assert.ok(file, `${d.docName} exists`);
        // the design assignment is an XML document whatever the volumes' format: its one page is its element tree
        if (file.format === 'xml') {
          assert.equal(d.page, 1);
          continue;
        }
        assert.equal(file.format, format, 'the requested format carries the defect');
        if (d.page === null) continue;
        assert.ok(d.page >= 1 && d.page <= file.pages);
        const evidence = EVIDENCE[kind];
        if (evidence) {
          const pages = await pagesOf(file);
          const shown = [d.page, ...(d.altPages ?? [])].some((p) => evidence(d).test(flat(pages[p - 1] ?? '')));
          assert.ok(shown, `${format}: ${d.detail} not visible on page ${d.page}`);
        }
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
}

test('a broken text layer carrier: inner pages extract as mojibake, the title page and DOCX volumes do not', async () => {
  const dir = await tmp();
  try {
    const set = await generateSet({ seed: 23, formats: ['pdf', 'docx'], defects: [], brokenTextLayer: { encoding: 'cp1251', stamps: true } }, dir);
    const pdf = set.files.find((f) => f.format === 'pdf' && f.pages > 2)!;
    const pages = await pdfPages(pdf.path);
    assert.match(pages[0]!, /ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ/);
    assert.match(pages[1]!, /Ñîäåðæàíèå òîìà/);
    // the signature rows of the title block too; the binding field stays as drawn
    assert.match(pages[1]!, /Ðàçðàá\.|Ðàçðàáîòàë|Èñïîëíèë/);
    assert.match(pages[1]!, /Инв\. № подл\./);
    if (pdftotextAvailable()) assert.match(execFileSync('pdftotext', ['-f', '2', '-l', '2', pdf.path, '-']).toString(), /Ñîäåðæàíèå òîìà/);
    for (const f of set.files.filter((x) => x.format === 'docx')) assert.doesNotMatch((await docxSheets(f.path)).join(' '), /Ñîäåðæàíèå/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

function pdftotextAvailable(): boolean {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
