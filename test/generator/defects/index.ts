/** The catalogue of plantable defects, one implementation per check id. */
import type { CheckId } from '../types.ts';
import type { DefectImpl } from './impl.ts';
import { missingSection, unanswerableRequest } from './completeness.ts';
import { address, apartments, area, buildingVolume, cadastral, indicators, parties, storeys } from './consistency.ts';
import { cipher } from './cipher.ts';
import { cipherScript } from './cipher-script.ts';
import { contentsMismatch } from './contents.ts';
import { missingTarget } from './references.ts';
import { malformed, nonexistent, superseded } from './norms.ts';
import { missingRoles, namesMismatch, numberingGap } from './sheets.ts';
import { xmlContent, xmlMismatch, xmlSchemaFault } from './xml.ts';
import { fireHeight, gpzu, resources, techConditions, zeroElevation } from './loads.ts';
import { climate, energyClass, fireSafety } from './traits.ts';
import { stageMismatch } from './stage.ts';
import { implausibleDate } from './dates.ts';
import { assignmentDocument, assignmentExceeded, capacity, functionsClass } from './assignment.ts';
import { otherObject } from './identity.ts';
import { iulMismatch } from './iul.ts';
import { estimateForm } from './estimate.ts';
import { contentItemsMissing } from './content.ts';

export const DEFECTS: Record<CheckId, DefectImpl> = {
  'completeness.missing_section': missingSection,
  'norms.superseded': superseded,
  'norms.nonexistent': nonexistent,
  'norms.malformed_designation': malformed,
  'dates.implausible': implausibleDate,
  'consistency.address': address,
  'consistency.cadastral_number': cadastral,
  'consistency.cipher': cipher,
  'cipher.mixed_script': cipherScript,
  'consistency.storeys': storeys,
  'consistency.area': area,
  'consistency.building_volume': buildingVolume,
  'consistency.apartments': apartments,
  'consistency.fire_height': fireHeight,
  'consistency.zero_elevation': zeroElevation,
  'consistency.gpzu': gpzu,
  'consistency.resources': resources,
  'consistency.tech_conditions': techConditions,
  'consistency.fire_safety': fireSafety,
  'consistency.climate': climate,
  'consistency.energy_class': energyClass,
  'consistency.functions_class': functionsClass,
  'references.missing_target': missingTarget,
  'sheets.numbering_gap': numberingGap,
  'titleblock.missing_roles': missingRoles,
  'titleblock.names': namesMismatch,
  'xml.explanatory_note_mismatch': xmlMismatch,
  'xml.explanatory_note_content': xmlContent,
  'xml.schema_violation': xmlSchemaFault,
  'request.unanswerable': unanswerableRequest,
  'sheets.contents_mismatch': contentsMismatch,
  'stamps.stage_mismatch': stageMismatch,
  'consistency.capacity': capacity,
  'consistency.indicators': indicators,
  'consistency.parties': parties,
  'assignment.requirements': assignmentExceeded,
  'assignment.document': assignmentDocument,
  'identity.other_object': otherObject,
  'iul.file_mismatch': iulMismatch,
  'estimate.form': estimateForm,
  'content.items_missing': contentItemsMissing,
};
