import type { Db } from '../db.ts';
import type { DesignerAnswer } from '../../kernel/model/feedback.ts';

/** The designer's answers of a run, replaced as a whole (one upload is one register) in one transaction. */
export async function replaceDesignerAnswers(db: Db, tenantId: string, runId: string, answers: readonly DesignerAnswer[]): Promise<void> {
  await db.transaction().execute((trx) => writeDesignerAnswers(trx, tenantId, runId, answers));
}

/** The replacement itself, inside the caller's transaction (a register uploaded with the next revision is stored with its run). */
export async function writeDesignerAnswers(trx: Db, tenantId: string, runId: string, answers: readonly DesignerAnswer[]): Promise<void> {
  await trx.deleteFrom('designer_answers').where('tenant_id', '=', tenantId).where('run_id', '=', runId).execute();
  if (!answers.length) return;
  await trx
    .insertInto('designer_answers')
    .values(
      answers.map((a) => ({
        run_id: a.runId,
        finding_id: a.findingId,
        tenant_id: tenantId,
        register_no: a.registerNo,
        answer: a.answer,
        sheet: a.sheet,
        closed: a.closed,
        actor: a.actor,
        uploaded_at: a.uploadedAt,
      })),
    )
    .execute();
}

/** The designer's answers of a run, by the register's order. */
export async function designerAnswers(db: Db, tenantId: string, runId: string): Promise<DesignerAnswer[]> {
  const rows = await db
    .selectFrom('designer_answers')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('run_id', '=', runId)
    .orderBy('register_no')
    .execute();
  return rows.map((r) => ({
    runId: r.run_id,
    findingId: r.finding_id,
    registerNo: r.register_no,
    answer: r.answer,
    sheet: r.sheet,
    closed: r.closed,
    actor: r.actor,
    uploadedAt: r.uploaded_at,
  }));
}
