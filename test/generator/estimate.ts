/** A локальный сметный расчёт beside the volumes: its heading's and totals' level of prices and its signature lines. */
import { join } from 'node:path';
import { personName } from './facts.ts';
import type { DocModel } from './model.ts';
import { renderDocx } from './render-docx.ts';
import { renderPdf } from './render-pdf.ts';
import type { SetBuild } from './set-build.ts';
import type { GeneratedFile } from './types.ts';

/** What the estimate states; defects change it before it is rendered. */
export interface EstimateEntry {
  name: string;
  format: 'pdf' | 'docx';
  /** «Составлен(а) в … ценах по состоянию на …» */
  heading: string;
  /** «Итого прямые затраты по смете в … ценах» */
  totals: string;
  compiler: string;
  /** The checker's name on the signature line; empty: the line is left blank. */
  checker: string;
}

const WORKS: [string, string, string, number, number][] = [
  ['ФЕР06-01-001-01', 'Устройство бетонной подготовки', 'м3', 12.5, 635.4],
  ['ФЕР08-02-001-01', 'Кладка стен из кирпича', 'м3', 48.2, 1180.2],
  ['ФЕР12-01-002-09', 'Устройство кровель из наплавляемых материалов', '100 м2', 3.6, 2410.8],
];

function estimateModel(e: EstimateEntry, b: SetBuild): DocModel {
  const rows = WORKS.map(([code, name, unit, qty, price], i) => [
    String(i + 1),
    code,
    name,
    unit,
    String(qty).replace('.', ','),
    price.toFixed(2).replace('.', ','),
    (qty * price).toFixed(2).replace('.', ','),
  ]);
  const sum = WORKS.reduce((a, [, , , qty, price]) => a + qty * price, 0);
  return {
    code: 'ЛСР',
    cipher: `${b.set.cipherBase}-СМ`,
    fileName: e.name,
    format: e.format,
    title: 'Локальный сметный расчет',
    pages: [
      {
        size: 'A4',
        title: null,
        stamp: null,
        blocks: [
          { t: 'p', text: `«${b.set.objectName}»` },
          { t: 'h', text: 'ЛОКАЛЬНЫЙ СМЕТНЫЙ РАСЧЕТ № 02-01-01' },
          { t: 'p', text: '(локальная смета)' },
          { t: 'p', text: 'на общестроительные работы' },
          { t: 'p', text: `Основание: чертежи ${b.set.cipherBase}-АР, ${b.set.cipherBase}-КР` },
          { t: 'p', text: e.heading },
          { t: 'table', head: ['№ пп', 'Обоснование', 'Наименование', 'Ед. изм.', 'Кол.', 'Стоимость единицы, руб.', 'Общая стоимость, руб.'], rows },
          { t: 'p', text: `${e.totals} ${sum.toFixed(2).replace('.', ',')}` },
          { t: 'p', text: `Составил: ________________ ${e.compiler}` },
          { t: 'p', text: '(должность, подпись, расшифровка)' },
          { t: 'p', text: `Проверил: ________________ ${e.checker}`.trimEnd() },
          { t: 'p', text: '(должность, подпись, расшифровка)' },
        ],
      },
    ],
  };
}

/** Writes the set's estimate, in base prices and signed by both, as changed by the defects' hooks. */
export async function writeEstimate(b: SetBuild, outDir: string): Promise<GeneratedFile> {
  const e: EstimateEntry = {
    name: 'ЛСР 02-01-01 Общестроительные работы.pdf',
    format: 'pdf',
    heading: 'Составлен(а) в базисных ценах по состоянию на 01.01.2000 г.',
    totals: 'Итого прямые затраты по смете в базисных ценах',
    compiler: personName(b.set.developers[0] ?? b.set.gip, false),
    checker: personName(b.set.checkers[0] ?? b.set.gip, false),
  };
  for (const hook of b.estimateHooks) hook(e);
  const path = join(outDir, e.name);
  const model = estimateModel(e, b);
  if (e.format === 'pdf') await renderPdf(model, path);
  else await renderDocx(model, path);
  return { name: e.name, path, format: e.format, kind: 'СМ', pages: 1 };
}
