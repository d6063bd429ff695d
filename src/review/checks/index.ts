import { addressConsistency } from './consistency-address.ts';
import { cadastralConsistency } from './consistency-cadastral.ts';
import { cipherConsistency } from './consistency-cipher.ts';
import { fireHeightConsistency } from './consistency-fire-height.ts';
import { gpzuConsistency } from './consistency-gpzu.ts';
import { resourcesConsistency } from './consistency-resources.ts';
import { techConditionsConsistency } from './consistency-tech-conditions.ts';
import { zeroElevationConsistency } from './consistency-zero-elevation.ts';
import { climateConsistency } from './consistency-climate.ts';
import { energyClassConsistency } from './consistency-energy-class.ts';
import { fireSafetyConsistency } from './consistency-fire-safety.ts';
import { apartmentsConsistency, areaConsistency, storeysConsistency, volumeConsistency } from './consistency-values.ts';
import { malformedNorms } from './malformed-norms.ts';
import { missingReference } from './missing-reference.ts';
import { missingSection } from './missing-section.ts';
import { nonexistentNorms } from './nonexistent-norms.ts';
import { unanswerableRequest } from './request.ts';
import { sheetContents } from './sheet-contents.ts';
import { sheetNumbering } from './sheet-numbering.ts';
import { stageMismatch } from './stage-mismatch.ts';
import { supersededNorms } from './superseded-norms.ts';
import { titleBlockRoles } from './title-block-roles.ts';
import type { Check } from './types.ts';
import { xmlNoteMismatch } from './xml-note.ts';

/** Every check the review runs, in a fixed order (the order only matters for ties in numbering). */
export const CHECKS = [
  missingSection,
  supersededNorms,
  nonexistentNorms,
  malformedNorms,
  addressConsistency,
  cadastralConsistency,
  cipherConsistency,
  storeysConsistency,
  areaConsistency,
  volumeConsistency,
  apartmentsConsistency,
  fireHeightConsistency,
  zeroElevationConsistency,
  gpzuConsistency,
  resourcesConsistency,
  techConditionsConsistency,
  fireSafetyConsistency,
  climateConsistency,
  energyClassConsistency,
  missingReference,
  sheetNumbering,
  sheetContents,
  titleBlockRoles,
  stageMismatch,
  xmlNoteMismatch,
  unanswerableRequest,
] as const satisfies readonly Check[];

/** The id of a check the review runs: the registry above is the one list of them. */
export type CheckId = (typeof CHECKS)[number]['id'];
