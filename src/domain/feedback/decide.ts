import { randomUUID } from 'node:crypto';
import type { Db } from '../../store/db.ts';
import type { Decision } from '../../kernel/model/feedback.ts';
import { errors } from '../../kernel/errors.ts';
import { decisionByRequestKey, latestVersion, storeDecision } from '../../store/repositories/feedback.ts';
import { nowIso } from '../../kernel/clock.ts';
import { checkEmployeeFields, decisionRequestHash, normalizeDecision, type DecisionRequest } from './decision-request.ts';
import { loadPublished } from './published.ts';

export interface DecisionContext {
  tenantId: string;
  hasEmployees: boolean;
  /** feedback_actor of the caller. */
  actor: string;
}

export interface DecisionOutcome {
  decision: Decision;
  /** True when the request repeated an earlier submission (same request_key and content): nothing was stored. */
  replayed: boolean;
}

function replayOf(earlier: Decision, requestHash: string): DecisionOutcome {
  if (earlier.requestHash !== requestHash) {
    throw errors.requestKeyReused(earlier.requestKey);
  }
  return { decision: earlier, replayed: true };
}

/**
 * Stores a specialist decision on a published finding. The finding and the result are never changed and
 * no review starts. Rules, in order: the run must be published; a repeated request_key returns the earlier
 * decision (other content → 409 idempotency_conflict); the snapshot must be the current one (409
 * report_changed); the finding must exist (404) — one of the result's, or a previous round's remark its comparison lists; version must be the latest version of the actor's own
 * decision, 0 for the first (409 version_conflict); with employees the finding's section is assigned to the
 * first employee deciding on it in this run (another employee → 409 discipline_already_assigned).
 * Unique indexes make these rules hold for concurrent requests in any number of processes.
 */
export async function recordDecision(db: Db, ctx: DecisionContext, runId: string, request: DecisionRequest): Promise<DecisionOutcome> {
  const req = normalizeDecision(request);
  const { run, snapshot, result } = await loadPublished(db, ctx.tenantId, runId);
  checkEmployeeFields(ctx.hasEmployees, req);
  const requestHash = decisionRequestHash(run.id, ctx.actor, req);

  const earlier = await decisionByRequestKey(db, ctx.tenantId, req.request_key);
  if (earlier) return replayOf(earlier, requestHash);

  if (req.snapshot !== snapshot) {
    throw errors.reportChanged(snapshot);
  }
  // a remark of the previous round that did not persist (listed resolved or not resubmitted) is decided here too:
  // the decision confirms or overrides what the answer loop proposes for it (src/report/revision/answers.ts)
  const earlierRemarks = [...(result.revision?.resolved ?? []), ...(result.revision?.not_resubmitted ?? [])];
  const finding = [...(result.findings ?? []), ...earlierRemarks].find((f) => f.finding_id === req.finding_id);
  if (!finding) throw errors.findingNotFound(req.finding_id);

  // A concurrent request may have stored the decision between the lookups: a version that is stale now
  // or a lost insert is checked against the request_key first, so a repeat is never reported as a conflict.
  const staleOrRepeat = async (): Promise<DecisionOutcome> => {
    const raced = await decisionByRequestKey(db, ctx.tenantId, req.request_key);
    if (raced) return replayOf(raced, requestHash);
    throw errors.versionConflict(await latestVersion(db, run.id, finding.finding_id, ctx.actor));
  };
  const latest = await latestVersion(db, run.id, finding.finding_id, ctx.actor);
  if (req.version !== latest) return staleOrRepeat();

  const at = nowIso();
  const decision: Decision = {
    id: randomUUID(),
    tenantId: ctx.tenantId,
    runId: run.id,
    snapshot,
    findingId: finding.finding_id,
    actor: ctx.actor,
    decision: req.decision,
    reason: req.reason,
    reasonCode: req.reason_code,
    employeeId: req.employee_id,
    version: latest + 1,
    requestKey: req.request_key,
    requestHash,
    createdAt: at,
    carriedFrom: null,
  };
  const written = await storeDecision(db, decision, finding.section);
  if (written.kind === 'section_assigned') throw errors.sectionAssigned(finding.section, written.employeeId);
  if (written.kind === 'not_stored') return staleOrRepeat();
  return { decision, replayed: false };
}
