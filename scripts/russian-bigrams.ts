/**
 * Derives the Russian letter-pair table of src/review/text/russian-bigrams.ts from the Russian text of the
 * service's own sources and docs (messages, findings, domain notes). Run: node --import tsx scripts/russian-bigrams.ts
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ALPHABET = '_абвгдежзийклмнопрстуфхцчшщъыьэюя';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return files(p);
    return /\.(ts|md)$/.test(f) && !f.includes('bigrams') ? [p] : [];
  });
}

const counts = Array.from({ length: ALPHABET.length }, () => new Array<number>(ALPHABET.length).fill(0));
for (const f of [...files('src'), ...files('docs')]) {
  for (const w of readFileSync(f, 'utf8')
    .toLowerCase()
    .replace(/ё/g, 'е')
    .match(/[а-я]+/g) ?? []) {
    const s = `_${w}_`;
    for (let i = 1; i < s.length; i++) counts[ALPHABET.indexOf(s[i - 1]!)]![ALPHABET.indexOf(s[i]!)]!++;
  }
}
// p(next | previous) with add-one smoothing, as −2·log10 p rounded into one digit (9: as rare as it gets)
const rows = counts.map((row) => {
  const total = row.reduce((a, b) => a + b, 0) + row.length;
  return row.map((c) => String(Math.min(9, Math.round(-2 * Math.log10((c + 1) / total))))).join('');
});
console.log(rows.map((r) => `  '${r}',`).join('\n'));
