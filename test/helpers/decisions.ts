import type { Decision, DecisionKind } from '../../src/kernel/model/feedback.ts';

/** A stored decision of one author on one finding, for tests of the rules and views built on the history. */
export const storedDecision = (findingId: string, actor: string, version: number, decision: DecisionKind): Decision => ({
  id: `${findingId}-${actor}-${version}`,
  tenantId: 't',
  runId: 'r',
  snapshot: 's',
  findingId,
  actor,
  decision,
  reason: '',
  reasonCode: null,
  employeeId: null,
  version,
  requestKey: `${findingId}-${actor}-${version}`,
  requestHash: 'h',
  createdAt: '2026-11-21T10:00:00.000Z',
  carriedFrom: null,
});
