/** What the decisions on a finding amount to, shared by the domain (the carry-over of a round) and the reports. */
import type { Decision } from './model/feedback.ts';

/**
 * The decision that stands on a finding, from the current decision of every author (latestDecisions): the most
 * recent one that is not a withdrawal. «withdrawn» withdraws a decision (the contract), so a finding whose every
 * decision is withdrawn is undecided again; the latest withdrawal is still returned so the round's history is seen.
 */
export function standingDecision(current: readonly Decision[]): Decision | undefined {
  const newest = (list: readonly Decision[]) =>
    list.reduce<Decision | undefined>((a, d) => (!a || d.createdAt > a.createdAt || (d.createdAt === a.createdAt && d.version > a.version) ? d : a), undefined);
  return newest(current.filter((d) => d.decision !== 'withdrawn')) ?? newest(current);
}

/** Decisions grouped by the finding they are on. */
export function byFinding(decisions: readonly Decision[]): Map<string, Decision[]> {
  const by = new Map<string, Decision[]>();
  for (const d of decisions) by.set(d.findingId, [...(by.get(d.findingId) ?? []), d]);
  return by;
}
