import { addressConsistency } from './consistency-address.ts';
import { cadastralConsistency } from './consistency-cadastral.ts';
import { cipherConsistency } from './consistency-cipher.ts';
import { apartmentsConsistency, areaConsistency, storeysConsistency, volumeConsistency } from './consistency-values.ts';
import { missingReference } from './missing-reference.ts';
import { missingSection } from './missing-section.ts';
import { nonexistentNorms } from './nonexistent-norms.ts';
import { unanswerableRequest } from './request.ts';
import { sheetNumbering } from './sheet-numbering.ts';
import { stageMismatch } from './stage-mismatch.ts';
import { supersededNorms } from './superseded-norms.ts';
import { titleBlockRoles } from './title-block-roles.ts';
import type { Check } from './types.ts';
import { xmlNoteMismatch } from './xml-note.ts';

/** Every check the review runs, in a fixed order (the order only matters for ties in numbering). */
export const CHECKS: readonly Check[] = [
  missingSection,
  supersededNorms,
  nonexistentNorms,
  addressConsistency,
  cadastralConsistency,
  cipherConsistency,
  storeysConsistency,
  areaConsistency,
  volumeConsistency,
  apartmentsConsistency,
  missingReference,
  sheetNumbering,
  titleBlockRoles,
  stageMismatch,
  xmlNoteMismatch,
  unanswerableRequest,
];
