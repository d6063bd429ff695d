/**
 * The designer's register brought in with the next revision (POST /runs into a bundle). It is recognised among the
 * set's files by its content — an XLSX whose sheet is the register's and carries the service's hidden marker — and
 * taken out of the documents reviewed (it is not a document of the set). Its answers are checked against the round
 * the new run will be compared with, the bundle's latest published run, by the same check as a register uploaded on
 * its own (checkedAnswers), and stored with the new run in one transaction (insertChargedRun), so the proposals of the
 * new run use them. A refusal refuses the upload: no run, no charge, no answer changed.
 */
import { readFile } from 'node:fs/promises';
import type { Db } from '../../store/db.ts';
import type { IntakeDocument, SkippedEntry } from '../../ingest/types.ts';
import type { Bundle } from '../../kernel/model/feedback.ts';
import { errors } from '../../kernel/errors.ts';
import { UUID_RE } from '../../kernel/ids.ts';
import { previousPublishedInBundle } from '../../store/repositories/results.ts';
import { getRun } from '../../store/repositories/runs.ts';
import { checkedAnswers, REGISTER_MAX_BYTES, type AnswersOutcome, type AnswerUpload } from './answers.ts';

/**
 * How a register is read (src/report/register/answers.ts, given by the HTTP layer: the domain reads no workbooks):
 * the name of its sheet, looked for in a workbook's list of sheets before the workbook is opened, and the reader,
 * which answers null for a workbook that is not the service's register and refuses a register it cannot take.
 */
export interface RegisterReader {
  sheet: string;
  read: (body: Buffer, file: string) => Promise<AnswerUpload | null>;
}

export interface RegisterBroughtIn {
  /** The register's file, as the set named it. */
  file: string;
  answers: AnswersOutcome;
  /** Where the run's answer says what became of the file (the run's `skipped`: it is not reviewed as a document). */
  skipped: SkippedEntry;
}

/** The documents of the set without the register, and the register's answers checked, or null when the set has none. */
export async function takeRegisterOut(
  db: Db,
  ctx: { tenantId: string; actor: string },
  documents: IntakeDocument[],
  reader: RegisterReader | undefined,
  next: { runId: string; createdAt: string; bundle: Bundle | null },
): Promise<{ documents: IntakeDocument[]; register: RegisterBroughtIn | null }> {
  if (!reader) return { documents, register: null };
  const { xlsxSheetNames } = await import('../../ingest/index.ts');
  const registers: { doc: IntakeDocument; upload: AnswerUpload }[] = [];
  for (const doc of documents) {
    if (doc.format !== 'xlsx' || doc.size > REGISTER_MAX_BYTES || !(await xlsxSheetNames(doc.path)).includes(reader.sheet)) continue;
    const upload = await reader.read(await readFile(doc.path), doc.name);
    if (upload) registers.push({ doc, upload });
  }
  const [found, another] = registers;
  if (!found) return { documents, register: null };
  const file = found.doc.name;
  if (another) throw errors.registerRefused('в комплекте больше одного реестра замечаний с ответами — передайте один', another.doc.name);
  const rest = documents.filter((d) => d !== found.doc);
  if (!rest.length)
    throw errors.nothingToReview(
      `Кроме реестра замечаний с ответами проектировщика, документов нет: ответы без новой редакции загружаются в POST /runs/{run_id}/register-answers`,
      file,
    );
  if (!next.bundle)
    throw errors.registerRefused(
      'реестр с ответами принимается вместе с новой редакцией в том же пакете (bundle_id) или отдельно — POST /runs/{run_id}/register-answers',
      file,
    );
  const previous = await previousPublishedInBundle(db, { id: next.runId, tenantId: ctx.tenantId, bundleId: next.bundle.id, createdAt: next.createdAt });
  if (!previous) throw errors.registerRefused('в пакете нет опубликованной проверки прошлого тура, на замечания которой даны ответы', file);
  if (found.upload.runId !== previous.runId) {
    const named = UUID_RE.test(found.upload.runId) ? await getRun(db, found.upload.runId) : undefined;
    const sameBundle = named?.tenantId === ctx.tenantId && named.bundleId === next.bundle.id;
    const expected = `вместе с новой редакцией принимается реестр предыдущего тура этого пакета (результат от ${previous.publishedAt.slice(0, 10)})`;
    throw errors.registerRefused(sameBundle ? `это реестр более раннего тура пакета — ${expected}` : `это реестр другой проверки — ${expected}`, file);
  }
  const answers = await checkedAnswers(db, ctx, previous.runId, found.upload, file);
  const reason =
    `Реестр замечаний с ответами проектировщика: ответы приняты к замечаниям прошлого тура (результат от ${previous.publishedAt.slice(0, 10)}) — ` +
    `с ответом ${answers.answered.length}, без ответа ${answers.unanswered}; как документ комплекта не проверяется`;
  return { documents: rest, register: { file, answers, skipped: { name: file, reason } } };
}
