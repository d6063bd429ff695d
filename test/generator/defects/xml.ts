/** xml.explanatory_note_mismatch: the XML explanatory note disagrees with the documents of the set. */
import { alterBase, xmlNoteName, type SetBuild } from '../set-build.ts';
import type { IssuedDoc, SchemaFault } from '../xml-note.ts';
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

/**
 * xml.explanatory_note_content: the note read as a document — an issued document's date typed with a lost century, one
 * dated after the note, a number and its issuer written in each other's fields, a number field without a number. The
 * documents chosen are the ones no volume cites (the assignment, the survey report, the ТУ on сети связи), so no
 * cross-document check sees the change.
 */
export const xmlContent: DefectImpl = {
  variants: 4,
  afterPlans(b, _d, v) {
    b.withXml = true;
    b.xmlHooks.push((x) => {
      const pick = (group: IssuedDoc['group']): IssuedDoc => {
        const doc = x.issued.find((i) => i.group === group);
        if (!doc) throw new Error(`no ${group} document in the XML note`);
        return doc;
      };
      // like every defect carried by the note: set-level, the finding names the note
      const push = (detail: string) =>
        b.planted.push({ kind: 'xml.explanatory_note_content', docName: '', page: null, detail: `${xmlNoteName(b)}: ${detail}` });
      switch (v % 4) {
        case 0: {
          const survey = pick('EngineeringSurveyDocuments');
          const before = survey.date;
          survey.date = `00${before.slice(2, 4)}${before.slice(4)}`;
          push(`DocDate отчета об изысканиях ${survey.date} вместо ${before}`);
          return;
        }
        case 1: {
          const task = pick('ProjectDecisionDocuments');
          const before = task.date;
          task.date = `${x.year + 1}-02-10`;
          push(`DocDate задания на проектирование ${task.date} (вместо ${before}) — позже года записки ${x.year}`);
          return;
        }
        case 2: {
          const survey = pick('EngineeringSurveyDocuments');
          [survey.number, survey.issuer] = [survey.issuer, survey.number];
          push(`DocNumber «${survey.number}» и DocIssueAuthor «${survey.issuer}» отчета об изысканиях поменяны местами`);
          return;
        }
        default: {
          const tu = pick('ProjectInitialDocuments');
          const before = tu.number;
          tu.number = tu.issuer;
          push(`DocNumber ТУ на сети связи «${tu.number}» без цифр (вместо ${before})`);
        }
      }
    });
  },
};

/** norms.superseded carried by the note: a replaced norm in UsedNorms, the only place the set names it. */
export function plantStaleUsedNorm(b: SetBuild, norm: { designation: string; title: string; replacement: string }): void {
  b.withXml = true;
  b.xmlHooks.push((x) => {
    x.extraNorms.push(`${norm.designation} «${norm.title}»`);
    b.planted.push({
      kind: 'norms.superseded',
      docName: '',
      page: null,
      detail: `${xmlNoteName(b)}, UsedNorms: ${norm.designation} (заменен ${norm.replacement})`,
    });
  });
}

/**
 * xml.schema_violation: the note departs from the XML schema of its version — the issuer's ОГРН cut to 11 digits, its
 * ИНН left out, an element the schema does not have put before the issuer. Nothing else of the note changes, so no other
 * check sees it.
 */
export const xmlSchemaFault: DefectImpl = {
  variants: 3,
  afterPlans(b, _d, v) {
    b.withXml = true;
    const faults: { fault: SchemaFault; detail: string }[] = [
      { fault: 'short_ogrn', detail: 'IssueAuthor/Organization/OrgOGRN из 11 цифр вместо 13' },
      { fault: 'missing_inn', detail: 'в IssueAuthor/Organization нет обязательного OrgINN' },
      { fault: 'unknown_element', detail: 'элемент ProjectStage, которого нет в схеме, перед IssueAuthor' },
    ];
    const { fault, detail } = faults[v % faults.length]!;
    b.xmlHooks.push((x) => {
      x.schemaFault = fault;
      b.planted.push({ kind: 'xml.schema_violation', docName: '', page: null, detail: `${xmlNoteName(b)}: ${detail}` });
    });
  },
};
