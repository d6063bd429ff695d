/**
 * Row factories for tests that set the database up directly: an organization with its key (made through the
 * repositories, as `drs org create` makes it) and a run row in any status.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/store/db.ts';
import type { Run } from '../../src/store/schema.ts';
import { createApiKey, createTenant } from '../../src/store/repositories/tenants.ts';
import { orgSettingsFrom, type OrgValues } from '../../src/cli/org-options.ts';
import { newQueuedRun } from '../../src/domain/new-run.ts';
import type { CreatedOrg } from './server.ts';

export interface TenantWithKey {
  tenantId: string;
  keyId: string;
  /** The key's secret and the header that presents it. */
  secret: string;
  auth: { authorization: string };
}

/** An organization (name and checks defaulted) with one API key. */
export async function addTenant(db: Db, opts: { name?: string; checks?: number; concurrency?: number } = {}): Promise<TenantWithKey> {
  const tenant = await createTenant(db, {
    name: opts.name ?? `ООО «Тест ${randomUUID().slice(0, 4)}»`,
    checks_left: opts.checks ?? 10,
    ...(opts.concurrency !== undefined ? { concurrency: opts.concurrency } : {}),
  });
  const { key, secret } = await createApiKey(db, tenant.id);
  return { tenantId: tenant.id, keyId: key.id, secret, auth: { authorization: `Bearer ${secret}` } };
}

/**
 * An organization with a key from `drs org create` options ({checks: 3, 'max-files': 2, …}, validated by the
 * same code as the command), answered in the command's shape: {tenant_id, key_id, api_key, name, checks_left}.
 */
export async function createOrgRow(db: Db, options: Record<string, string | number> = {}): Promise<CreatedOrg> {
  const values = Object.fromEntries(Object.entries({ name: 'ООО «Проектная организация»', checks: 10, ...options }).map(([k, v]) => [k, String(v)])) as OrgValues;
  const settings = orgSettingsFrom(values);
  const tenant = await createTenant(db, { ...settings, name: settings.name!, checks_left: settings.checks_left! });
  const { key, secret } = await createApiKey(db, tenant.id);
  return { tenant_id: tenant.id, key_id: key.id, api_key: secret, name: tenant.name, checks_left: tenant.checks_left };
}

/**
 * Inserts a run of the given organization and key: charged, one volume unit; finished now unless
 * queued or running (started now in every status, as a run that was picked up). `over` sets any other column (stage, refunded, created_at, …).
 */
export async function insertRun(
  db: Db,
  owner: { tenantId: string; keyId: string },
  status: Run['status'] = 'done',
  over: Partial<Run> = {},
): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  const finished = status !== 'queued' && status !== 'running';
  const run: Run = {
    ...newQueuedRun({ id, tenantId: owner.tenantId, keyId: owner.keyId, createdAt: now }),
    status,
    stage: status,
    stage_text: status,
    volume_units: 1,
    attempts: 1,
    started_at: now,
    finished_at: finished ? now : null,
    ...over,
  };
  await db.insertInto('runs').values(run).execute();
  return id;
}
