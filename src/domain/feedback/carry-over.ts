/**
 * The carry-over of a bundle's next round: the previous round's standing decisions applied to the findings that
 * persist, in one request and one transaction, each as a new decision of the caller that names the decision it
 * repeats (carried_from). Nothing is applied silently: a finding already decided in this round keeps its decision,
 * and one undecided before (or whose decisions were withdrawn) stays undecided — both are listed as skipped.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../../store/db.ts';
import type { Decision } from '../../kernel/model/feedback.ts';
import type { Finding } from '../../kernel/result.ts';
import { byFinding, standingDecision } from '../../kernel/decisions.ts';
import { errors } from '../../kernel/errors.ts';
import { nowIso } from '../../kernel/clock.ts';
import { decisionByRequestKey, decisionHistory, decisionsUnderRequestKey, latestVersion, storeDecisions } from '../../store/repositories/feedback.ts';
import { checkEmployeeFields, normalizeDecision } from './decision-request.ts';
import type { DecisionContext } from './decide.ts';
import { latestDecisions } from './latest-decisions.ts';
import { loadPublished } from './published.ts';

/** Body of POST /runs/{run_id}/feedback/carry-over after schema validation. */
export interface CarryOverRequest {
  snapshot: string;
  request_key: string;
  reason_code?: string | null;
  employee_id?: string | null;
}

export type SkipReason = 'decided' | 'undecided_before';

export interface CarryOverOutcome {
  runId: string;
  snapshot: string;
  previousRunId: string | null;
  /** The decisions stored (or, for a repeat, stored the first time), in the order of the findings' numbers. */
  carried: Decision[];
  /** Persisting findings left as they are, and why. Empty for a repeat. */
  skipped: { finding: Finding; previous: Decision | undefined; why: SkipReason }[];
  replayed: boolean;
}

/** The request key of one carried decision: the request's, then the finding's id. */
const carriedKey = (requestKey: string, findingId: string) => `${requestKey}/${findingId}`;

function carryHash(runId: string, actor: string, req: ReturnType<typeof normalizeDecisionFields>): string {
  return createHash('sha256')
    .update(JSON.stringify([runId, actor, req.snapshot, 'carry-over', req.reason_code, req.employee_id]))
    .digest('hex');
}

function normalizeDecisionFields(req: CarryOverRequest) {
  const n = normalizeDecision({ ...req, finding_id: '', decision: 'accepted', reason: '', version: 0 });
  return { snapshot: req.snapshot, request_key: req.request_key, reason_code: n.reason_code, employee_id: n.employee_id };
}

/**
 * Applies the previous round's decisions to the persisting findings of a published run. Rules, in order: the run
 * must be published (404); a request_key used by a single decision → 409 idempotency_conflict; a repeat of the
 * same carry-over answers the decisions it stored (other content → 409 idempotency_conflict); the snapshot must
 * be the current one (409 report_changed). Each carried decision is the caller's first on its finding (version 1,
 * as the contract's version 0 asks): a concurrent decision on one of them stores none (409 version_conflict).
 */
export async function carryOverDecisions(db: Db, ctx: DecisionContext, runId: string, request: CarryOverRequest): Promise<CarryOverOutcome> {
  const req = normalizeDecisionFields(request);
  const { run, snapshot, result } = await loadPublished(db, ctx.tenantId, runId);
  checkEmployeeFields(ctx.hasEmployees, { ...req, finding_id: '', decision: 'accepted', reason: '', version: 0 });
  const hash = carryHash(run.id, ctx.actor, req);
  const previousRunId = result.revision?.previous_run_id ?? null;

  const replay = async (): Promise<CarryOverOutcome | null> => {
    const earlier = await decisionsUnderRequestKey(db, ctx.tenantId, `${req.request_key}/`);
    if (!earlier.length) return null;
    if (earlier.some((d) => d.requestHash !== hash)) throw errors.requestKeyReused(req.request_key);
    const order = new Map(result.findings.map((f) => [f.finding_id, f.n]));
    const carried = [...earlier].sort((a, b) => (order.get(a.findingId) ?? 0) - (order.get(b.findingId) ?? 0));
    return { runId: run.id, snapshot, previousRunId, carried, skipped: [], replayed: true };
  };
  if (await decisionByRequestKey(db, ctx.tenantId, req.request_key)) throw errors.requestKeyReused(req.request_key);
  const repeated = await replay();
  if (repeated) return repeated;
  if (req.snapshot !== snapshot) throw errors.reportChanged(snapshot);
  if (!previousRunId) return { runId: run.id, snapshot, previousRunId, carried: [], skipped: [], replayed: false };

  const [history, previousHistory] = await Promise.all([decisionHistory(db, ctx.tenantId, run.id), decisionHistory(db, ctx.tenantId, previousRunId)]);
  const decidedNow = new Set(history.map((d) => d.findingId));
  const before = byFinding(latestDecisions(previousHistory));
  const at = nowIso();
  const carried: { decision: Decision; section: string }[] = [];
  const skipped: CarryOverOutcome['skipped'] = [];
  for (const f of [...result.findings].sort((a, b) => a.n - b.n)) {
    const previousId = f.revision?.status === 'persisting' ? f.revision.previous_finding_id : undefined;
    if (!previousId) continue;
    const previous = standingDecision(before.get(previousId) ?? []);
    if (!previous || previous.decision === 'withdrawn') {
      skipped.push({ finding: f, previous, why: 'undecided_before' });
      continue;
    }
    if (decidedNow.has(f.finding_id)) {
      skipped.push({ finding: f, previous, why: 'decided' });
      continue;
    }
    const decision: Decision = {
      id: randomUUID(),
      tenantId: ctx.tenantId,
      runId: run.id,
      snapshot,
      findingId: f.finding_id,
      actor: ctx.actor,
      decision: previous.decision,
      reason: previous.reason,
      reasonCode: req.reason_code ?? (ctx.hasEmployees ? previous.reasonCode : null),
      employeeId: req.employee_id,
      version: 1,
      requestKey: carriedKey(req.request_key, f.finding_id),
      requestHash: hash,
      createdAt: at,
      carriedFrom: previous.id,
    };
    carried.push({ decision, section: f.section });
  }
  if (!carried.length) return { runId: run.id, snapshot, previousRunId, carried: [], skipped, replayed: false };

  const written = await storeDecisions(db, carried);
  if (written.kind === 'section_assigned') {
    const section = carried.find((c) => c.decision.employeeId !== written.employeeId)?.section ?? '';
    throw errors.sectionAssigned(section, written.employeeId);
  }
  if (written.kind === 'not_stored') {
    const raced = await replay();
    if (raced) return raced;
    for (const { decision } of carried) {
      const current = await latestVersion(db, run.id, decision.findingId, ctx.actor);
      if (current > 0) throw errors.versionConflict(current);
    }
    throw errors.versionConflict(0);
  }
  return { runId: run.id, snapshot, previousRunId, carried: carried.map((c) => c.decision), skipped, replayed: false };
}
