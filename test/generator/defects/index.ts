/** The catalogue of plantable defects, one implementation per check id. */
import type { CheckId } from '../types.ts';
import type { DefectImpl } from './impl.ts';
import { missingSection, unanswerableRequest } from './completeness.ts';
import { address, apartments, area, buildingVolume, cadastral, storeys } from './consistency.ts';
import { cipher } from './cipher.ts';
import { missingTarget } from './references.ts';
import { nonexistent, superseded } from './norms.ts';
import { missingRoles, numberingGap } from './sheets.ts';
import { xmlMismatch } from './xml.ts';
import { stageMismatch } from './stage.ts';

export const DEFECTS: Record<CheckId, DefectImpl> = {
  'completeness.missing_section': missingSection,
  'norms.superseded': superseded,
  'norms.nonexistent': nonexistent,
  'consistency.address': address,
  'consistency.cadastral_number': cadastral,
  'consistency.cipher': cipher,
  'consistency.storeys': storeys,
  'consistency.area': area,
  'consistency.building_volume': buildingVolume,
  'consistency.apartments': apartments,
  'references.missing_target': missingTarget,
  'sheets.numbering_gap': numberingGap,
  'titleblock.missing_roles': missingRoles,
  'xml.explanatory_note_mismatch': xmlMismatch,
  'request.unanswerable': unanswerableRequest,
  'stamps.stage_mismatch': stageMismatch,
};
