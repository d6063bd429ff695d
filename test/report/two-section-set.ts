/** A small set of two sections with findings in both, submitted through the API, for end-to-end report tests. */
import assert from 'node:assert/strict';
import { form, type Client } from '../helpers/client.ts';
import { makePdf } from '../helpers/fixtures.ts';

const PZ = [
  'ООО «Проектное бюро»\nМногоквартирный жилой дом\nРаздел 1. Пояснительная записка\n24-017-ПЗ\nАдрес объекта: г. Казань, ул. Чистопольская, д. 20',
  'Пояснительная записка 24-017-ПЗ. Лист 2. Нагрузки приняты по СНиП 2.01.07-85*. Площадь застройки 1 250,5 м2.',
];
const KR = [
  'ООО «Проектное бюро»\nРаздел 4. Конструктивные решения\n24-017-КР\nАдрес объекта: г. Казань, ул. Чистопольская, д. 22',
  'Конструктивные решения 24-017-КР. Лист 2. Расчёт выполнен по СНиП 52-01-2003 и СНиП II-23-81*. Площадь застройки 1 300,0 м2.',
];

/** Finding numbers printed in a report's text («№ 3 · …»), in order. */
export const numbersIn = (text: string) => [...text.replace(/\s+/g, ' ').matchAll(/№ (\d+) · /g)].map((m) => Number(m[1])).sort((a, b) => a - b);

/** Submits the ПЗ + КР set (addresses and areas differ, superseded norms in both); returns the run id. */
export async function submitTwoSectionSet(api: Client): Promise<string> {
  const [pz, kr] = await Promise.all([makePdf(PZ), makePdf(KR)]);
  const created = await api.postForm(
    '/runs',
    form(
      [
        { name: '24-017-ПЗ.pdf', content: pz, type: 'application/pdf' },
        { name: '24-017-КР.pdf', content: kr, type: 'application/pdf' },
      ],
      { kinds: JSON.stringify({ '24-017-ПЗ.pdf': 'ПЗ', '24-017-КР.pdf': 'КР' }), object_address: 'г. Казань, ул. Чистопольская, д. 20' },
    ),
  );
  assert.equal(created.status, 201, created.text);
  return created.json.run_id;
}
