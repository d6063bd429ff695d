import type { FeedbackRow } from '../../store/schema.ts';

/** The latest decision per (finding_id, actor): the current state of every actor's decision. */
export function latestDecisions(history: readonly FeedbackRow[]): FeedbackRow[] {
  const latest = new Map<string, FeedbackRow>();
  for (const row of history) {
    const key = `${row.finding_id}\u0000${row.actor}`;
    const seen = latest.get(key);
    if (!seen || row.version > seen.version) latest.set(key, row);
  }
  return [...latest.values()].sort((a, b) => a.finding_id.localeCompare(b.finding_id) || a.actor.localeCompare(b.actor));
}
