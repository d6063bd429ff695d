/**
 * Regenerates src/generated/openapi.ts.
 *   node --import tsx scripts/generate-types.ts                 # starts the service from this repository
 *   node --import tsx scripts/generate-types.ts --from URL|FILE # reads a served or saved openapi.json
 */
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { GENERATED_PATH, typesFromOpenApi } from './openapi-types.ts';

async function servedDocument(): Promise<object> {
  // The repository's own test harness starts the real program with a throw-away data directory.
  const { startServer } = await import('../../test/helpers/server.ts');
  const server = await startServer({ args: ['--no-worker'] });
  try {
    const r = await fetch(`${server.baseUrl}/openapi.json`);
    if (!r.ok) throw new Error(`openapi.json: HTTP ${r.status}`);
    return (await r.json()) as object;
  } finally {
    await server.stop();
  }
}

async function documentFrom(source: string): Promise<object> {
  if (/^https?:\/\//.test(source)) {
    const r = await fetch(source);
    if (!r.ok) throw new Error(`${source}: HTTP ${r.status}`);
    return (await r.json()) as object;
  }
  return JSON.parse(await readFile(source, 'utf8')) as object;
}

const { values } = parseArgs({ options: { from: { type: 'string' } }, strict: true });
const doc = values.from ? await documentFrom(values.from) : await servedDocument();
await writeFile(GENERATED_PATH, await typesFromOpenApi(doc));
console.log(`written ${GENERATED_PATH.pathname}`);
