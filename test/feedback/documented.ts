/** Checks real responses against the schemas published in openapi.json (the contract the clients read). */
import assert from 'node:assert/strict';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { Client, type ApiResponse } from '../helpers/client.ts';

const Ajv2020 = Ajv2020Module as unknown as typeof Ajv2020Module.default;
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

export type AssertDocumented = (method: string, path: string, r: ApiResponse) => void;

/** Loads openapi.json of a server and returns an assertion: (method, documented path, response) matches. */
export async function documentedBy(baseUrl: string): Promise<AssertDocumented> {
  const doc = (await new Client(baseUrl, null).get('/openapi.json')).json;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'openapi', components: doc.components }, 'openapi');
  return (method, path, r) => {
    const schema = doc.paths[path]?.[method]?.responses?.[String(r.status)]?.content?.['application/json']?.schema;
    assert.ok(schema, `${method} ${path} documents ${r.status}`);
    const validate = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/')));
    assert.ok(validate(r.json), `${method} ${path} ${r.status}: ${ajv.errorsText(validate.errors)}`);
  };
}
