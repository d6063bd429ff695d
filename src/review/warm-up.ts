import { DOCSET_ITEMS } from '../kernel/docset.ts';
import { runChecks } from './engine.ts';
import { mutoolAvailable } from './extract/mutool-reader.ts';
import { ocrAvailable } from './extract/ocr.ts';
import { StextPageSplitter, stextPageLines } from './extract/stext-json.ts';
import { titleBlockLines } from './extract/title-block.mjs';
import { DocCollector } from './facts/collector.ts';
import type { DocFacts } from './facts/types.ts';
import type { ReadingSettings, ReviewDocument } from './types.ts';

/**
 * A worker's first review would otherwise pay for what is done once per process: the tool probes, compiling the
 * fact and check expressions, building the norm registry index, and the code getting hot. The worker does that at
 * start, over a small made-up set that passes through the same steps as a real page (the reader's JSON, the title
 * block, every fact finder, every check); the outcome is thrown away.
 */
const SAMPLE_PAGES = 40;
const WARM_UP_PASSES = 6;
const A4 = { width: 595, height: 842 };
const PIPE_CHUNK = 65536;

const body = (n: number) => [
  `${n}. Пояснительная записка. Объект: Многоквартирный жилой дом (позиция 3) по адресу: г. Тверь, ул. Советская, д. 12`,
  'Кадастровый номер земельного участка 69:40:0100123:45; площадь участка – 4 120 м2.',
  `Этажность – 12; количество квартир – 96; общая площадь здания – 8 450,6 м2; строительный объем – 32 100 м3 (лист ${n}).`,
  'Нагрузки приняты по СП 20.13330.2016; пределы огнестойкости – по СНиП 21-01-97*; оформление – по ГОСТ Р 21.101-2020.',
  `Узлы примыкания см. лист ${Math.max(1, n - 1)}; схема сетей – см. 24-101-ИОС2, лист 3, согласно 24-101-КР.`,
  'Проектируемый 12-этажный дом с техническим подпольем; класс функциональной пожарной опасности Ф1.3.',
  'Расчетная электрическая мощность – 120 кВт; водопотребление – 12,5 м³/сут; тепловая нагрузка – 0,45 Гкал/ч.',
  'Технические условия на подключение к сетям водоснабжения № 456 от 12.03.2024; ГПЗУ № РФ-69-2-40-0-00-2024-1234 от 05.02.2024.',
  'Пожарно-техническая высота здания – 35,4 м; отметка 0,000 соответствует абсолютной отметке 145,20 (том 1.1).',
  'Площадь застройки – не более 1 200 м² по заданию на проектирование; класс энергетической эффективности – B.',
];

const stamp = (kind: string, n: number) =>
  [
    [`24-101-${kind}`, 300, 700],
    ['Изм.', 60, 720],
    ['Кол.уч.', 80, 720],
    ['Лист', 110, 720],
    ['№ док.', 135, 720],
    ['Разраб.', 60, 735],
    ['Иванов', 98, 735],
    ['Пров.', 60, 748],
    ['Петров', 98, 748],
    ['ГИП', 60, 761],
    ['Сидоров', 98, 761],
    ['Н. контр.', 60, 774],
    ['Кузнецова', 98, 774],
    ['Стадия', 430, 740],
    ['Лист', 470, 740],
    ['Листов', 505, 740],
    ['П', 437, 753],
    [String(n), 474, 753],
    [String(SAMPLE_PAGES), 512, 753],
  ] as const;

/** A page of the sample as `mutool draw -F stext.json` writes it. */
function stextPage(kind: string, n: number): string {
  const line = (text: string, x: number, y: number) =>
    `{"wmode":0,"bbox":{"x":${x},"y":${y},"w":${text.length * 4},"h":8},"font":{"name":"F","family":"sans-serif","weight":"normal","style":"normal","size":8},"x":${x},"y":${y + 7},"text":${JSON.stringify(text)}}`;
  const block = (lines: string[]) => `{"type":"text","bbox":{"x":0,"y":0,"w":0,"h":0},"lines":[${lines.join(',')}]}`;
  const text = block(body(n).map((t, i) => line(t, 60, 60 + 12 * i)));
  const title = stamp(kind, n).map(([t, x, y]) => block([line(t, x, y)]));
  return `{"blocks":[${[text, ...title].join(',')}]}`;
}

/** Reads and checks the made-up set in memory, as a review would. */
export function reviewSample(): { docs: DocFacts[]; outcome: ReturnType<typeof runChecks> } {
  const docs = ['ПЗ', 'КР'].map((kind, k) => {
    // bytes decoded in pipe-sized chunks, as the reader gets them: code warmed on strings of another make would be cold
    const bytes = Buffer.from(`{"file":"sample.pdf","pages":[${Array.from({ length: SAMPLE_PAGES }, (_, i) => stextPage(kind, i + 1)).join(',')}]}`);
    const decoder = new TextDecoder();
    const splitter = new StextPageSplitter();
    const json: string[] = [];
    for (let at = 0; at < bytes.length; at += PIPE_CHUNK) json.push(...splitter.push(decoder.decode(bytes.subarray(at, at + PIPE_CHUNK), { stream: true })));
    const doc: ReviewDocument = {
      index: k + 1,
      name: `24-101-${kind}.pdf`,
      kind,
      role: 'review',
      format: 'pdf',
      path: '',
      pdfPath: null,
      pages: SAMPLE_PAGES,
      pageFrom: null,
    };
    const collector = new DocCollector(doc, 1 + k * SAMPLE_PAGES);
    json.forEach((page, i) => {
      const { text, lines } = stextPageLines(page);
      collector.addPage({ docPage: i + 1, text, source: 'text', ...A4, stampLines: titleBlockLines(lines, 0, 0, A4.width, A4.height) });
    });
    return collector.finish(SAMPLE_PAGES, null);
  });
  const input = {
    documents: docs.map((d) => d.doc),
    objectAddress: 'г. Тверь, ул. Советская, д. 12',
    userRequest: 'Проверьте соответствие нормам',
    workDir: '',
    profile: DOCSET_ITEMS.map((i) => ({ code: i.code, title: i.title, required: i.required })),
  };
  return { docs, outcome: runChecks(input, docs) };
}

let done: Promise<void> | null = null;

/** Warms this process up for reviews (once; failures are ignored: a cold review is slower, not wrong). */
export function warmUpReview(settings: Pick<ReadingSettings, 'tesseractBin'>): Promise<void> {
  done ??= Promise.all([mutoolAvailable(), ocrAvailable(settings.tesseractBin)])
    .then(() => {
      // V8 optimises code once it has run long enough: a first review of 500 pages took 0.50–0.70 s of CPU to read
      // after three passes and 0.44–0.46 s after six; six cost about half a second in the spare worker, off any run's path
      for (let i = 0; i < WARM_UP_PASSES; i++) reviewSample();
    })
    .catch(() => undefined);
  return done;
}
