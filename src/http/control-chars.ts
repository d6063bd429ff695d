/**
 * One rule for text on both stores: PostgreSQL refuses NUL in text while SQLite keeps it, and other
 * control characters break reports and logs. Text with a control character other than TAB, LF and CR,
 * or with a lone surrogate (not well-formed Unicode), is refused with 422 — never stripped silently, so
 * what is stored is exactly what was sent.
 */
import { errors } from '../kernel/errors.ts';

const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string is refused, or null when it is acceptable text. */
export function textProblem(value: string): string | null {
  const m = CONTROL.exec(value);
  if (m) return `недопустимый управляющий символ U+${m[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
  if (LONE_SURROGATE.test(value)) return 'одиночный суррогат UTF-16 (текст не в Unicode)';
  return null;
}

export function assertNoControlChars(field: string, value: string): void {
  const problem = textProblem(value);
  if (problem) throw errors.controlCharacters(field, problem);
}

/** Checks every key and string value of a parsed JSON body or query, depth first, and names the first bad one. */
export function assertCleanValue(where: string, value: unknown, depth = 0): void {
  if (typeof value === 'string') {
    assertNoControlChars(where, value);
    return;
  }
  if (value === null || typeof value !== 'object' || depth > 64) return;
  const record = value as Record<string, unknown>;
  // Runs on every request: names of fields are built only for what is refused or nested.
  for (const key of Object.keys(record)) {
    if (textProblem(key) !== null) assertNoControlChars(`${where} (ключ)`, key);
    const inner = record[key];
    if (typeof inner === 'string' && textProblem(inner) === null) continue;
    assertCleanValue(Array.isArray(value) ? `${where}[${key}]` : `${where}.${key}`, inner, depth + 1);
  }
}
