/**
 * Carrier of a broken text layer: the inner pages of a PDF volume written so that their text extracts as Cyrillic in a
 * single-byte code page read as cp1252 («Ñîäåðæàíèå» for «Содержание»), as some CAD and old Word fonts leave it.
 */
import { garble } from '../helpers/mojibake.ts';
import { mapBlockTexts, type DocModel, type Stamp } from './model.ts';
import type { TextLayerSpec } from './types.ts';

function garbleStamp(s: Stamp, enc: TextLayerSpec['encoding']): Stamp {
  const g = (t: string) => garble(t, enc);
  return {
    ...s,
    cipher: g(s.cipher),
    stage: g(s.stage),
    sheet: g(s.sheet),
    sheets: s.sheets === null ? null : g(s.sheets),
    roles: s.roles.map((r) => ({ role: g(r.role), surname: g(r.surname), date: r.date })),
    docTitle: g(s.docTitle),
    objectName: g(s.objectName),
    sheetTitle: g(s.sheetTitle),
    organization: g(s.organization),
  };
}

/** The model with every page but the title page garbled: the body always, the title blocks when asked. */
export function withBrokenTextLayer(m: DocModel, spec: TextLayerSpec): DocModel {
  return {
    ...m,
    pages: m.pages.map((pg, i) =>
      i === 0
        ? pg
        : {
            ...pg,
            blocks: pg.blocks.map((b) => mapBlockTexts(b, (t) => garble(t, spec.encoding))),
            stamp: pg.stamp && spec.stamps ? garbleStamp(pg.stamp, spec.encoding) : pg.stamp,
          },
    ),
  };
}
