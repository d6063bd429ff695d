/**
 * What every browser test of the cabinet starts from: the real program on a free port, an organization, a client
 * of its API, and a small set on disk (a ZIP of two volumes and a separate PDF whose addresses disagree, so the
 * review has findings citing pages).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '../helpers/client.ts';
import { makePdf, makeZip } from '../helpers/fixtures.ts';
import { startServer, type CreatedOrg, type TestServer } from '../helpers/server.ts';

const PZ = [
  'ООО «Проектное бюро»\nМногоквартирный жилой дом\nРаздел 1. Пояснительная записка\n24-017-ПЗ\nАдрес объекта: г. Казань, ул. Чистопольская, д. 20',
  'Пояснительная записка 24-017-ПЗ. Лист 2. Нагрузки приняты по СНиП 2.01.07-85*. Площадь застройки 1 250,5 м2.',
];
const AR = [
  'ООО «Проектное бюро»\nМногоквартирный жилой дом\nРаздел 3. Объемно-планировочные и архитектурные решения\n24-017-АР\nАдрес объекта: г. Казань, ул. Чистопольская, д. 20',
  'Архитектурные решения 24-017-АР. Лист 2. Снеговая нагрузка принята по СНиП 2.01.07-85*. Площадь застройки 1 250,5 м2.',
];
const KR = [
  'ООО «Проектное бюро»\nРаздел 4. Конструктивные и объемно-планировочные решения\n24-017-КР\nАдрес объекта: г. Казань, ул. Чистопольская, д. 22',
  'Конструктивные решения 24-017-КР. Лист 2. Расчёт выполнен по СНиП 52-01-2003 и СНиП II-23-81*. Площадь застройки 1 300,0 м2.',
];

/** Documents of the set by name, with the section each should be given in the form. */
export const SET_KINDS = { 'Reviews/24-017-ПЗ.pdf': 'ПЗ', 'Reviews/24-017-АР.pdf': 'АР', '24-017-КР.pdf': 'КР' } as const;
export const SET_ADDRESS = 'г. Казань, ул. Чистопольская, д. 20';

export interface Cabinet {
  server: TestServer;
  /** The site root, where the cabinet is served (the API's base without /api/v1). */
  origin: string;
  org: CreatedOrg;
  api: Client;
  /** Paths of the set's files: the archive and the separate PDF, in upload order. */
  files: string[];
  stop(): Promise<void>;
}

export async function startCabinet(org: Record<string, string | number> = {}): Promise<Cabinet> {
  const server = await startServer();
  const dir = await mkdtemp(join(tmpdir(), 'drs-cabinet-'));
  try {
    const created = await server.createOrg({ checks: 5, name: 'ООО «Проектное бюро»', ...org });
    const [pz, ar, kr] = await Promise.all([makePdf(PZ), makePdf(AR), makePdf(KR)]);
    const files = [join(dir, 'Том-1-2.zip'), join(dir, '24-017-КР.pdf')];
    await writeFile(
      files[0]!,
      await makeZip([
        { name: 'Reviews/24-017-ПЗ.pdf', content: pz },
        { name: 'Reviews/24-017-АР.pdf', content: ar },
      ]),
    );
    await writeFile(files[1]!, kr);
    return {
      server,
      origin: server.baseUrl.replace('/api/v1', ''),
      org: created,
      api: new Client(server.baseUrl, created.api_key),
      files,
      async stop() {
        await server.stop();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}
