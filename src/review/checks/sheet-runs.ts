import type { StampFacts } from '../facts/types.ts';

/** A sheet number as printed: «7», or «3.1» for a sheet inserted after sheet 3. */
export function sheetLabel(s: StampFacts): string {
  return s.sheetInsert ? `${s.sheet}.${s.sheetInsert}` : String(s.sheet);
}

/** Whether b follows a in one numbering: the next sheet, or a sheet inserted after a («3» → «3.1» → «3.2» → «4»). */
function follows(a: StampFacts, b: StampFacts): boolean {
  if (b.sheetInsert) return b.sheet === a.sheet && (a.sheetInsert ?? 0) < b.sheetInsert;
  return b.sheet === a.sheet! + 1;
}

/**
 * Sheets of parts bound after the drawings with their own numbering but no cipher of their own (a specification,
 * a list of equipment, a questionnaire): numbering restarts at 1 after the last sheet of the run before. A restart is
 * such a part only when its sheet 1 shows it (its own «Листов», or a specification's or a list's heading), it comes
 * after the end of the run before (that run's highest sheet is the last one), and its sheets run 1, 2, 3… without a
 * gap or a repeat up to the next restart. A sheet repeated inside a run, or a restart in the middle of one, stays a repeat.
 */
export function boundParts(numbered: readonly StampFacts[]): Set<StampFacts> {
  const bound = new Set<StampFacts>();
  let run: StampFacts[] = [];
  let runIsPart = false;
  for (let i = 0; i < numbered.length; i++) {
    const s = numbered[i]!;
    if (i > 0 && s.sheet === 1 && !s.sheetInsert && restartsPart(numbered, i, run, runIsPart)) {
      run = [s];
      runIsPart = true;
      bound.add(s);
      continue;
    }
    run.push(s);
    if (runIsPart) bound.add(s);
  }
  return bound;
}

function restartsPart(numbered: readonly StampFacts[], i: number, run: readonly StampFacts[], runIsPart: boolean): boolean {
  const s = numbered[i]!;
  const runMax = Math.max(...run.map((x) => x.sheet!));
  if (run.at(-1)!.sheet !== runMax) return false;
  let length = 1;
  for (let j = i + 1; j < numbered.length && !(numbered[j]!.sheet === 1 && !numbered[j]!.sheetInsert); j++, length++) {
    if (!follows(numbered[j - 1]!, numbered[j]!)) return false;
  }
  if (!s.opensPart && s.sheets === null) return false;
  // after a one-sheet first run only a self-contained part («Лист 1 из 1») restarts: else it is sheet 1 printed twice
  return runIsPart || runMax >= 2 || s.sheets === length;
}
