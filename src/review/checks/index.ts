import { assignmentDocument } from './assignment-document.ts';
import { assignmentRequirements } from './assignment-requirements.ts';
import { addressConsistency } from './consistency-address.ts';
import { cadastralConsistency } from './consistency-cadastral.ts';
import { partiesConsistency } from './consistency-parties.ts';
import { cipherConsistency } from './consistency-cipher.ts';
import { cipherScript } from './cipher-script.ts';
import { fireHeightConsistency } from './consistency-fire-height.ts';
import { gpzuConsistency } from './consistency-gpzu.ts';
import { resourcesConsistency } from './consistency-resources.ts';
import { techConditionsConsistency } from './consistency-tech-conditions.ts';
import { zeroElevationConsistency } from './consistency-zero-elevation.ts';
import { climateConsistency } from './consistency-climate.ts';
import { energyClassConsistency } from './consistency-energy-class.ts';
import { functionsClassConsistency } from './consistency-functions-class.ts';
import { fireSafetyConsistency } from './consistency-fire-safety.ts';
import { implausibleDates } from './implausible-dates.ts';
import {
  apartmentsConsistency,
  areaConsistency,
  capacityConsistency,
  indicatorsConsistency,
  storeysConsistency,
  volumeConsistency,
} from './consistency-values.ts';
import { contentItems } from './content-items.ts';
import { estimateForm } from './estimate-form.ts';
import { iulMismatch } from './iul.ts';
import { malformedNorms } from './malformed-norms.ts';
import { missingReference } from './missing-reference.ts';
import { missingSection } from './missing-section.ts';
import { nonexistentNorms } from './nonexistent-norms.ts';
import { objectIdentity } from './object-identity.ts';
import { unanswerableRequest } from './request.ts';
import { sheetContents } from './sheet-contents.ts';
import { sheetNumbering } from './sheet-numbering.ts';
import { stageMismatch } from './stage-mismatch.ts';
import { supersededNorms } from './superseded-norms.ts';
import { titleBlockNames } from './title-block-names.ts';
import { titleBlockRoles } from './title-block-roles.ts';
import type { Check } from './types.ts';
import { xmlNoteMismatch } from './xml-note.ts';
import { xmlNoteContent } from './xml-note-content.ts';
import { xmlSchemaViolation } from './xml-schema.ts';

/** Every check the review runs, in a fixed order (the order only matters for ties in numbering). */
export const CHECKS = [
  missingSection,
  supersededNorms,
  nonexistentNorms,
  malformedNorms,
  implausibleDates,
  objectIdentity,
  addressConsistency,
  cadastralConsistency,
  cipherConsistency,
  cipherScript,
  storeysConsistency,
  areaConsistency,
  volumeConsistency,
  apartmentsConsistency,
  capacityConsistency,
  indicatorsConsistency,
  partiesConsistency,
  fireHeightConsistency,
  zeroElevationConsistency,
  gpzuConsistency,
  resourcesConsistency,
  techConditionsConsistency,
  fireSafetyConsistency,
  climateConsistency,
  energyClassConsistency,
  functionsClassConsistency,
  assignmentRequirements,
  assignmentDocument,
  missingReference,
  sheetNumbering,
  sheetContents,
  contentItems,
  titleBlockRoles,
  titleBlockNames,
  iulMismatch,
  estimateForm,
  stageMismatch,
  xmlNoteMismatch,
  xmlNoteContent,
  xmlSchemaViolation,
  unanswerableRequest,
] as const satisfies readonly Check[];

/** The id of a check the review runs: the registry above is the one list of them. */
export type CheckId = (typeof CHECKS)[number]['id'];
