import type { Decision } from '../../kernel/model/feedback.ts';

/** The latest decision per (finding_id, actor): the current state of every actor's decision. */
export function latestDecisions(history: readonly Decision[]): Decision[] {
  const latest = new Map<string, Decision>();
  for (const row of history) {
    const key = `${row.findingId}\u0000${row.actor}`;
    const seen = latest.get(key);
    if (!seen || row.version > seen.version) latest.set(key, row);
  }
  return [...latest.values()].sort((a, b) => a.findingId.localeCompare(b.findingId) || a.actor.localeCompare(b.actor));
}
