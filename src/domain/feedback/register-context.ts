/** What a register of remarks says about its round besides the findings: the case, the round, the names of the keys. */
import type { Db } from '../../store/db.ts';
import type { Run } from '../../kernel/model/runs.ts';
import type { Organization } from '../../kernel/model/organization.ts';
import { nowIso } from '../../kernel/clock.ts';
import { getBundleForTenant } from '../../store/repositories/bundles.ts';
import { roundInBundle } from '../../store/repositories/results.ts';
import { apiKeyLabels } from '../../store/repositories/tenants.ts';
import { actorOf } from './actor.ts';

export interface RoundContext {
  runId: string;
  organization: string;
  objectAddress: string | null;
  bundleLabel: string | null;
  round: number | null;
  at: string;
  expert: string | null;
  authors: Map<string, string>;
  timeZone: string;
}

/** The run's bundle and round, the name of the key asking (the expert) and of every key of the organization (authors). */
export async function roundContext(db: Db, tenant: Organization, keyId: string, run: Run): Promise<RoundContext> {
  const [labels, bundle, round] = await Promise.all([
    apiKeyLabels(db, tenant.id),
    run.bundleId ? getBundleForTenant(db, tenant.id, run.bundleId).catch(() => null) : Promise.resolve(null),
    run.bundleId ? roundInBundle(db, { id: run.id, tenantId: tenant.id, bundleId: run.bundleId, createdAt: run.createdAt }) : Promise.resolve(null),
  ]);
  return {
    runId: run.id,
    organization: tenant.name,
    objectAddress: run.objectAddress,
    bundleLabel: bundle?.label ?? null,
    round,
    at: nowIso(),
    expert: labels.get(keyId) ?? null,
    authors: new Map([...labels].map(([id, label]) => [actorOf({ id }), label])),
    timeZone: tenant.timeZone,
  };
}
