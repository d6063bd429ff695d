/** Информационно-удостоверяющие листы: one per volume, certifying the rendered file by its CRC32 and size. */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { DocModel } from './model.ts';
import { renderDocx } from './render-docx.ts';
import { renderPdf } from './render-pdf.ts';
import type { SetBuild } from './set-build.ts';
import type { GeneratedFile } from './types.ts';
import { fileChecksum } from './xml-note.ts';

/** What one ИУЛ states; defects change it before it is rendered. */
export interface IulEntry {
  /** The ИУЛ's own file name: the volume's name with «-УЛ». */
  name: string;
  format: 'pdf' | 'docx';
  volume: GeneratedFile;
  cipher: string;
  title: string;
  checksum: string;
  size: number;
}

const spaced = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

function iulModel(e: IulEntry, m: DocModel): DocModel {
  const roles = m.pages.find((p) => p.stamp?.roles.length)?.stamp?.roles ?? [];
  const date = roles[0]?.date ?? '';
  return {
    code: m.code,
    cipher: `${e.cipher}-УЛ`,
    fileName: e.name,
    format: e.format,
    title: 'Информационно-удостоверяющий лист',
    pages: [
      {
        size: 'A4',
        title: null,
        stamp: null,
        blocks: [
          { t: 'h', text: 'Информационно-удостоверяющий лист' },
          { t: 'table', head: ['Номер п/п', 'Обозначение документа', 'Наименование документа', 'Версия'], rows: [['1', e.cipher, e.title, '1']] },
          { t: 'table', head: ['Алгоритм расчета', 'Контрольная сумма'], rows: [['CRC32', e.checksum]] },
          {
            t: 'table',
            head: ['Наименование файла', 'Дата и время последнего изменения файла', 'Размер файла, байт'],
            rows: [[e.volume.name, date, spaced(e.size)]],
          },
          { t: 'table', head: ['Характер работы', 'Фамилия', 'Подпись', 'Дата подписания'], rows: roles.map((r) => [r.role, r.surname, '', r.date]) },
          { t: 'p', text: `Информационно-удостоверяющий лист ${e.cipher}-УЛ` },
        ],
      },
    ],
  };
}

/** Writes an ИУЛ for every volume of the set (after the volumes, whose files it certifies). */
export async function writeIuls(b: SetBuild, outDir: string, volumes: GeneratedFile[]): Promise<GeneratedFile[]> {
  const entries: IulEntry[] = [];
  for (const v of volumes) {
    const m = b.models.find((x) => x.fileName === v.name);
    if (!m) continue;
    entries.push({
      name: v.name.replace(/\.(pdf|docx)$/, '-УЛ.pdf'),
      format: 'pdf',
      volume: v,
      cipher: m.cipher,
      title: m.title,
      checksum: await fileChecksum(v.path),
      size: (await stat(v.path)).size,
    });
  }
  for (const hook of b.iulHooks) hook(entries);
  const files: GeneratedFile[] = [];
  for (const e of entries) {
    const path = join(outDir, e.name);
    const model = iulModel(e, b.models.find((x) => x.fileName === e.volume.name)!);
    if (e.format === 'pdf') await renderPdf(model, path);
    else await renderDocx(model, path);
    files.push({ name: e.name, path, format: e.format, kind: e.volume.kind, pages: 1 });
  }
  return files;
}
