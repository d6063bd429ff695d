/**
 * Crafted hostile requests, each expected to be refused with a 4xx in the envelope (never a 5xx, never a
 * hang), unless the contract gives the input a meaning (`expect`).
 */
import type { InjectOptions } from 'fastify';
import { multipartBody } from './harness.ts';

export interface Crafted {
  name: string;
  request: (auth: Record<string, string>) => InjectOptions;
  /** A status other than a 4xx error the contract defines for this input. */
  expect?: number;
}

const mp = (boundary = 'b0') => ({ 'content-type': `multipart/form-data; boundary=${boundary}` });
const json = { 'content-type': 'application/json' };
const file = { name: 'files', filename: 'a.pdf', content: '%PDF-1.4\n%%EOF\n' };

export const CORPUS: Crafted[] = [
  {
    name: 'multipart without boundary',
    request: (a) => ({ method: 'POST', url: '/api/v1/runs', headers: { ...a, 'content-type': 'multipart/form-data' }, payload: multipartBody('b0', [file]) }),
  },
  {
    name: 'multipart cut inside a file',
    request: (a) => ({ method: 'POST', url: '/api/v1/runs', headers: { ...a, ...mp() }, payload: multipartBody('b0', [file], false) }),
  },
  { name: 'multipart with an empty body', request: (a) => ({ method: 'POST', url: '/api/v1/runs', headers: { ...a, ...mp() }, payload: '' }) },
  { name: 'multipart with garbage', request: (a) => ({ method: 'POST', url: '/api/v1/runs', headers: { ...a, ...mp() }, payload: '\u0000\u0001garbage--b0' }) },
  {
    name: 'multipart with a 70-character boundary of quotes',
    request: (a) => ({
      method: 'POST',
      url: '/api/v1/runs',
      headers: { ...a, 'content-type': `multipart/form-data; boundary="${'"'.repeat(70)}"` },
      payload: 'x',
    }),
  },
  {
    name: 'a part without Content-Disposition',
    request: (a) => ({ method: 'POST', url: '/api/v1/runs', headers: { ...a, ...mp() }, payload: '--b0\r\nContent-Type: text/plain\r\n\r\nx\r\n--b0--\r\n' }),
  },
  {
    name: 'a part header of 100 KB',
    request: (a) => ({
      method: 'POST',
      url: '/api/v1/runs',
      headers: { ...a, ...mp() },
      payload: `--b0\r\nContent-Disposition: form-data; name="${'n'.repeat(100_000)}"\r\n\r\nx\r\n--b0--\r\n`,
    }),
  },
  {
    name: 'a field named __proto__',
    request: (a) => ({
      method: 'POST',
      url: '/api/v1/runs',
      headers: { ...a, ...mp() },
      payload: multipartBody('b0', [file, { name: '__proto__', content: 'x' }]),
    }),
  },
  {
    name: 'more than 64 fields',
    request: (a) => ({
      method: 'POST',
      url: '/api/v1/runs',
      headers: { ...a, ...mp() },
      payload: multipartBody('b0', [file, ...Array.from({ length: 80 }, (_, i) => ({ name: `f${i}`, content: 'x' }))]),
    }),
  },
  {
    name: 'a file name of dots and slashes',
    request: (a) => ({
      method: 'POST',
      url: '/api/v1/runs',
      headers: { ...a, ...mp() },
      payload: multipartBody('b0', [
        { ...file, filename: '../../..' },
        { name: 'kinds', content: '{"../../..":"КР"}' },
      ]),
    }),
  },
  {
    name: 'kinds nested 10,000 deep',
    request: (a) => ({
      method: 'POST',
      url: '/api/v1/runs',
      headers: { ...a, ...mp() },
      payload: multipartBody('b0', [file, { name: 'kinds', content: '['.repeat(10_000) }]),
    }),
  },
  {
    name: 'roles as a JSON string',
    request: (a) => ({
      method: 'POST',
      url: '/api/v1/runs',
      headers: { ...a, ...mp() },
      payload: multipartBody('b0', [file, { name: 'roles', content: '"context"' }]),
    }),
  },
  {
    name: 'object_address with NUL',
    request: (a) => ({
      method: 'POST',
      url: '/api/v1/runs',
      headers: { ...a, ...mp() },
      payload: multipartBody('b0', [file, { name: 'object_address', content: 'a\u0000b' }]),
    }),
  },
  {
    name: 'bundle_id of 10 KB',
    request: (a) => ({
      method: 'POST',
      url: '/api/v1/runs',
      headers: { ...a, ...mp() },
      payload: multipartBody('b0', [file, { name: 'bundle_id', content: 'b'.repeat(10_000) }]),
    }),
  },
  {
    name: 'JSON nested 100,000 deep',
    request: (a) => ({ method: 'POST', url: '/api/v1/bundles', headers: { ...a, ...json }, payload: `{"label":${'['.repeat(100_000)}` }),
  },
  {
    name: 'JSON with a constructor.prototype',
    request: (a) => ({ method: 'POST', url: '/api/v1/bundles', headers: { ...a, ...json }, payload: '{"label":"x","constructor":{"prototype":{"y":1}}}' }),
  },
  {
    name: 'JSON with a lone surrogate',
    request: (a) => ({ method: 'POST', url: '/api/v1/bundles', headers: { ...a, ...json }, payload: '{"label":"\\udc00"}' }),
  },
  {
    name: 'JSON of invalid UTF-8',
    request: (a) => ({ method: 'POST', url: '/api/v1/bundles', headers: { ...a, ...json }, payload: Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x7d]) }),
  },
  {
    name: 'JSON body over 1 MiB',
    request: (a) => ({ method: 'POST', url: '/api/v1/bundles', headers: { ...a, ...json }, payload: `{"label":"${'x'.repeat(1_100_000)}"}` }),
  },
  { name: 'JSON array as body', request: (a) => ({ method: 'POST', url: '/api/v1/bundles', headers: { ...a, ...json }, payload: '[1,2,3]' }) },
  { name: 'JSON null as body', request: (a) => ({ method: 'POST', url: '/api/v1/bundles', headers: { ...a, ...json }, payload: 'null' }) },
  {
    name: 'form-urlencoded to a JSON endpoint',
    request: (a) => ({ method: 'POST', url: '/api/v1/bundles', headers: { ...a, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'label=x' }),
  },
  {
    name: 'a decision with version 1e308',
    request: (a) => ({
      method: 'POST',
      url: '/api/v1/runs/00000000-0000-0000-0000-000000000000/feedback',
      headers: { ...a, ...json },
      payload: '{"snapshot":"s","finding_id":"f","decision":"accepted","reason":"r","version":1e308,"request_key":"k"}',
    }),
  },
  { name: 'limit as an array', request: (a) => ({ method: 'GET', url: '/api/v1/runs?limit=1&limit=2', headers: a }) },
  { name: 'limit of 400 digits', request: (a) => ({ method: 'GET', url: `/api/v1/runs?limit=${'9'.repeat(400)}`, headers: a }), expect: 200 }, // out of range: the nearest bound
  { name: 'days negative and fractional', request: (a) => ({ method: 'GET', url: '/api/v1/usage?days=-1.5', headers: a }) },
  { name: 'a query with %00', request: (a) => ({ method: 'GET', url: '/api/v1/memory?status=%00', headers: a }) },
  { name: 'a broken percent escape in the path', request: (a) => ({ method: 'GET', url: '/api/v1/runs/%E0%A4%A', headers: a }) },
  { name: 'a 5,000-character id', request: (a) => ({ method: 'GET', url: `/api/v1/runs/${'a'.repeat(5000)}`, headers: a }) },
  {
    name: 'a report section of 10 KB',
    request: (a) => ({ method: 'GET', url: `/api/v1/runs/00000000-0000-0000-0000-000000000000/report.pdf?section=${'%D0%9A'.repeat(3000)}`, headers: a }),
  },
  {
    name: 'an Idempotency-Key of controls',
    request: (a) => ({
      method: 'POST',
      url: '/api/v1/runs',
      headers: { ...a, ...mp(), 'idempotency-key': '\u0001\u0002' },
      payload: multipartBody('b0', [file]),
    }),
  },
  { name: 'a Bearer key of 8 KB', request: () => ({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${'k'.repeat(8000)}` } }) },
  { name: 'an unknown method', request: (a) => ({ method: 'PROPFIND' as 'GET', url: '/api/v1/runs', headers: a }) },
];
