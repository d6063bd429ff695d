/**
 * The designer's answers brought in: the filled register of a run, checked against the run's published result and
 * stored whole (one upload is one register) — or refused whole, changing nothing, when it is another run's
 * register, the specialist's, or its rows are not the run's remarks in the register's order.
 */
import type { Db } from '../../store/db.ts';
import type { DesignerAnswer } from '../../kernel/model/feedback.ts';
import { errors } from '../../kernel/errors.ts';
import { nowIso } from '../../kernel/clock.ts';
import { designerAnswers, replaceDesignerAnswers } from '../../store/repositories/answers.ts';
import { loadPublished } from './published.ts';

/** A register read back (src/report/register/answers.ts), as the domain takes it. */
export interface AnswerUpload {
  runId: string;
  variant: string;
  rows: { no: number; findingId: string; answer: string; sheet: string; closed: string }[];
}

export interface AnswersOutcome {
  runId: string;
  /** Rows of the register whose answer or sheet was filled. */
  answered: DesignerAnswer[];
  /** Rows of the register left without an answer. */
  unanswered: number;
}

/** Largest filled register taken (bytes): a register of thousands of remarks is a few hundred kilobytes. */
export const REGISTER_MAX_BYTES = 20 * 1024 * 1024;

/**
 * The answers of a register checked against the published run it names — the run, the variant, the rows its remarks
 * in report order — without storing them: the one check of both ways a register comes back (on its own, and with the
 * next revision, where the answers are stored with the new run).
 */
export async function checkedAnswers(
  db: Db,
  ctx: { tenantId: string; actor: string },
  runId: string,
  upload: AnswerUpload,
  file: string,
): Promise<AnswersOutcome> {
  const { run, result } = await loadPublished(db, ctx.tenantId, runId);
  if (upload.runId !== run.id) throw errors.registerRefused('это реестр другой проверки — загрузите реестр, выданный по этой проверке', file);
  if (upload.variant !== 'designer') throw errors.registerRefused('это реестр для специалиста — ответы вносятся в реестр для проектировщика', file);
  const byId = new Map(result.findings.map((f) => [f.finding_id, f]));
  let last = 0;
  for (const row of upload.rows) {
    const f = byId.get(row.findingId);
    if (!f) throw errors.registerRefused(`замечания строки № ${row.no} нет в этой проверке — реестр изменён`, file);
    if (f.n <= last) throw errors.registerRefused(`порядок строк изменён у № ${row.no} — верните строки в порядке реестра`, file);
    last = f.n;
  }
  const at = nowIso();
  const answered = upload.rows
    .filter((r) => r.answer || r.sheet || r.closed)
    .map(
      (r): DesignerAnswer => ({
        runId: run.id,
        findingId: r.findingId,
        registerNo: r.no,
        answer: r.answer,
        sheet: r.sheet,
        closed: r.closed,
        actor: ctx.actor,
        uploadedAt: at,
      }),
    );
  return { runId: run.id, answered, unanswered: upload.rows.length - answered.length };
}

/** The register uploaded on its own (POST /runs/{run_id}/register-answers): checked, then the run's answers replaced. */
export async function recordAnswers(
  db: Db,
  ctx: { tenantId: string; actor: string },
  runId: string,
  upload: AnswerUpload,
  file: string,
): Promise<AnswersOutcome> {
  const outcome = await checkedAnswers(db, ctx, runId, upload, file);
  await replaceDesignerAnswers(db, ctx.tenantId, outcome.runId, outcome.answered);
  return outcome;
}

/** The designer's answers of a run (no check of publication: the caller did it). */
export function answersOf(db: Db, tenantId: string, runId: string): Promise<DesignerAnswer[]> {
  return designerAnswers(db, tenantId, runId);
}
