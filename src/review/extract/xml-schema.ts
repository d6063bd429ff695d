/**
 * Validation of the Минстрой XML documents — the explanatory note (ExplanatoryNote) and the design assignment
 * (DesignAssignment) — against the official XSD of the version the document states. The schemas are not part of the
 * project: the operator installs the official files into XSD_DIR; xml-schema-sources.ts names the files expected and
 * their digests (docs/xml-schemas.md: where to download them and how to check them). A file whose digest is not an
 * official one is still used, and every document validated against it says so.
 * libxml2 (compiled to WebAssembly) is loaded on the first XML document only, and each schema is compiled once per process.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { XmlDocument, XmlElement, XsdValidator } from 'libxml2-wasm';
import type { Importance } from '../../kernel/result.ts';
import { asUtf8Document } from '../../ingest/xml-encoding.ts';
import { explainViolation, type MinstroyDocument, type Violation } from './xml-schema-messages.ts';
import { ownAssertions, type OwnAssertion } from './xml-schema-assertions.ts';
import { officialDigest, SCHEMA_SOURCES, type SchemaSource } from './xml-schema-sources.ts';

// the operator's check of XSD_DIR at start lives beside the sources, so it loads none of the validator
export { officialDigest, schemaFolderState } from './xml-schema-sources.ts';

export type { MinstroyDocument, Violation } from './xml-schema-messages.ts';

export const DOCUMENT_TITLES: Readonly<Record<MinstroyDocument, string>> = {
  ExplanatoryNote: 'пояснительной записки',
  DesignAssignment: 'задания на проектирование',
};

/** What validation of one document found. */
export interface SchemaCheck {
  document: MinstroyDocument;
  /** SchemaVersion as the document states it, or null when absent. */
  version: string | null;
  /** False when the document was not validated; `reason` then says why, in Russian. */
  validated: boolean;
  reason?: string;
  /** Violations in document order, merged per element (one entry per element path and kind of fault). */
  violations: Violation[];
  /** Assertions (xs:assert, XSD 1.1) of the schema neither libxml2 nor the review's own rules evaluate: their wording in the schema. */
  uncheckedAssertions: string[];
  /** Set when the document was validated against a file of XSD_DIR whose SHA-256 is none of the official ones. */
  unofficialSchema?: { file: string; sha256: string };
}
/** Larger documents are not validated: libxml2 holds the whole tree in WebAssembly memory (real notes weigh 50–600 KB). */
export const MAX_VALIDATED_BYTES = 10 * 1024 * 1024;
const XS = { xs: 'http://www.w3.org/2001/XMLSchema' };

type Libxml = typeof import('libxml2-wasm');
let libxml: Promise<Libxml> | null = null;
const loadLibxml = () => (libxml ??= import('libxml2-wasm'));

interface Compiled {
  validator: XsdValidator;
  /** Every xs:assert removed from the loaded schema: its test and its documentation. */
  asserts: { test: string; text: string }[];
  /** The file's SHA-256 and whether it is one of the official ones. */
  digest: { sha256: string; official: boolean };
}
const compiled = new Map<string, Promise<Compiled | null>>();

/**
 * Compiles an official schema as libxml2 can: IDs of the documentation not registered (the files repeat
 * xml:id="Name"/"Symbol"), the XSD 1.1 assertions taken out of the tree, and the fixed SchemaVersion of 01.04 read as
 * its own version. The file on disk stays as published.
 */
function compile(source: SchemaSource, path: string): Promise<Compiled | null> {
  let c = compiled.get(path);
  if (!c) {
    c = (async () => {
      // a schema not installed is told to the user as such, never replaced by another version's
      const bytes = await readFile(path).catch(() => null);
      if (!bytes) return null;
      const digest = officialDigest(source, bytes);
      const lx = await loadLibxml();
      const doc = lx.XmlDocument.fromBuffer(bytes, {
        option: lx.ParseOption.XML_PARSE_SKIP_IDS | lx.ParseOption.XML_PARSE_NONET | lx.ParseOption.XML_PARSE_NO_XXE,
      });
      try {
        const asserts: Compiled['asserts'] = [];
        for (const node of doc.find('//xs:assert', XS)) {
          const el = node as XmlElement;
          const text = el.get('xs:annotation/xs:documentation', XS)?.content ?? '';
          asserts.push({ test: el.attr('test')?.value ?? '', text: text.replace(/\s+/g, ' ').trim() });
          el.remove();
        }
        if (source.fixedVersion) {
          const fixed = doc.get(
            `/xs:schema/xs:element[@name="${source.document === 'DesignAssignment' ? 'Document' : source.document}"]//xs:attribute[@name="SchemaVersion"]`,
            XS,
          ) as XmlElement | null;
          const attr = fixed?.attr('fixed');
          if (attr?.value === source.fixedVersion) attr.value = source.version;
        }
        return { validator: lx.XsdValidator.fromDoc(doc), asserts, digest };
      } finally {
        doc.dispose();
      }
    })();
    // a schema that failed to compile is tried again by the next document, not remembered as failed
    c.then(
      (r) => r ?? compiled.delete(path),
      () => compiled.delete(path),
    );
    compiled.set(path, c);
  }
  return c;
}

/** SchemaVersion of the root element, read from the head of the document without parsing it. */
export function statedVersion(xml: string): string | null {
  const root = /<(?!\?|!)[A-Za-z_][\w.:-]*((?:\s+[^\s=>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*\/?>/.exec(xml.slice(0, 20_000));
  const m = root ? /\bSchemaVersion\s*=\s*["']([^"']*)["']/.exec(root[1] ?? '') : null;
  return m ? m[1]!.trim() : null;
}

const notValidated = (document: MinstroyDocument, version: string | null, reason: string): SchemaCheck => ({
  document,
  version,
  validated: false,
  reason,
  violations: [],
  uncheckedAssertions: [],
});

/**
 * Validates a document — its text as decodeXml read it in the encoding it declares — against the official schema of the
 * version it states, read from xsdDir (absent: no folder of schemas named, nothing validated). Never throws for what the
 * document or the folder holds.
 */
export async function validateMinstroyXml(xml: string, document: MinstroyDocument, xsdDir: string | null | undefined): Promise<SchemaCheck> {
  const version = statedVersion(xml);
  const known = SCHEMA_SOURCES.filter((s) => s.document === document);
  const list = known.map((s) => s.version).join(', ');
  if (version === null)
    return notValidated(
      document,
      null,
      `в корневом элементе не указана версия схемы (атрибут SchemaVersion, обязательный во всех версиях); поддерживаются версии ${list}`,
    );
  const source = known.find((s) => s.version === version);
  if (!source) {
    const fixedBy = known.find((s) => s.fixedVersion === version);
    return notValidated(
      document,
      version,
      `версия схемы ${version} не поддерживается (поддерживаются ${list})${fixedBy ? `; официальная схема ${fixedBy.version} по ошибке фиксирует значение «${version}», поэтому записка, составленная по ней, неотличима от версии ${version} — укажите фактическую версию` : ''}; версию не угадываем`,
    );
  }
  if (Buffer.byteLength(xml, 'utf8') > MAX_VALIDATED_BYTES) return notValidated(document, version, `файл больше ${MAX_VALIDATED_BYTES / 1024 / 1024} МБ`);
  // Минстрой documents have no use for a DTD: a document declaring one (entities, external subsets) is not parsed at all
  if (xml.includes('<!DOCTYPE') || xml.includes('<!ENTITY'))
    return notValidated(document, version, 'документ содержит объявление DOCTYPE или ENTITY, которое схемы Минстроя не предусматривают');
  if (!xsdDir) return notValidated(document, version, 'официальные XML-схемы Минстроя не установлены на сервере (не задана папка схем XSD_DIR)');
  let schema: Compiled | null;
  try {
    schema = await compile(source, join(xsdDir, source.file));
  } catch {
    return notValidated(document, version, `файл XML-схемы версии ${version} (${source.file}) на сервере не читается как XML-схема: он повреждён`);
  }
  if (!schema) return notValidated(document, version, `официальная XML-схема версии ${version} (${source.file}) не установлена на сервере`);
  const unofficial = schema.digest.official ? {} : { unofficialSchema: { file: source.file, sha256: schema.digest.sha256 } };
  const lx = await loadLibxml();
  let doc: XmlDocument;
  try {
    // no entity substitution, no external loading of any kind; libxml2's own limits (depth 256, 10 MB text nodes) stay on
    doc = lx.XmlDocument.fromBuffer(asUtf8Document(xml), { option: lx.ParseOption.XML_PARSE_NONET | lx.ParseOption.XML_PARSE_NO_XXE });
  } catch (err) {
    const first = err instanceof lx.XmlLibError ? err.details[0] : undefined;
    return {
      document,
      version,
      validated: true,
      violations: [
        {
          path: '',
          line: first?.line ?? 0,
          kind: 'not_well_formed',
          importance: 'critical',
          text: `файл не является правильно построенным XML-документом${first?.line ? ` (ошибка в строке ${first.line})` : ''}${/depth/i.test(first?.message ?? '') ? ': вложенность элементов больше 256 уровней' : ''} и не может быть принят ни по одной схеме`,
        },
      ],
      uncheckedAssertions: schema.asserts.map((a) => a.text),
      ...unofficial,
    };
  }
  try {
    const violations: Violation[] = [];
    try {
      schema.validator.validate(doc);
    } catch (err) {
      if (!(err instanceof lx.XmlLibError)) throw err;
      for (const d of err.details) violations.push(explainViolation(d));
    }
    const own = ownAssertions.filter((r) => r.document === document);
    for (const rule of own) violations.push(...rule.check(doc));
    return {
      document,
      version,
      validated: true,
      violations: mergeViolations(violations),
      uncheckedAssertions: schema.asserts.filter((a) => !own.some((r: OwnAssertion) => r.covers.test(a.test))).map((a) => a.text),
      ...unofficial,
    };
  } finally {
    doc.dispose();
  }
}

const IMPORTANCE_RANK: Record<Importance, number> = { critical: 0, significant: 1, minor: 2 };

/** libxml2 names one bad value once per facet it breaks (length and pattern of an ОГРН): one entry per element, kind and attribute. */
function mergeViolations(list: Violation[]): Violation[] {
  const out: Violation[] = [];
  for (const v of list) {
    const same = out.find((o) => o.path === v.path && o.kind === v.kind && o.attribute === v.attribute);
    if (!same) out.push({ ...v });
    else if (!same.text.includes(v.text)) {
      same.text = `${same.text}; ${v.text}`;
      if (IMPORTANCE_RANK[v.importance] < IMPORTANCE_RANK[same.importance]) same.importance = v.importance;
    }
  }
  return out;
}
