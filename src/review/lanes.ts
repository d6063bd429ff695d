/**
 * Deals documents to `count` readers: the largest first, each to the reader with the fewest pages so far, so the
 * readers finish at about the same time. Each reader's share stays in set order; a reader knows its documents ahead
 * and can read them in one go.
 */
export function dealDocuments(sizes: readonly number[], count: number): number[][] {
  const lanes = Array.from({ length: Math.max(1, count) }, () => ({ load: 0, items: [] as number[] }));
  const largestFirst = sizes.map((_, i) => i).sort((a, b) => sizes[b]! - sizes[a]! || a - b);
  for (const i of largestFirst) {
    const lane = lanes.reduce((best, l) => (l.load < best.load ? l : best));
    lane.items.push(i);
    lane.load += sizes[i]!;
  }
  return lanes.map((l) => l.items.sort((a, b) => a - b));
}
