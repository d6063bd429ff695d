import { guessKind } from './classify.ts';

export interface LabelledName {
  name: string;
  kind: string | null;
  text?: string;
  group?: string;
}

export interface ClassifierScore {
  n: number;
  accuracy: number;
  /** Share of cases where a section was guessed and it was not the labelled one (null labels included). */
  wrong: number;
  unsure: number;
}

/** Accuracy and the share of wrong guesses of guessKind over a labelled set. */
export function scoreClassifier(items: readonly LabelledName[]): ClassifierScore {
  let ok = 0;
  let wrong = 0;
  for (const it of items) {
    const g = guessKind(it.name, it.text ?? null);
    if (g === it.kind) ok++;
    else if (g !== null) wrong++;
  }
  const n = items.length;
  return { n, accuracy: ok / n, wrong: wrong / n, unsure: (n - ok - wrong) / n };
}
