/**
 * The official Минстрой XML schemas the review validates against: which files it expects in XSD_DIR, for which
 * document and version, and the SHA-256 of the official bytes. The schemas themselves are not part of the project:
 * the operator downloads them from the Минстрой catalogue (docs/xml-schemas.md says where and how to check them).
 * Each digest names where the bytes it stands for were found.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MinstroyDocument } from './xml-schema-messages.ts';

/** The Минстрой catalogue of XML schemas, where every file below is published (ZIP archives: XSD, XSL view, PDF). */
export const SCHEMA_CATALOGUE = 'https://minstroyrf.gov.ru/tim/xml-skhemy/';

/** One set of bytes of an official file, and where they were found. */
export interface KnownDigest {
  sha256: string;
  bytes: number;
  /** Where these bytes were found: the catalogue's archive, or a public repository at a commit. */
  found: string;
}

export interface SchemaSource {
  document: MinstroyDocument;
  version: string;
  /** The file's name in XSD_DIR, as the official archive names it. */
  file: string;
  /**
   * The official file's bytes; more than one where the same file circulates with other line ends. A file is also
   * recognised when its content with CRLF line ends read as LF has one of these digests.
   */
  digests: readonly KnownDigest[];
  /** The SchemaVersion the official file fixes when it differs from its own version (01.04 fixes «01.03»). */
  fixedVersion?: string;
}

const AEROBIM = 'KonkovDV/AeroBIM @ c9ac860d6501e34fa11d067308f94e1c67b2cf4e, samples/xsd/minstroy/';
const MOGE = '14Segun88/MOGE_TG_24_03_26 @ b53679a0201c179e9a44ac257dd83c886ccfc058, xsd/';

export const SCHEMA_SOURCES: readonly SchemaSource[] = [
  {
    document: 'ExplanatoryNote',
    version: '01.04',
    file: 'explanatorynote-01-04.xsd',
    digests: [{ sha256: '698d22a31fafb0bc13830c82913fb18c8824a045442ee4e0b45a3de222f27eae', bytes: 568_898, found: `${MOGE}explanatorynote-01-04.xsd` }],
    // the 01.04 file still fixes SchemaVersion to 01.03: the value changed only in 01.05 (change 62 of the schema's own list)
    fixedVersion: '01.03',
  },
  {
    document: 'ExplanatoryNote',
    version: '01.05',
    file: 'explanatorynote-01-05.xsd',
    digests: [
      {
        sha256: '6002c961b155322b52ec64462eadb2c58049a0ad7f4411372b4e1f4b432f5f58',
        bytes: 573_278,
        found: `${AEROBIM}explanatorynote-01-05.xsd (the same Git blob in ${MOGE})`,
      },
    ],
  },
  {
    document: 'ExplanatoryNote',
    version: '01.06',
    file: 'explanatorynote-01-06.xsd',
    digests: [
      {
        sha256: 'e3fbc7b338d2b5a7d88855d41904cea5077e681b804489c017f3017823a12569',
        bytes: 594_624,
        found: `${AEROBIM}explanatorynote-01-06.xsd (the catalogue's «версия 01.06.zip»)`,
      },
    ],
  },
  {
    document: 'ExplanatoryNote',
    version: '01.07',
    file: 'explanatorynote-01-07.xsd',
    digests: [
      {
        sha256: '742dc8ec7f2df425b27fd59d419f3d01e4f25f53025475f9e71f7f4f45459df4',
        bytes: 586_987,
        found: `${AEROBIM}explanatorynote-01-07.xsd (catalogue subsection p9_4, archive folder explanatorynote-dev_explanatorynote_v_1_07/)`,
      },
    ],
  },
  {
    document: 'DesignAssignment',
    version: '01.00',
    file: 'DesignAssignment-01-00.xsd',
    digests: [
      {
        sha256: 'f566de807cc3f74b807f0498dfd9e31948d14bc7c4146a4b9c1df1f8e2964b23',
        bytes: 544_958,
        found: `${AEROBIM}DesignAssignment-01-00.xsd (LF line ends)`,
      },
      {
        sha256: 'ee8dd45c7b8d71f63a5991209c2f91edfa05daf530e411ae3071191d3f1406f4',
        bytes: 554_673,
        found: `the catalogue's archive (CRLF line ends): the same file with CRLF, whose size and digest match those recorded for the published file beside ${AEROBIM}DesignAssignment-01-00.xsd`,
      },
    ],
  },
  {
    document: 'DesignAssignment',
    version: '01.01',
    file: 'DesignAssignment-01-01.xsd',
    digests: [
      {
        sha256: '38ff89664f1c8c3bd8fef9366d1ee747aa3313ada6c32dc026d5658d3c040be5',
        bytes: 579_951,
        found: `${AEROBIM}DesignAssignment-01-01.xsd (catalogue subsection p12_2)`,
      },
    ],
  },
];

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Whether a file holds the official bytes of its schema: its SHA-256, or that of its content with CRLF line ends read
 * as LF, is one the source names. Returns the file's own digest either way.
 */
export function officialDigest(source: SchemaSource, bytes: Buffer): { sha256: string; official: boolean } {
  const own = sha256(bytes);
  const known = new Set(source.digests.map((d) => d.sha256));
  if (known.has(own)) return { sha256: own, official: true };
  const lf = bytes.includes('\r\n') ? sha256(Buffer.from(bytes.toString('latin1').replace(/\r\n/g, '\n'), 'latin1')) : null;
  return { sha256: own, official: lf !== null && known.has(lf) };
}

/** What XSD_DIR holds of the files expected, for the operator: missing ones and ones that are not the official bytes. */
export async function schemaFolderState(xsdDir: string): Promise<{ installed: string[]; missing: string[]; unofficial: { file: string; sha256: string }[] }> {
  const state = { installed: [] as string[], missing: [] as string[], unofficial: [] as { file: string; sha256: string }[] };
  for (const source of SCHEMA_SOURCES) {
    const bytes = await readFile(join(xsdDir, source.file)).catch(() => null);
    if (!bytes) {
      state.missing.push(source.file);
      continue;
    }
    state.installed.push(source.file);
    const d = officialDigest(source, bytes);
    if (!d.official) state.unofficial.push({ file: source.file, sha256: d.sha256 });
  }
  return state;
}
