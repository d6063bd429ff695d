/**
 * The check registry (CHECKS in src/review/checks/index.ts, from which CheckId is derived) is the one list of
 * checks: the generator's CHECK_IDS (defects planted for the quality measurement) and the check catalogue of
 * docs/review.md must name exactly the same checks, so a check added to one and not the others fails here.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import test from 'node:test';
import { CHECKS } from '../../src/review/checks/index.ts';
import { isDeclared } from '../../src/review/checks/types.ts';
import { THEMES } from '../../src/kernel/result.ts';
import { CHECK_IDS } from '../generator/types.ts';

const registry = CHECKS.map((c) => c.id as string);

/** Rows of the «Check catalogue» table: check id and theme column. */
function documentedChecks(): { id: string; theme: string }[] {
  const text = readFileSync(new URL('../../docs/review.md', import.meta.url), 'utf8');
  const section = text.split(/^## /m).find((s) => s.startsWith('Check catalogue'));
  assert.ok(section, 'docs/review.md has a «## Check catalogue» section');
  return [...section.matchAll(/^\| `([a-z_.]+)` \| ([^|]+) \|/gm)].map((m) => ({ id: m[1]!, theme: m[2]!.trim() }));
}

const difference = (a: readonly string[], b: readonly string[]) => a.filter((x) => !b.includes(x));

test('check ids are unique in the registry', () => {
  assert.equal(new Set(registry).size, registry.length);
});

test("the generator plants defects for exactly the registry's checks", () => {
  const planted = [...CHECK_IDS] as string[];
  assert.deepEqual(difference(registry, planted), [], 'checks without a generator defect (add them to CHECK_IDS in test/generator/types.ts)');
  assert.deepEqual(difference(planted, registry), [], 'generator kinds that are no check of the registry');
  assert.equal(new Set(planted).size, planted.length, 'a kind is listed twice in CHECK_IDS');
});

test("docs/review.md catalogues exactly the registry's checks, each under its theme", () => {
  const documented = documentedChecks();
  const ids = documented.map((d) => d.id);
  assert.deepEqual(difference(registry, ids), [], 'checks missing from the catalogue in docs/review.md');
  assert.deepEqual(difference(ids, registry), [], 'catalogue rows of docs/review.md that are no check of the registry');
  assert.equal(new Set(ids).size, ids.length, 'a check has two rows in docs/review.md');
  for (const d of documented) {
    if (!(THEMES as readonly string[]).includes(d.theme)) continue; // «— (questions)»: a check that asks, not finds
    assert.equal(d.theme, CHECKS.find((c) => c.id === d.id)!.theme, `theme of ${d.id} in docs/review.md`);
  }
});

/**
 * One way to report: a check states what it finds through the reporter defineCheck makes for it, which fills in the
 * check's id, theme, importance and basis and applies the context-document rule. A check building the engine's finding
 * (DraftFinding, a `checkId`) or its own output by hand would bypass that rule, so no check module may name them.
 */
test('every check reports through its reporter: no check module builds a finding or an output by hand', () => {
  const dir = new URL('../../src/review/checks/', import.meta.url);
  const handMade = /\bDraftFinding\b|\bcheckId\s*:|\bCheckOutput\b|\breporter\s*\(|^\s*run\s*\(/m;
  const offenders = readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'types.ts')
    .filter((f) => handMade.test(readFileSync(new URL(f, dir), 'utf8')));
  assert.deepEqual(offenders, []);
  // the engine runs what defineCheck made: a check object written by hand has no reporter behind it
  for (const c of CHECKS) assert.ok(isDeclared(c), `${c.id} is not declared with defineCheck`);
});
