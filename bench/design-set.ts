/**
 * The design volumes the benchmarks read: PDF volumes of 25 pages of ordinary explanatory text with key values,
 * norms, references and a title block, one section per volume in turn. One generator, so the review benchmark and
 * the API benchmarks that review large sets measure the same pages.
 */
import { join } from 'node:path';
import { writePdf, type PageSpec } from '../test/review/fixtures.ts';

export const PAGES_PER_DOC = 25;
const SECTIONS = ['ПЗ', 'ПЗУ', 'АР', 'КР', 'ИОС1', 'ИОС2', 'ИОС4', 'ПОС', 'ООС', 'ПБ'];
const roles = { 'Разраб.': 'Иванов', 'Пров.': 'Петров', ГИП: 'Сидоров', 'Н. контр.': 'Кузнецова' };

export interface DesignVolume {
  index: number;
  section: string;
  /** The file name a designer gives the volume: its cipher. */
  name: string;
  path: string;
}

/** A page of ordinary explanatory text with key values, norms and references, as a designer writes them. */
function pageOf(section: string, doc: number, n: number): PageSpec {
  const cipher = `24-${String(doc % 1000).padStart(3, '0')}-${section}`;
  const lines = [
    `${n}. Раздел ${section}. Описание принятых решений (лист ${n})`,
    'Объект расположен по адресу: г. Москва, ул. Ленина, д. 5. Кадастровый номер 77:01:0001001:1234.',
    'Этажность – 9; общая площадь здания – 1 234,5 м2; строительный объем – 12 345 м3.',
    'Расчет нагрузок выполнен по СП 20.13330.2016, теплотехнический расчет — по СП 50.13330.2024.',
    `Узлы примыкания см. лист ${Math.max(1, n - 1)}. Принятые решения соответствуют заданию на проектирование.`,
    'Конструкции стен из монолитного железобетона класса В25, перекрытия — плиты толщиной 200 мм.',
    'Наружные стены утеплены минераловатными плитами толщиной 150 мм с последующей облицовкой.',
    'Пожарная безопасность обеспечена в соответствии с требованиями Федерального закона № 123-ФЗ.',
    'Водоснабжение предусмотрено от существующей сети по техническим условиям ресурсоснабжающей организации.',
    'Электроснабжение выполнено по II категории надежности от проектируемой трансформаторной подстанции.',
  ];
  return {
    lines: [...lines, ...lines.map((l) => l.replace(/^\d+\. /, ''))],
    stamp: { cipher, sheet: n, ...(n === 1 ? { sheets: PAGES_PER_DOC } : {}), roles },
  };
}

/** The volumes of a set of `pages` pages in `dir` (doc-1.pdf, doc-2.pdf…), without writing them. */
export function designVolumes(dir: string, pages: number): DesignVolume[] {
  const volumes: DesignVolume[] = [];
  for (let i = 0; i * PAGES_PER_DOC < pages; i++) {
    const section = SECTIONS[i % SECTIONS.length]!;
    volumes.push({ index: i + 1, section, name: `24-${String(i + 1).padStart(3, '0')}-${section}.pdf`, path: join(dir, `doc-${i + 1}.pdf`) });
  }
  return volumes;
}

/** Writes the volumes of a set of `pages` pages into `dir`. */
export async function writeDesignSet(dir: string, pages: number): Promise<DesignVolume[]> {
  const volumes = designVolumes(dir, pages);
  for (const v of volumes) {
    await writePdf(
      v.path,
      Array.from({ length: PAGES_PER_DOC }, (_, k) => pageOf(v.section, v.index, k + 1)),
    );
  }
  return volumes;
}
