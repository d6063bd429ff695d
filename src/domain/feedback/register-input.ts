/**
 * What a register of remarks is drawn from, loaded for one key: the published result, the decisions as they stand
 * now and the previous round's, the designer's answers of both rounds, the round's context and the object's title.
 * Loaded where the register is written — the report child, or the API when it runs without children — so the
 * result's parse and the decisions' rows never weigh on the API's event loop.
 */
import type { Db, DialectName } from '../../store/db.ts';
import type { Decision, DesignerAnswer } from '../../kernel/model/feedback.ts';
import type { Organization } from '../../kernel/model/organization.ts';
import type { PublishedResult } from '../../kernel/result.ts';
import { publishedObjectTitles } from '../runs.ts';
import { decidedResult } from './history.ts';
import { latestDecisions } from './latest-decisions.ts';
import { roundContext, type RoundContext } from './register-context.ts';

export interface RegisterInput {
  result: PublishedResult;
  /** The current decision of every author on every finding. */
  current: Decision[];
  /** The same of the previous round's run (a run of a bundle), or none. */
  previousDecisions: Decision[];
  /** The previous round's answers, reviewed against this round's findings. */
  previousAnswers: DesignerAnswer[];
  /** Both rounds' answers by finding: this round's replace the previous one's. */
  answers: Map<string, Pick<DesignerAnswer, 'answer' | 'sheet' | 'closed'>>;
  ctx: RoundContext;
  /** The object as the register's file name gives it: its cipher, else its name, else the address asked for. */
  object: string | null;
}

export async function registerInput(db: Db, dialect: DialectName, tenant: Organization, keyId: string, runId: string): Promise<RegisterInput> {
  const { published, history, previousHistory, answers, previousAnswers } = await decidedResult(db, tenant.id, runId);
  const [ctx, titles] = await Promise.all([roundContext(db, tenant, keyId, published.run), publishedObjectTitles(db, dialect, [published.run.id])]);
  const title = titles.get(published.run.id);
  return {
    result: published.result,
    current: latestDecisions(history),
    previousDecisions: latestDecisions(previousHistory),
    previousAnswers,
    answers: new Map([...previousAnswers, ...answers].map((a) => [a.findingId, { answer: a.answer, sheet: a.sheet, closed: a.closed }])),
    ctx,
    object: title?.cipher || title?.name || published.run.objectAddress,
  };
}
