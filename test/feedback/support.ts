/**
 * Fixtures of the decision, bundle and memory unit tests: a fresh migrated store (SQLite in a temp DATA_DIR,
 * or a fresh PostgreSQL database when TEST_DATABASE_URL is set), a second independent connection to the same
 * database (another process as far as locking goes), and tenants, bundles and published runs inserted directly.
 */
import { randomUUID } from 'node:crypto';
import { runRow } from '../helpers/rows.ts';
import { openTestStore as openStoreForTests } from '../helpers/test-store.ts';
import type { Db, Store } from '../../src/store/db.ts';
import { createTenant } from '../../src/store/repositories/tenants.ts';
import { insertBundle } from '../../src/store/repositories/bundles.ts';
import { availableSections, countFindings, type Finding, type PublishedResult } from '../../src/kernel/result.ts';
import type { Bundle } from '../../src/kernel/model/feedback.ts';
import type { Organization } from '../../src/kernel/model/organization.ts';
import type { RunRow } from '../../src/store/repositories/run-rows.ts';
import { nowIso } from '../../src/kernel/clock.ts';

export interface TestStore extends Store {
  /**
   * A connection for the "other process" of a concurrency test: on PostgreSQL an independent pool; on SQLite
   * the same connection, because better-sqlite3 waits for locks synchronously, so two connections in one
   * process would block each other's event loop (separate processes are covered by the end-to-end tests).
   */
  parallelDb(): Promise<Db>;
  dispose(): Promise<void>;
}

/**
 * pg-pool's end() resolves before its idle clients have finished disconnecting; dropping the database
 * "with (force)" at that moment makes the server terminate them and the pool raise an unhandled error.
 * So before the drop, wait (bounded) until the database has no sessions left.
 */
async function waitForNoSessions(databaseUrl: string): Promise<void> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return;
  const name = new URL(databaseUrl).pathname.slice(1);
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    for (let i = 0; i < 250; i++) {
      const { rows } = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
      if (rows[0].n === 0) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    await client.end();
  }
}

export async function openTestStore(): Promise<TestStore> {
  const store = await openStoreForTests();
  const databaseUrl = store.env.DATABASE_URL;
  const seconds: Store[] = [];
  return {
    ...store,
    async parallelDb() {
      if (databaseUrl === undefined) return store.db;
      const second = await store.openSecond();
      seconds.push(second);
      return second.db;
    },
    async dispose() {
      await Promise.allSettled([store.close(), ...seconds.map((s) => s.close())]);
      if (databaseUrl !== undefined) await waitForNoSessions(databaseUrl);
      await store.dispose();
    },
  };
}

export function seedTenant(db: Db, employees = false): Promise<Organization> {
  return createTenant(db, { name: 'ООО «Проектное бюро»', checksLeft: 10, hasEmployees: employees });
}

export function seedBundle(db: Db, tenantId: string, label = 'ЖК «Северный», корпус 2'): Promise<Bundle> {
  return insertBundle(db, tenantId, label, nowIso());
}

export function finding(n: number, section: string, essence: string): Finding {
  return {
    n,
    finding_id: randomUUID(),
    status: 'open',
    importance: n === 1 ? 'critical' : 'significant',
    section,
    essence,
    evidence_text: `стр. ${n * 3} (док. 1, л. ${n * 3})`,
    action: 'Исправить и согласовать с заказчиком',
    pages: [n * 3],
    page_refs: [{ page: n * 3, in_docset: true, kind: section, doc_index: 1, doc_page: n * 3, label: `стр. ${n * 3}` }],
    sources: [{ type: 'document', title: '24-017-АР.pdf', doc_index: 1, page: n * 3 }],
    topic: 'construction',
    check_id: `test.check-${n}`,
  };
}

export const FINDINGS = () => [
  finding(1, 'АР', 'Высота ограждения кровли 0,9 м меньше требуемой 1,2 м'),
  finding(2, 'АР', 'Ширина эвакуационного выхода из лестничной клетки 0,8 м менее 0,9 м'),
  finding(3, 'КР', 'Класс бетона фундаментной плиты в пояснительной записке не совпадает с чертежами'),
];

export interface SeededRun {
  run: RunRow;
  snapshot: string;
  findings: Finding[];
}

/** A run of the tenant; status done with a published result unless status says otherwise. */
export async function seedRun(
  db: Db,
  tenant: Organization,
  opts: { status?: RunRow['status']; bundle?: Bundle | null; findings?: Finding[] } = {},
): Promise<SeededRun> {
  const now = nowIso();
  const status = opts.status ?? 'done';
  const run = runRow({ tenantId: tenant.id, keyId: 'seed' }, status, {
    created_at: now,
    updated_at: now,
    started_at: now,
    finished_at: status === 'done' ? now : null,
    object_address: 'г. Казань, ул. Чистопольская, д. 20',
    bundle_id: opts.bundle?.id ?? null,
    bundle_label: opts.bundle?.label ?? null,
    bundle_version: opts.bundle?.version ?? null,
  });
  await db.insertInto('runs').values(run).execute();
  const findings = opts.findings ?? FINDINGS();
  const snapshot = randomUUID();
  if (status === 'done') {
    const result: PublishedResult = {
      findings,
      questions: [],
      warnings: [],
      reference_problems: [],
      usage: { pages_read: 9, characters_read: 1000, ocr_pages: 0, seconds: 1 },
      counts: countFindings(findings),
      available_sections: availableSections(findings),
      available_themes: ['construction'],
      parsed: true,
      feedback_snapshot: snapshot,
    };
    await db
      .insertInto('results')
      .values({
        run_id: run.id,
        tenant_id: tenant.id,
        snapshot,
        body: JSON.stringify(result),
        report_md_key: `runs/${run.id}/report/report.md`,
        report_pdf_key: null,
        section_pdf_keys: '{}',
        theme_pdf_keys: '{}',
        report_zip_key: null,
        published_at: now,
      })
      .execute();
  }
  return { run, snapshot, findings };
}
