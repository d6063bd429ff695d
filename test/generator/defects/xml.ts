/** xml.explanatory_note_mismatch: the XML explanatory note disagrees with the documents of the set. */
import { alterBase } from '../set-build.ts';
import type { DefectImpl } from './impl.ts';

export const xmlMismatch: DefectImpl = {
  variants: 8,
  afterPlans(b, _d, v, rng) {
    b.withXml = true;
    const push = (detail: string): void => {
      b.planted.push({ kind: 'xml.explanatory_note_mismatch', docName: '', page: null, detail });
    };
    b.xmlHooks.push((x) => {
      switch (v % 8) {
        case 0: {
          const base = b.set.cipherBase;
          const wrong = alterBase(base, rng);
          x.number = x.number.replace(base, wrong);
          push(`ExplanatoryNoteNumber ${x.number}: основа шифра ${wrong} вместо ${base}`);
          return;
        }
        case 1: {
          const before = x.building;
          x.building = x.building.replace(/^\d+/, (n) => String(Number(n) + rng.int(1, 7)));
          push(`Address/Building «${x.building}» вместо «${before}»`);
          return;
        }
        case 2: {
          const before = x.objectName;
          x.objectName = /\d\)$/.test(before)
            ? before.replace(/(\d+)\)$/, (_m, n: string) => `${Number(n) + 1})`)
            : before.replace(/^Многоквартирный жилой дом|^Жилой дом|^Многоквартирный/, (s) =>
                s.includes('Многоквартирный жилой') ? 'Жилой комплекс' : 'Многоэтажный жилой комплекс',
              );
          if (x.objectName === before) x.objectName = `${before} (1 этап)`;
          push(`наименование объекта «${x.objectName}» вместо «${before}»`);
          return;
        }
        case 3: {
          const before = x.cadastral;
          x.cadastral = before.replace(/(\d+)$/, (n) => String(Number(n) + rng.int(1, 9)));
          push(`CadastralNumber ${x.cadastral} вместо ${before}`);
          return;
        }
        case 4: {
          const f = x.files.find((file) => file.section === 'АР') ?? x.files[0];
          if (!f) throw new Error('no files in the XML note');
          const ghost = { ...f, fileName: f.fileName.replace(/(\.\w+)$/, ' изм.1$1'), checksum: 'A1B2C3D4' };
          x.files.push(ghost);
          push(`в XML указан файл «${ghost.fileName}», которого нет в комплекте`);
          return;
        }
        case 5: {
          const i = rng.int(0, x.files.length - 1);
          const [gone] = x.files.splice(i, 1);
          push(`файл «${gone?.fileName}» комплекта не указан в XML`);
          return;
        }
        case 7: {
          const f = rng.pick(x.files);
          const before = f.cipher;
          f.cipher = alterBase(b.set.cipherBase, rng) + f.cipher.slice(b.set.cipherBase.length);
          push(`DocNumber тома «${f.fileName}» ${f.cipher} вместо ${before}`);
          return;
        }
        default: {
          const f = rng.pick(x.files);
          const before = f.checksum;
          f.checksum = ((parseInt(before, 16) ^ 0x00f0f0f0) >>> 0).toString(16).toUpperCase().padStart(8, '0');
          push(`FileChecksum файла «${f.fileName}» ${f.checksum} не совпадает с файлом (${before})`);
        }
      }
    });
  },
};
