import { cipherKey } from '../facts/cipher.ts';
import type { DocFacts } from '../facts/types.ts';
import { ownCipherOf } from './volume-parts.ts';

/** The cipher base most volumes share (one vote per document, by the cipher of its own sheets), or null. */
export function setCipherBase(docs: readonly DocFacts[]): string | null {
  const votes = new Map<string, number>();
  for (const d of docs) {
    // the volume's own cipher: sheets of another set bound into a volume do not vote
    // context documents (an act of transfer, a ТУ, an assignment) name volumes or carry ciphers of their own issuers
    const own = d.cipher && !d.xml && d.doc.role !== 'context' ? ownCipherOf(d) : null;
    if (own) votes.set(cipherKey(own.base), (votes.get(cipherKey(own.base)) ?? 0) + 1);
  }
  const ranked = [...votes.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return ranked[0]?.[0] ?? null;
}
