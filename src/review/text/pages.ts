/** «с. 3–5, 9» for a list of page numbers: ranges keep long lists readable. */
export function pageList(pages: readonly number[]): string {
  return `с. ${numberRuns(pages)}`;
}

/** «3–5, 9» for a list of numbers (pages, sheets). */
export function numberRuns(numbers: readonly number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i]!;
    let end = start;
    while (sorted[i + 1] === end + 1) end = sorted[++i]!;
    parts.push(end === start ? String(start) : end === start + 1 ? `${start}, ${end}` : `${start}–${end}`);
  }
  return parts.join(', ');
}

/** «1 лист», «3 листа», «12 листов». */
export function sheetsWord(n: number): string {
  const d10 = n % 10;
  const d100 = n % 100;
  if (d10 === 1 && d100 !== 11) return `${n} лист`;
  if (d10 >= 2 && d10 <= 4 && (d100 < 12 || d100 > 14)) return `${n} листа`;
  return `${n} листов`;
}
