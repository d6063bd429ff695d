/**
 * Running page numbers of the set in document order. A document with unknown (null) or zero pages
 * gets nulls and does not move the others: later documents continue right after the last known page,
 * so the numbers already shown for them stay stable when a page count cannot be determined.
 */
export function assignPageNumbers(pages: (number | null)[]): { page_from: number | null; page_to: number | null }[] {
  let next = 1;
  return pages.map((p) => {
    if (p === null || !Number.isInteger(p) || p <= 0) return { page_from: null, page_to: null };
    const range = { page_from: next, page_to: next + p - 1 };
    next += p;
    return range;
  });
}
