import { cipherKey, parseCiphers } from '../facts/cipher.ts';
import type { DocFacts } from '../facts/types.ts';
import type { CipherFact } from '../facts/types.ts';

/** The registers of a РД set that list its комплекты (ГОСТ Р 21.101: the general data sheet). */
const REGISTER_RE = /ведомость\s+(?:основных\s+комплектов\s+рабочих\s+чертежей|ссылочных\s+и\s+прилагаемых\s+документов)/giu;
const NEXT_HEADING_RE = /\n\s*(?:ведомость\s+(?:рабочих\s+чертежей\s+основного|спецификаций)|общие\s+указания|ведомость\s+чертежей)/iu;

export interface RegisterListing {
  doc: DocFacts;
  /** The register's heading as written. */
  heading: string;
  /** Ciphers of the project's own комплекты listed there. */
  ciphers: CipherFact[];
}

/** Комплекты of the project a document's register lists (ciphers with the project's base; standard series are not). */
export function registerListing(d: DocFacts, setBase: string | null): RegisterListing | null {
  const head = d.head;
  const own = setBase ?? (d.cipher ? cipherKey(d.cipher.base) : null);
  if (!own) return null;
  const ciphers: CipherFact[] = [];
  let heading: string | null = null;
  for (const m of head.matchAll(REGISTER_RE)) {
    heading ??= m[0];
    const rest = head.slice(m.index + m[0].length, m.index + m[0].length + 3000);
    const end = NEXT_HEADING_RE.exec(rest)?.index ?? rest.length;
    for (const c of parseCiphers(rest.slice(0, end)))
      if (cipherKey(c.base) === own && !ciphers.some((x) => cipherKey(x.cipher) === cipherKey(c.cipher))) ciphers.push(c);
  }
  return heading && ciphers.length ? { doc: d, heading, ciphers } : null;
}
