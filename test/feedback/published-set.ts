/**
 * A small realistic set for the end-to-end tests of findings, decisions and memory: an explanatory note (ПЗ),
 * an architectural (АР) and a structural section (КР) of one object that disagree on the address and the built-up
 * area and cite superseded norms, while the other required sections are missing (three volumes are a set, not a
 * volume sent alone, so composition is checked) — so the review publishes findings in several sections (ОБЩ, ПЗ,
 * АР, КР), some sections with more than one finding.
 */
import assert from 'node:assert/strict';
import { form, type Client } from '../helpers/client.ts';
import { makePdf } from '../helpers/fixtures.ts';

const PZ_PAGES = [
  'ООО «Проектное бюро»\nМногоквартирный жилой дом\nРаздел 1. Пояснительная записка\n24-017-ПЗ\nАдрес объекта: г. Казань, ул. Чистопольская, д. 20',
  'Пояснительная записка 24-017-ПЗ. Лист 2. Нагрузки приняты по СНиП 2.01.07-85*. Площадь застройки 1 250,5 м2.',
];
const AR_PAGES = [
  'ООО «Проектное бюро»\nМногоквартирный жилой дом\nРаздел 3. Объемно-планировочные и архитектурные решения\n24-017-АР\nАдрес объекта: г. Казань, ул. Чистопольская, д. 20',
  'Архитектурные решения 24-017-АР. Лист 2. Снеговая нагрузка принята по СНиП 2.01.07-85*. Площадь застройки 1 250,5 м2.',
];
const KR_PAGES = [
  'ООО «Проектное бюро»\nРаздел 4. Конструктивные и объемно-планировочные решения\n24-017-КР\nАдрес объекта: г. Казань, ул. Чистопольская, д. 22',
  'Конструктивные решения 24-017-КР. Лист 2. Расчёт выполнен по СНиП 52-01-2003 и СНиП II-23-81*. Площадь застройки 1 300,0 м2.',
];

export async function reviewSetForm(fields: Record<string, string> = {}): Promise<FormData> {
  const [pz, ar, kr] = await Promise.all([makePdf(PZ_PAGES), makePdf(AR_PAGES), makePdf(KR_PAGES)]);
  return form(
    [
      { name: '24-017-ПЗ.pdf', content: pz, type: 'application/pdf' },
      { name: '24-017-АР.pdf', content: ar, type: 'application/pdf' },
      { name: '24-017-КР.pdf', content: kr, type: 'application/pdf' },
    ],
    { kinds: JSON.stringify({ '24-017-ПЗ.pdf': 'ПЗ', '24-017-АР.pdf': 'АР', '24-017-КР.pdf': 'КР' }), ...fields },
  );
}

// The next revision: see revisedSetForm.
const AR_CORRECTED = [
  'ООО «Проектное бюро»\nМногоквартирный жилой дом\nРаздел 3. Объемно-планировочные и архитектурные решения\n24-017-АР\nАдрес объекта: г. Казань, ул. Чистопольская, д. 24',
  'Архитектурные решения 24-017-АР. Лист 2. Снеговая нагрузка принята по СНиП 2.01.07-85*. Площадь застройки 1 250,5 м2.',
];
const KR_CORRECTED = [
  'Том 4. Изменение 1\nВыпущен взамен тома 24-017-КР',
  'ООО «Проектное бюро»\nРаздел 4. Конструктивные и объемно-планировочные решения\n24-017-КР\nАдрес объекта: г. Казань, ул. Чистопольская, д. 20',
  'Конструктивные решения 24-017-КР. Лист 2. Расчёт выполнен по СНиП 52-01-2003 и СНиП II-23-81*. Площадь застройки 1 300,0 м2.',
];
export const KR_RENAMED = 'Том 4 КР изм1.pdf';

/**
 * The next revision of the set, for the next round in a bundle: the structural volume renamed with a cover page put
 * before it and its address mended (its built-up area and norms left as they were), while the architectural volume
 * now names another house.
 */
export async function revisedSetForm(fields: Record<string, string> = {}): Promise<FormData> {
  const [pz, ar, kr] = await Promise.all([makePdf(PZ_PAGES), makePdf(AR_CORRECTED), makePdf(KR_CORRECTED)]);
  return form(
    [
      { name: '24-017-ПЗ.pdf', content: pz, type: 'application/pdf' },
      { name: '24-017-АР.pdf', content: ar, type: 'application/pdf' },
      { name: KR_RENAMED, content: kr, type: 'application/pdf' },
    ],
    { kinds: JSON.stringify({ '24-017-ПЗ.pdf': 'ПЗ', '24-017-АР.pdf': 'АР', [KR_RENAMED]: 'КР' }), ...fields },
  );
}

/** Uploads the set and returns the run id without waiting. */
export async function uploadSet(api: Client, fields: Record<string, string> = {}): Promise<string> {
  const r = await api.postForm('/runs', await reviewSetForm(fields));
  assert.equal(r.status, 201, r.text);
  return r.json.run_id as string;
}

/** A set's form uploaded and reviewed to the end: the run and its /findings. */
export async function publishedForm(api: Client, body: FormData): Promise<{ runId: string; result: any }> {
  const upload = await api.postForm('/runs', body);
  assert.equal(upload.status, 201, upload.text);
  const status = await api.waitRun(upload.json.run_id, 180_000);
  assert.equal(status.status, 'done', JSON.stringify(status));
  const r = await api.get(`/runs/${upload.json.run_id}/findings`);
  assert.equal(r.status, 200, r.text);
  return { runId: upload.json.run_id, result: r.json };
}

/** Uploads the set, waits until it is done and returns the published /findings body. */
export async function publishSet(api: Client, fields: Record<string, string> = {}): Promise<{ runId: string; result: any }> {
  const published = await publishedForm(api, await reviewSetForm(fields));
  assert.ok(published.result.findings.length >= 3, 'the set yields findings');
  return published;
}

/** The findings of one section that has at least `min` of them, and one finding of another section. */
export function sectionsOf(result: any, min = 2): { many: any[]; other: any } {
  const by = new Map<string, any[]>();
  for (const f of result.findings) by.set(f.section, [...(by.get(f.section) ?? []), f]);
  const many = [...by.values()].find((list) => list.length >= min);
  assert.ok(many, `a section with ${min} findings: ${[...by.keys()].join(', ')}`);
  const other = result.findings.find((f: any) => f.section !== many[0].section);
  assert.ok(other, 'a finding of another section');
  return { many, other };
}

const IOS_PAGES = [
  'ООО «Проектное бюро»\nМногоквартирный жилой дом\nРаздел 5. Подраздел 3. Система водоотведения\n24-017-ИОС3\nАдрес объекта: г. Казань, ул. Чистопольская, д. 20',
  'Система водоотведения 24-017-ИОС3. Лист 2. Расход стоков принят по расчёту.',
];

/**
 * Two rounds of one set in which volumes come and go: the first is ПЗ, АР and КР (reviewSetForm's texts); the
 * second keeps the same ПЗ file, brings АР corrected (its address mended), leaves КР out and adds ИОС3.
 */
export async function roundsOfSet(): Promise<{ first: (fields?: Record<string, string>) => FormData; second: (fields?: Record<string, string>) => FormData }> {
  const [pz, ar, kr, arCorrected, ios] = await Promise.all([
    makePdf(PZ_PAGES),
    makePdf(AR_PAGES),
    makePdf(KR_PAGES),
    makePdf(AR_PAGES.map((p) => p.replace('Лист 2.', 'Лист 2. Изм. 1.'))),
    makePdf(IOS_PAGES),
  ]);
  return {
    first: (fields = {}) =>
      form(
        [
          { name: '24-017-ПЗ.pdf', content: pz, type: 'application/pdf' },
          { name: '24-017-АР.pdf', content: ar, type: 'application/pdf' },
          { name: '24-017-КР.pdf', content: kr, type: 'application/pdf' },
        ],
        { kinds: JSON.stringify({ '24-017-ПЗ.pdf': 'ПЗ', '24-017-АР.pdf': 'АР', '24-017-КР.pdf': 'КР' }), ...fields },
      ),
    second: (fields = {}) =>
      form(
        [
          { name: '24-017-ПЗ.pdf', content: pz, type: 'application/pdf' },
          { name: '24-017-АР изм1.pdf', content: arCorrected, type: 'application/pdf' },
          { name: '24-017-ИОС3.pdf', content: ios, type: 'application/pdf' },
        ],
        { kinds: JSON.stringify({ '24-017-ПЗ.pdf': 'ПЗ', '24-017-АР изм1.pdf': 'АР', '24-017-ИОС3.pdf': 'ИОС3' }), ...fields },
      ),
  };
}
