// Accuracy and share of wrong guesses of the section classifier on the labelled dataset.
// Run: node --import tsx bench/classifier.ts
import { readFileSync } from 'node:fs';
import { scoreClassifier, type LabelledName } from '../src/ingest/classifier-score.ts';

const dataset = JSON.parse(readFileSync(new URL('../test/fixtures/ingest/classifier-dataset.json', import.meta.url), 'utf8')) as LabelledName[];
const all = scoreClassifier(dataset);
const holdout = scoreClassifier(dataset.filter((d) => d.group === 'holdout'));
const holdout2 = scoreClassifier(dataset.filter((d) => d.group === 'holdout2'));
console.log(JSON.stringify({ bench: 'classifier', all, holdout, holdout2 }));
