/**
 * The application in-process (startApp, not listening) with one organization and its key: hostile requests go
 * through app.inject, with no socket in between, unless a test needs a real connection (app.listen()).
 */
import { pino } from 'pino';
import { startApp } from '../helpers/app.ts';
import type { App } from '../../src/http/app-instance.ts';
import type { Config } from '../../src/config.ts';
import type { TestStore } from '../helpers/test-store.ts';
import { addTenant } from '../helpers/rows.ts';

export interface Harness {
  app: App;
  store: TestStore;
  config: Config;
  dataDir: string;
  tenantId: string;
  auth: { authorization: string };
  dispose(): Promise<void>;
}

export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const service = await startApp({ env, listen: false, log: pino({ level: process.env.HARNESS_LOG ?? 'silent' }) });
  const { tenantId, auth } = await addTenant(service.store.db, { name: 'ООО «Проверка на прочность»', checks: 1000 });
  return { app: service.app, store: service.store, config: service.config, dataDir: service.dataDir, tenantId, auth, dispose: service.stop };
}

/** A multipart body by hand, so that broken ones (no boundary, cut short, odd headers) can be sent too. */
export function multipartBody(boundary: string, parts: { name: string; filename?: string; content: string | Buffer }[], close = true): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const type = p.filename !== undefined ? 'Content-Type: application/octet-stream\r\n' : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(typeof p.content === 'string' ? Buffer.from(p.content) : p.content);
    chunks.push(Buffer.from('\r\n'));
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** Asserts the shape every error must have: a 4xx status and the contract's envelope. */
/** POST /runs in process with a multipart body of the given parts. */
export function uploadRun(h: Harness, parts: Parameters<typeof multipartBody>[1]) {
  return h.app.inject({
    method: 'POST',
    url: '/api/v1/runs',
    headers: { ...h.auth, 'content-type': 'multipart/form-data; boundary=b0undary' },
    payload: multipartBody('b0undary', parts),
  });
}

export function envelopeOf(status: number, body: string): { error: string; message: string; file?: string } {
  if (status < 400 || status >= 500) throw new Error(`expected a 4xx, got ${status}: ${body.slice(0, 300)}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new Error(`error body is not JSON (${status}): ${body.slice(0, 300)}`);
  }
  const detail = (parsed as { detail?: { error?: unknown; message?: unknown } }).detail;
  if (!detail || typeof detail.error !== 'string' || typeof detail.message !== 'string') {
    throw new Error(`error body is not in the envelope (${status}): ${body.slice(0, 300)}`);
  }
  return detail as { error: string; message: string; file?: string };
}
