import { errors } from '../kernel/errors.ts';
import { canonicalSection } from '../kernel/docset.ts';
import type { IntakeDocument, Role } from './types.ts';
import { duplicateJsonKey } from './json-keys.ts';

export interface ClientChoice {
  /** Section chosen by the client (normalised to a code of the profile), or null. */
  kind: string | null;
  kindChosen: boolean;
  role: Role;
}

/**
 * Applies the `kinds` and `roles` form fields (JSON objects keyed by exact document name) to the
 * unpacked documents, in document order. Kind codes are accepted as codes of the profile or as their
 * marks (ЭОМ → ИОС1, СПОЗУ → ПЗУ) when the profile has the section; other codes are ignored, as the
 * contract says. Keys are compared in NFC, as document names are. Roles: explicit role > folder
 * (Context / Reviews) > review. When the roles field itself marks a document context, the client has
 * split the roles and must list every document (a folder counts as listed); when only folders split
 * them, a document outside those folders is reviewed. Either way at least one document is review.
 */
export function applyClientChoices(
  documents: IntakeDocument[],
  kindsJson: string | undefined,
  rolesJson: string | undefined,
  profileCodes: readonly string[],
  /** Files of the upload taken out of the documents (the designer's register): a choice naming one is no mistake, and is dropped. */
  notDocuments: readonly string[] = [],
): ClientChoice[] {
  const names = new Set([...documents.map((d) => d.name), ...notDocuments]);
  const kinds = parseMap(kindsJson, 'kinds', 'код раздела', names);
  const roles = parseMap(rolesJson, 'roles', 'роль (review или context)', names);
  for (const name of notDocuments) {
    kinds.delete(name);
    roles.delete(name);
  }
  for (const [name, role] of roles) {
    if (role !== 'review' && role !== 'context') {
      throw errors.badRole(name, role);
    }
  }
  const effective = documents.map((d) => (roles.get(d.name) as Role | undefined) ?? d.folderRole);
  const split = effective.some((r) => r === 'context');
  const splitByField = [...roles.values()].includes('context');
  if (split) {
    const missing = splitByField ? documents.findIndex((_, i) => effective[i] === null) : -1;
    if (missing >= 0) {
      const name = documents[missing]!.name;
      throw errors.roleMissing(name);
    }
    // a document outside the role folders and not in the field is reviewed, like a loose file beside an archive
    if (!effective.some((r) => r !== 'context')) {
      throw errors.nothingUnderReview();
    }
  }
  return documents.map((d, i) => {
    const raw = kinds.get(d.name);
    const kind = raw === undefined ? null : profileCode(raw, profileCodes);
    return { kind, kindChosen: kind !== null, role: split ? (effective[i] ?? 'review') : 'review' };
  });
}

function profileCode(raw: string, profileCodes: readonly string[]): string | null {
  const code = raw.trim();
  if (profileCodes.includes(code)) return code;
  const canonical = canonicalSection(code) ?? canonicalSection(code.toUpperCase());
  return canonical && profileCodes.includes(canonical) ? canonical : null;
}

function parseMap(json: string | undefined, field: string, what: string, names: Set<string>): Map<string, string> {
  const out = new Map<string, string>();
  if (json === undefined || json.trim() === '') return out;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw errors.choiceNotJson(field);
  }
  // JSON.parse keeps the last of equal keys silently; a choice given twice is the client's mistake to be told of
  const duplicate = duplicateJsonKey(json);
  if (duplicate !== null) throw errors.choiceDuplicateKey(field, duplicate);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw errors.choiceNotObject(field, what);
  }
  for (const [rawName, v] of Object.entries(value)) {
    const name = rawName.normalize('NFC');
    if (!names.has(name)) {
      throw errors.choiceUnknownDocument(field, name);
    }
    if (v === null) continue;
    if (typeof v !== 'string') throw errors.choiceNotString(field, name, what);
    if (out.has(name)) throw errors.choiceTwice(field, name);
    out.set(name, v);
  }
  return out;
}
