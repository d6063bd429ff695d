import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { startApp, type InProcessServer } from '../helpers/app.ts';
import { Client, form, type ApiResponse } from '../helpers/client.ts';
import { makeSimplePdf } from '../helpers/fixtures.ts';
import { insertResult, insertRun } from '../helpers/rows.ts';
import { makeResultWithContentMap } from '../report/fixture.ts';

const Ajv2020 = Ajv2020Module as unknown as typeof Ajv2020Module.default;
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

/** Every path of the contract, relative to {base_url}. */
const CONTRACT_PATHS: [string, string][] = [
  ['get', '/health'],
  ['get', '/version'],
  ['get', '/docset'],
  ['get', '/features'],
  ['get', '/me'],
  ['get', '/limits'],
  ['get', '/key'],
  ['get', '/subscription'],
  ['get', '/usage'],
  ['post', '/runs'],
  ['get', '/runs'],
  ['get', '/runs/{run_id}'],
  ['post', '/runs/{run_id}/cancel'],
  ['get', '/runs/{run_id}/findings'],
  ['get', '/runs/{run_id}/report'],
  ['get', '/runs/{run_id}/report.pdf'],
  ['get', '/runs/{run_id}/report.zip'],
  ['delete', '/runs/{run_id}/documents'],
  ['post', '/imports/preview'],
  ['get', '/bundles'],
  ['post', '/bundles'],
  ['post', '/bundles/{bundle_id}/label'],
  ['get', '/runs/{run_id}/feedback'],
  ['post', '/runs/{run_id}/feedback'],
  ['get', '/memory'],
  ['post', '/memory'],
  ['post', '/memory/{note_id}/revoke'],
  ['get', '/webhooks/deliveries'],
  ['post', '/session/entry'],
];

describe('openapi.json', () => {
  let server: InProcessServer;
  let doc: any;
  let api: Client;
  let org: { tenant_id: string; key_id: string };
  let ajv: InstanceType<typeof Ajv2020>;

  before(async () => {
    server = await startApp();
    const created = await server.createOrg({ checks: 2 });
    org = created;
    api = new Client(server.baseUrl, created.api_key);
    const r = await new Client(server.baseUrl, null).get('/openapi.json');
    assert.equal(r.status, 200);
    doc = r.json;
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: 'openapi', components: doc.components }, 'openapi');
  });
  after(() => server.stop());

  /** Validates a real response against the documented schema of (method, path, status). */
  function assertMatches(method: string, path: string, r: ApiResponse): void {
    const op = doc.paths[path]?.[method];
    assert.ok(op, `${method} ${path} is documented`);
    const schema = op.responses?.[String(r.status)]?.content?.['application/json']?.schema;
    assert.ok(schema, `${method} ${path} documents status ${r.status}`);
    const rewritten = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/'));
    const validate = ajv.compile(rewritten);
    assert.ok(validate(r.json), `${method} ${path} ${r.status}: ${ajv.errorsText(validate.errors)}`);
  }

  test('is OpenAPI 3.1 with Russian descriptions and every path of the contract', () => {
    assert.match(doc.openapi, /^3\.1/);
    for (const [method, path] of CONTRACT_PATHS) {
      const op = doc.paths[path]?.[method];
      assert.ok(op, `missing ${method.toUpperCase()} ${path}`);
      assert.match(`${op.summary ?? ''} ${op.description ?? ''}`, /[а-яё]/i, `${method} ${path} is described in Russian`);
    }
    const upload = doc.paths['/runs'].post.requestBody.content['multipart/form-data'].schema;
    assert.ok(upload.properties.files && upload.properties.roles && upload.properties.bundle_id);
  });

  test('real responses match their documented schemas', async () => {
    for (const path of ['/health', '/version', '/docset', '/features', '/me', '/limits', '/key', '/subscription', '/usage?days=3', '/runs?limit=5']) {
      const r = await api.get(path);
      assertMatches('get', path.split('?')[0]!, r);
    }
    const created = await api.postForm('/runs', form([{ name: 'a.pdf', content: await makeSimplePdf(1) }]));
    assertMatches('post', '/runs', created);
    assertMatches('get', '/runs/{run_id}', await api.get(`/runs/${created.json.run_id}`));
    assertMatches('post', '/runs/{run_id}/cancel', await api.post(`/runs/${created.json.run_id}/cancel`));
    assertMatches('get', '/runs/{run_id}', await api.get('/runs/3f0c2a8e-5b1d-4c7e-9a6f-1e2d3c4b5a69'));
    assertMatches('get', '/me', await new Client(server.baseUrl, 'drs_wrong').get('/me'));
  });

  test('a result with a content map matches the documented findings schema and serves the map as stored', async () => {
    const runId = await insertRun(server.store.db, { tenantId: org.tenant_id, keyId: org.key_id });
    const result = makeResultWithContentMap(6);
    const keys = { reportMdKey: 'md', reportPdfKey: null, sectionPdfKeys: {}, themePdfKeys: {}, reportZipKey: null };
    await insertResult(server.store.db, { runId, tenantId: org.tenant_id }, result, keys);
    const r = await api.get(`/runs/${runId}/findings`);
    assert.equal(r.status, 200, r.text);
    assertMatches('get', '/runs/{run_id}/findings', r);
    assert.deepEqual(r.json.content_map, result.content_map, 'every field through the serializer, nulls and the page label kept');
    const schema = doc.paths['/runs/{run_id}/findings'].get.responses['200'].content['application/json'].schema;
    const resolved = schema.$ref ? doc.components.schemas[schema.$ref.split('/').pop()] : schema;
    assert.match(resolved.properties.content_map.description, /Карта содержания томов/);

    // a map the schema does not describe fails the check: the test can tell
    const broken = structuredClone(r.json);
    broken.content_map[0].items[0].status = 'missing';
    const validate = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/')));
    assert.equal(validate(broken), false);
  });
});
