import { createHash } from 'node:crypto';
import { errors } from '../../kernel/errors.ts';

export const DECISIONS = ['accepted', 'rejected', 'withdrawn'] as const;
export type DecisionValue = (typeof DECISIONS)[number];

/** Body of POST /runs/{run_id}/feedback after schema validation. */
export interface DecisionRequest {
  snapshot: string;
  finding_id: string;
  decision: DecisionValue;
  reason: string;
  version: number;
  request_key: string;
  reason_code?: string | null;
  employee_id?: string | null;
}

/** An optional text field: absent, null and "" all mean "not given". */
const given = (v: string | null | undefined): string | null => (v === undefined || v === null || v === '' ? null : v);

/** The request with reason_code and employee_id reduced to a string or null. */
export function normalizeDecision(req: DecisionRequest): DecisionRequest & { reason_code: string | null; employee_id: string | null } {
  return { ...req, reason_code: given(req.reason_code), employee_id: given(req.employee_id) };
}

/** reason_code and employee_id belong to connections with employees only; elsewhere sending them is a 422. */
export function checkEmployeeFields(hasEmployees: boolean, req: DecisionRequest): void {
  if (hasEmployees) return;
  const sent = (['reason_code', 'employee_id'] as const).filter((f) => given(req[f]) !== null);
  if (sent.length) {
    throw errors.employeeFieldsRefused(sent);
  }
}

/**
 * Canonical hash of a decision submission: what tells a repeat of the same request (same request_key,
 * same content) from a reuse of the key for another decision. The actor and the run are part of it.
 */
export function decisionRequestHash(runId: string, actor: string, req: DecisionRequest): string {
  const canonical = JSON.stringify([
    runId,
    actor,
    req.snapshot,
    req.finding_id,
    req.decision,
    req.reason,
    req.version,
    given(req.reason_code),
    given(req.employee_id),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}
